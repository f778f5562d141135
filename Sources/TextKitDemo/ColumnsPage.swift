import Foundation
import OpenTextKit

/// The seeds' multi-column view: one text storage and one layout manager, three text containers,
/// a text view on each; the Constitution's text flows from column to column as you type.
@MainActor
final class ColumnsPage: UIView {
    let storage = NSTextStorage()
    let layoutManager = NSLayoutManager()
    var columns: [UITextView] = []

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .white
        storage.addLayoutManager(layoutManager)
        for _ in 0..<3 {
            let container = NSTextContainer(size: CGSize(width: 200, height: 300))
            layoutManager.addTextContainer(container)
            let column = UITextView(frame: .zero, textContainer: container)
            column.textContainerInset = UIEdgeInsets(top: 8, left: 4, bottom: 8, right: 4)
            column.isScrollEnabled = false
            columns.append(column)
            addSubview(column)
        }
        storage.setAttributedString(ConstitutionText.attributed(size: 12))
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let gap: CGFloat = 16
        let width = (bounds.width - gap * 4) / 3
        for (i, column) in columns.enumerated() {
            column.frame = CGRect(x: gap + CGFloat(i) * (width + gap), y: gap, width: width, height: bounds.height - 2 * gap)
            column.textContainer.size = CGSize(width: width - 8, height: bounds.height - 2 * gap - 16)
        }
        setNeedsDisplay()
    }

    override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.setStrokeColor(UIColor.systemGray)
        context.setLineWidth(1)
        for column in columns { context.stroke(column.frame) }
    }
}
