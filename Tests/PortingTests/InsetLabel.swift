import Foundation
import OpenTextKit

// The padded label most iOS apps carry: the insets are applied where the text is drawn and
// added to the label's measurements.
class InsetLabel: UILabel {
    var contentInsets = UIEdgeInsets(top: 4, left: 8, bottom: 4, right: 8) {
        didSet {
            invalidateIntrinsicContentSize()
            setNeedsDisplay()
        }
    }

    override func drawText(in rect: CGRect) {
        super.drawText(in: rect.inset(by: contentInsets))
    }

    override var intrinsicContentSize: CGSize {
        let size = super.intrinsicContentSize
        return CGSize(width: size.width + contentInsets.left + contentInsets.right,
                      height: size.height + contentInsets.top + contentInsets.bottom)
    }

    override func sizeThatFits(_ size: CGSize) -> CGSize {
        let inner = CGSize(width: max(0, size.width - contentInsets.left - contentInsets.right),
                           height: max(0, size.height - contentInsets.top - contentInsets.bottom))
        let fitted = super.sizeThatFits(inner)
        return CGSize(width: fitted.width + contentInsets.left + contentInsets.right,
                      height: fitted.height + contentInsets.top + contentInsets.bottom)
    }
}
