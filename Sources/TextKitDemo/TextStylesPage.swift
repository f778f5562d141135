import Foundation
import OpenTextKit

/// The seeds' "Text styles" demo: Dynamic Type. A slider over the content-size categories sets
/// `UIContentSizeCategory.preferred`; the text view, styled with `preferredFont(forTextStyle:)`,
/// is styled again when the category changes (as an app does on the change notification).
@MainActor
final class TextStylesPage: UIView {
    let slider = StopSlider(frame: CGRect(x: 16, y: 12, width: 480, height: 36), stops: UIContentSizeCategory.allCategories.count)
    let caption = UILabel(frame: CGRect(x: 512, y: 12, width: 200, height: 36))
    let textView = UITextView(frame: .zero)
    nonisolated(unsafe) private var observer: (any NSObjectProtocol)?

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .white
        textView.isEditable = false
        textView.textContainerInset = UIEdgeInsets(top: 8, left: 12, bottom: 8, right: 12)
        caption.font = UIFont.systemFont(ofSize: 13)
        slider.onChange = { UIContentSizeCategory.preferred = UIContentSizeCategory.allCategories[$0] }
        slider.value = UIContentSizeCategory.allCategories.firstIndex(of: UIContentSizeCategory.preferred) ?? 3
        observer = NotificationCenter.default.addObserver(forName: UIContentSizeCategory.didChangeNotification,
                                                          object: nil, queue: nil) { [weak self] _ in
            MainActor.assumeIsolated { self?.restyle() }
        }
        addSubview(slider)
        addSubview(caption)
        addSubview(textView)
        restyle()
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    deinit {
        if let observer { NotificationCenter.default.removeObserver(observer) }
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        textView.frame = CGRect(x: 0, y: 60, width: bounds.width, height: max(bounds.height - 60, 0))
    }

    /// The text again, each line in its style's font at the preferred category.
    func restyle() {
        let category = UIContentSizeCategory.preferred
        caption.text = category.rawValue.replacingOccurrences(of: "UICTContentSizeCategory", with: "")
        let text = NSMutableAttributedString()
        for style in UIFont.TextStyle.allStyles {
            let name = style.rawValue.replacingOccurrences(of: "UICTFontTextStyle", with: "")
            text.append(NSAttributedString(string: "\(name): the quick brown fox\n",
                                           attributes: [.font: UIFont.preferredFont(forTextStyle: style)]))
        }
        textView.attributedText = text
        setNeedsDisplay()
    }
}
