import Foundation
import OpenTextKit
import TextKitGTK

/// The seeds' "Text styles" demo: Dynamic Type. A slider over the content-size categories sets
/// `UIContentSizeCategory.preferred`; the text view, styled with `preferredFont(forTextStyle:)`,
/// is styled again when the category changes (as an app does on the change notification).
@MainActor
final class TextStylesPage: UIView {
    let slider = CategorySlider(frame: CGRect(x: 16, y: 12, width: 480, height: 36))
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

/// A horizontal slider with one stop per content-size category, dragged with the mouse.
@MainActor
final class CategorySlider: UIView, PointerInteractive {
    var value = 3 { didSet { setNeedsDisplay() } }
    var onChange: (Int) -> Void = { _ in }
    private var stops: Int { UIContentSizeCategory.allCategories.count }

    private func x(of stop: Int) -> CGFloat { 12 + (bounds.width - 24) * CGFloat(stop) / CGFloat(stops - 1) }

    override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.setFillColor(UIColor.systemGray)
        context.fill(CGRect(x: 12, y: bounds.midY - 1, width: bounds.width - 24, height: 2))
        for stop in 0..<stops { context.fill(CGRect(x: x(of: stop) - 1, y: bounds.midY - 5, width: 2, height: 10)) }
        context.setFillColor(UIColor.systemBlue)
        context.fillEllipse(in: CGRect(x: x(of: value) - 9, y: bounds.midY - 9, width: 18, height: 18))
    }

    func pointerPressed(at point: CGPoint, clickCount: Int) -> Bool {
        move(to: point)
        return true
    }

    func pointerDragged(to point: CGPoint) { move(to: point) }

    private func move(to point: CGPoint) {
        let fraction = (point.x - 12) / max(bounds.width - 24, 1)
        let stop = min(max(Int((fraction * CGFloat(stops - 1)).rounded()), 0), stops - 1)
        guard stop != value else { return }
        value = stop
        onChange(stop)
    }
}
