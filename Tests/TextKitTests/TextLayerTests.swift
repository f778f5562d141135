import Testing
@testable import TextKit
import TextKitFonts
import TextKitGraphics
import TextKitModel

@Suite("CATextLayer")
struct TextLayerTests {
    typealias H = DrawingHarness

    static func render(_ layer: CATextLayer) -> CGContext.Recording {
        let context = CGContext(recordingSize: CGSize(width: 800, height: 600))
        layer.render(in: context)
        return context.recording!
    }

    static func baselines(_ recording: CGContext.Recording) -> [CGFloat] {
        Array(Set(recording.glyphRuns.flatMap { $0.positions.map(\.y) })).sorted()
    }

    @Test("A plain string draws in the layer's font, size and colour (white 36 pt by default) from the bounds' top-left")
    func plainString() throws {
        let layer = CATextLayer()
        layer.string = "Layer"
        layer.bounds = CGRect(x: 0, y: 0, width: 300, height: 100)
        var run = try #require(Self.render(layer).glyphRuns.first)
        #expect(run.text == "Layer" && run.fontSize == 36 && run.color == .white)
        layer.font = H.serif(10)
        layer.fontSize = 18
        layer.foregroundColor = UIColor.red.cgColor
        run = try #require(Self.render(layer).glyphRuns.first)
        #expect(run.fontSize == 18 && run.color == .red)
        #expect(abs(run.positions[0].y - H.serif(18).ascender) < 1e-9 && run.positions[0].x == 0)
        layer.font = "DejaVu Sans Mono"
        run = try #require(Self.render(layer).glyphRuns.first)
        #expect(run.font.postScriptName?.contains("Mono") == true)
    }

    @Test("Unwrapped text is one line per paragraph, clipped to the bounds, or truncated at the start, middle or end")
    func truncation() throws {
        let layer = CATextLayer()
        layer.string = "A sentence much too long for this narrow layer\nSecond"
        layer.fontSize = 14
        layer.foregroundColor = CGColor.black
        layer.bounds = CGRect(x: 0, y: 0, width: 150, height: 200)
        let clipped = Self.render(layer)
        #expect(Self.baselines(clipped).count == 2)
        #expect(clipped.glyphRuns.allSatisfy { $0.state.clipBoundingBox == layer.bounds })
        #expect(!clipped.text.contains("\u{2026}"))
        layer.truncationMode = .end
        let end = Self.render(layer).text
        #expect(end.hasPrefix("A sentence") && end.contains("\u{2026}") && end.hasSuffix("Second"))
        layer.truncationMode = .start
        #expect(Self.render(layer).text.hasPrefix("\u{2026}"))
        layer.truncationMode = .middle
        let middle = Self.render(layer).text
        #expect(middle.hasPrefix("A ") && middle.contains("\u{2026}") && middle.contains("layer"))
    }

    @Test("Wrapped text wraps at the bounds' width; with truncation the last line that fits gets the ellipsis")
    func wrapping() throws {
        let layer = CATextLayer()
        layer.string = "Wrapped text flows over several lines in the layer's width until it runs out of room."
        layer.fontSize = 14
        layer.isWrapped = true
        layer.bounds = CGRect(x: 0, y: 0, width: 160, height: 500)
        let all = Self.render(layer)
        #expect(Self.baselines(all).count >= 4)
        #expect(all.text.hasSuffix("room."))
        let lineHeight = H.sans(14).lineHeight
        layer.bounds.size.height = lineHeight * 2.5
        layer.truncationMode = .end
        let cut = Self.render(layer)
        #expect(Self.baselines(cut).count == 2)
        #expect(cut.text.hasSuffix("\u{2026}"))
    }

    @Test("Alignment modes place lines in the bounds")
    func alignment() throws {
        let layer = CATextLayer()
        layer.string = "Hi"
        layer.fontSize = 20
        layer.bounds = CGRect(x: 0, y: 0, width: 200, height: 40)
        let width = layer.preferredFrameSize().width
        layer.alignmentMode = .center
        #expect(abs(try #require(Self.render(layer).glyphRuns.first).positions[0].x - (200 - width) / 2) < 0.01)
        layer.alignmentMode = .right
        #expect(abs(try #require(Self.render(layer).glyphRuns.first).positions[0].x - (200 - width)) < 0.01)
        layer.alignmentMode = .left
        #expect(try #require(Self.render(layer).glyphRuns.first).positions[0].x == 0)
    }

    @Test("An attributed string keeps its own attributes; the background fills the bounds")
    func attributedAndBackground() throws {
        let layer = CATextLayer()
        let text = NSMutableAttributedString(string: "blue ", attributes: [.font: H.serif(16), .foregroundColor: UIColor.blue])
        text.append(NSAttributedString(string: "under", attributes: [.font: H.serif(16), .underlineStyle: 1]))
        layer.string = text
        layer.foregroundColor = UIColor.red.cgColor
        layer.backgroundColor = UIColor.yellow.cgColor
        layer.bounds = CGRect(x: 10, y: 20, width: 200, height: 50)
        let recording = Self.render(layer)
        #expect(recording.fills(of: layer.bounds).first?.color == .yellow)
        #expect(recording.glyphRuns(in: .blue).first?.text == "blue ")
        #expect(recording.glyphRuns(in: .black).first?.text == "under")
        #expect(recording.strokes.count == 1)
        // Bounds with an origin: text starts at it.
        #expect(recording.glyphRuns.first?.positions[0].x == 10)
    }

    @Test("makeImage renders at contentsScale pixels per point")
    func image() throws {
        let layer = CATextLayer()
        layer.string = "██"
        layer.font = H.sans(10)
        layer.fontSize = 30
        layer.foregroundColor = UIColor.blue.cgColor
        layer.backgroundColor = UIColor.white.cgColor
        layer.bounds = CGRect(x: 0, y: 0, width: 80, height: 40)
        layer.contentsScale = 2
        let image = try #require(layer.makeImage())
        #expect(image.width == 160 && image.height == 80)
        let pixel = try #require(image.rgba(atX: 20, y: 40))
        #expect(pixel.b > 240 && pixel.r < 15)
        #expect(image.rgba(atX: 158, y: 78).map { $0.r > 240 && $0.g > 240 } == true)
    }
}
