import Foundation
import OpenTextKit
import TextKitGTK

/// A row of mutually exclusive options (a segmented control), chosen with a click.
@MainActor
final class ChoiceControl: UIView, PointerInteractive {
    let options: [String]
    var selectedIndex: Int { didSet { setNeedsDisplay() } }
    var onChange: (Int) -> Void = { _ in }
    private let font = UIFont.systemFont(ofSize: 12)

    init(frame: CGRect, options: [String], selectedIndex: Int = 0) {
        self.options = options
        self.selectedIndex = selectedIndex
        super.init(frame: frame)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    private var segmentWidth: CGFloat { bounds.width / CGFloat(max(options.count, 1)) }

    override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        for (i, title) in options.enumerated() {
            let segment = CGRect(x: CGFloat(i) * segmentWidth, y: 0, width: segmentWidth, height: bounds.height)
            let selected = i == selectedIndex
            context.setFillColor(selected ? UIColor.systemBlue : UIColor(white: 0.95, alpha: 1))
            context.fill(segment)
            context.setStrokeColor(UIColor.systemGray)
            context.setLineWidth(1)
            context.stroke(segment.insetBy(dx: 0.5, dy: 0.5))
            let attributes: [NSAttributedString.Key: Any] = [.font: font, .foregroundColor: selected ? UIColor.white : UIColor.black]
            let size = (title as NSString).size(withAttributes: attributes)
            (title as NSString).draw(at: CGPoint(x: segment.midX - size.width / 2, y: segment.midY - size.height / 2),
                                     withAttributes: attributes)
        }
    }

    func pointerPressed(at point: CGPoint, clickCount: Int) -> Bool {
        let index = min(max(Int(point.x / max(segmentWidth, 1)), 0), options.count - 1)
        if index != selectedIndex {
            selectedIndex = index
            onChange(index)
        }
        return true
    }

    func pointerDragged(to point: CGPoint) {}
}

/// A horizontal slider over a number of stops, dragged with the mouse.
@MainActor
final class StopSlider: UIView, PointerInteractive {
    let stops: Int
    var value: Int { didSet { setNeedsDisplay() } }
    var onChange: (Int) -> Void = { _ in }

    init(frame: CGRect, stops: Int, value: Int = 0) {
        self.stops = max(stops, 2)
        self.value = value
        super.init(frame: frame)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

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
