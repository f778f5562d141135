import Foundation
import OpenTextKit

/// The seeds' Core Text demo: a framesetter fills an ellipse; each line's typographic bounds are
/// outlined. Clicks on it are UIKit touches (the page is not a text view): the page counts the
/// touches it is sent, a tap and a double-tap recognizer count their gestures, and the page
/// reports the counts (what the window tests check of the GTK host's touch delivery).
@MainActor
final class CoreTextPage: UIView, ReportingPage {
    private var touchCounts: [String: Int] = [:]
    private var taps = 0, doubleTaps = 0
    private var lastTap = CGPoint.zero

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .white
        accessibilityLabel = "Core Text demo"
        let tap = UITapGestureRecognizer { [unowned self] recognizer in
            taps += 1
            lastTap = recognizer.location(in: self)
        }
        tap.cancelsTouchesInView = false
        let doubleTap = UITapGestureRecognizer { [unowned self] _ in doubleTaps += 1 }
        doubleTap.numberOfTapsRequired = 2
        addGestureRecognizer(tap)
        addGestureRecognizer(doubleTap)
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { touchCounts["began", default: 0] += 1 }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { touchCounts["moved", default: 0] += 1 }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { touchCounts["ended", default: 0] += 1 }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { touchCounts["cancelled", default: 0] += 1 }

    var report: [String: String] {
        ["touchesBegan": "\(touchCounts["began", default: 0])", "touchesEnded": "\(touchCounts["ended", default: 0])",
         "touchesCancelled": "\(touchCounts["cancelled", default: 0])", "taps": "\(taps)", "doubleTaps": "\(doubleTaps)",
         "lastTap": "\(Int(lastTap.x)),\(Int(lastTap.y))"]
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        let text = NSAttributedString(string: Array(repeating: "Core Text lays this text out inside an ellipse, line by line, "
                                                    + "with the same line loop as NSLayoutManager. ", count: 8).joined(),
                                      attributes: [.font: UIFont(name: "DejaVu Sans", size: 13) ?? UIFont.systemFont(ofSize: 13)])
        let area = bounds.insetBy(dx: 40, dy: 30)
        let framesetter = CTFramesetterCreateWithAttributedString(text)
        let path = CGMutablePath()
        path.addEllipse(in: CGRect(x: area.minX, y: bounds.height - area.maxY, width: area.width, height: area.height))
        let frame = CTFramesetterCreateFrame(framesetter, CFRange(location: 0, length: 0), path, nil)
        context.saveGState()
        context.translateBy(x: 0, y: bounds.height)   // Core Text is y-up
        context.scaleBy(x: 1, y: -1)
        context.setStrokeColor(UIColor.systemGray)
        context.addPath(path)
        context.strokePath()
        CTFrameDraw(frame, context)
        let lines = CTFrameGetLines(frame)
        var origins = [CGPoint](repeating: .zero, count: lines.count)
        CTFrameGetLineOrigins(frame, CFRange(location: 0, length: 0), &origins)
        context.setStrokeColor(UIColor(red: 1, green: 0.4, blue: 0, alpha: 0.6))
        context.setLineWidth(0.5)
        let box = path.boundingBox  // line origins are relative to the path's bounding box
        for (line, origin) in zip(lines, origins) {
            var ascent: CGFloat = 0, descent: CGFloat = 0, leading: CGFloat = 0
            let width = CTLineGetTypographicBounds(line, &ascent, &descent, &leading)
            context.stroke(CGRect(x: box.minX + origin.x, y: box.minY + origin.y - descent, width: width, height: ascent + descent))
        }
        context.restoreGState()
    }
}
