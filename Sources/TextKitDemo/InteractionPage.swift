import Foundation
import OpenTextKit
import TextKitGTK

/// The seeds' "Interaction" demo: a circle you drag is an exclusion path of the text container,
/// and the text reflows around it as it moves; links (detected in the text) are never broken
/// across lines (the seeds' layout delegate) and open on a click.
@MainActor
final class InteractionPage: UIView, NSLayoutManagerDelegate, ReportingPage {
    let textView = UITextView(frame: .zero)
    let circle = CircleHandle(frame: CGRect(x: 220, y: 90, width: 150, height: 150))

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .white
        textView.font = UIFont.systemFont(ofSize: 15)
        textView.isEditable = false
        textView.dataDetectorTypes = .link
        textView.layoutManager.delegate = self
        textView.textContainerInset = UIEdgeInsets(top: 12, left: 12, bottom: 12, right: 12)
        textView.text = Array(repeating: """
            Drag the circle: it is an exclusion path of the text container, and the text flows around \
            it wherever you put it. Links such as https://www.swift.org/documentation/ and \
            https://developer.apple.com/documentation/uikit/textkit are found by a data detector and \
            never broken across lines, by the layout delegate from Apple's TextKit sample. Click one.
            """, count: 3).joined(separator: "\n")
        textView.openLinkHandler = { print("open \($0.absoluteString)") }
        circle.onMove = { [weak self] in self?.updateExclusion() }
        addSubview(textView)
        addSubview(circle)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        textView.frame = bounds
        updateExclusion()
    }

    /// The circle, in the text container's coordinates, is the container's exclusion path.
    func updateExclusion() {
        let inView = convert(circle.frame, to: textView)
        let origin = textView.textContainerOrigin
        textView.textContainer.exclusionPaths = [UIBezierPath(ovalIn: inView.offsetBy(dx: -origin.x, dy: -origin.y))]
        textView.setNeedsDisplay()
        setNeedsDisplay()
    }

    /// The circle's place, and what the layout does around it: line fragments whose used rect
    /// reaches into the disc (none, when the text flows around it), and links broken across line
    /// fragments.
    var report: [String: String] {
        let layoutManager = textView.layoutManager
        let container = textView.textContainer
        let origin = textView.textContainerOrigin
        let disc = convert(circle.frame, to: textView)
        let centre = CGPoint(x: disc.midX, y: disc.midY), radius = disc.width / 2
        var fragments = 0, intersecting = 0
        var fragmentOfCharacter: [(range: NSRange, fragment: Int)] = []
        let glyphs = layoutManager.glyphRange(for: container)
        layoutManager.enumerateLineFragments(forGlyphRange: glyphs) { _, used, _, glyphRange, _ in
            let rect = used.offsetBy(dx: origin.x, dy: origin.y)
            // The point of the rect nearest the centre, inside the disc by more than half a point?
            let nearest = CGPoint(x: min(max(centre.x, rect.minX), rect.maxX), y: min(max(centre.y, rect.minY), rect.maxY))
            if rect.width > 0, hypot(nearest.x - centre.x, nearest.y - centre.y) < radius - 0.5 { intersecting += 1 }
            fragmentOfCharacter.append((layoutManager.characterRange(forGlyphRange: glyphRange, actualGlyphRange: nil), fragments))
            fragments += 1
        }
        // A link is broken when its first and last characters are in different line fragments
        // (on two lines, or on both sides of the circle).
        var broken = 0, links = 0
        let storage = textView.textStorage
        storage.enumerateAttribute(.link, in: NSRange(location: 0, length: storage.length)) { value, range, _ in
            guard value != nil else { return }
            links += 1
            let first = fragmentOfCharacter.first { NSLocationInRange(range.location, $0.range) }?.fragment
            let last = fragmentOfCharacter.first { NSLocationInRange(range.location + range.length - 1, $0.range) }?.fragment
            if first != last { broken += 1 }
        }
        return ["circle": "\(Int(circle.frame.minX)),\(Int(circle.frame.minY)),\(Int(circle.frame.width))",
                "lineFragments": "\(fragments)",
                "fragmentsIntersectingCircle": "\(intersecting)",
                "links": "\(links)",
                "linksBroken": "\(broken)"]
    }

    /// No line break inside a link (the seeds' delegate).
    nonisolated func layoutManager(_ layoutManager: NSLayoutManager, shouldBreakLineByWordBeforeCharacterAt charIndex: Int) -> Bool {
        guard let storage = layoutManager.textStorage, charIndex > 0, charIndex < storage.length else { return true }
        var range = NSRange(location: 0, length: 0)
        let link = storage.attribute(.link, at: charIndex, effectiveRange: &range)
        return link == nil || range.location == charIndex
    }
}

/// A translucent circle the mouse drags.
@MainActor
final class CircleHandle: UIView, PointerInteractive {
    var onMove: () -> Void = {}
    private var grab = CGPoint.zero

    override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.setFillColor(UIColor(red: 0.2, green: 0.5, blue: 1, alpha: 0.35))
        context.fillEllipse(in: bounds.insetBy(dx: 1, dy: 1))
        context.setStrokeColor(UIColor.systemBlue)
        context.setLineWidth(2)
        context.strokeEllipse(in: bounds.insetBy(dx: 1, dy: 1))
    }

    func pointerPressed(at point: CGPoint, clickCount: Int) -> Bool {
        // Only inside the circle itself, not its square's corners.
        let d = CGPoint(x: point.x - bounds.midX, y: point.y - bounds.midY)
        guard d.x * d.x + d.y * d.y <= bounds.width * bounds.width / 4 else { return false }
        grab = point
        return true
    }

    func pointerDragged(to point: CGPoint) {
        frame.origin = CGPoint(x: frame.minX + point.x - grab.x, y: frame.minY + point.y - grab.y)
        onMove()
    }
}
