import Foundation
import Testing
@testable import TextKitGraphics

@Suite("The recording backend")
struct RecordingTests {
    @Test("Glyph runs are recorded with font, size, page positions, text and colour")
    func glyphRuns() throws {
        let sans = try CGFont(url: TestFonts.dejaVuSans)
        let context = CGContext(recordingSize: CGSize(width: 200, height: 100))
        let recording = try #require(context.recording)
        context.translateBy(x: 100, y: 0)
        context.setFont(sans)
        context.setFontSize(14)
        context.setFillColor(UIColor.red)
        let run = simpleRun("Hello", font: sans, size: 14, at: CGPoint(x: 10, y: 20))
        context.showGlyphs(run.glyphs, at: run.positions, text: "Hello", clusters: scalarClusters("Hello"))
        context.setFillColor(UIColor.blue)
        context.showGlyphs([sans.glyph(for: "!")], at: [CGPoint(x: 60, y: 20)])

        #expect(recording.glyphRuns.count == 2)
        let first = try #require(recording.glyphRuns.first)
        #expect(first.font === sans)
        #expect(first.fontSize == 14)
        #expect(first.glyphs == run.glyphs)
        #expect(first.positions.first == CGPoint(x: 110, y: 20))   // the CTM applied
        #expect(first.text == "Hello")
        #expect(first.color == .red)
        #expect(first.state.ctm == CGAffineTransform(translationX: 100, y: 0))
        #expect(recording.glyphRuns[1].text == nil && recording.glyphRuns[1].color == .blue)
        #expect(recording.text == "Hello")
        #expect(recording.glyphRuns(containing: "ell").count == 1)
        #expect(recording.glyphRuns(in: .blue).count == 1)
    }

    @Test("Fills and strokes are recorded in page coordinates with their colours and line style")
    func fillsAndStrokes() throws {
        let context = CGContext(recordingSize: CGSize(width: 200, height: 100))
        let recording = try #require(context.recording)
        context.setFillColor(UIColor.green)
        context.fill(CGRect(x: 0, y: 0, width: 50, height: 10))
        context.scaleBy(x: 2, y: 2)
        context.fillEllipse(in: CGRect(x: 10, y: 10, width: 10, height: 10))
        context.setStrokeColor(UIColor.orange)
        context.setLineWidth(3)
        context.setLineDash(phase: 1, lengths: [4, 2])
        context.move(to: CGPoint(x: 0, y: 0))
        context.addLine(to: CGPoint(x: 10, y: 0))
        context.strokePath()

        #expect(recording.fills.count == 2)
        #expect(recording.fills[0].rect == CGRect(x: 0, y: 0, width: 50, height: 10))
        #expect(recording.fills[1].rect == nil)
        #expect(recording.fills[1].bounds == CGRect(x: 20, y: 20, width: 20, height: 20))
        #expect(recording.fills(in: .green).count == 2)
        #expect(recording.fills(of: CGRect(x: 0, y: 0, width: 50, height: 10)).count == 1)
        let stroke = try #require(recording.strokes.first)
        #expect(stroke.color == .orange && stroke.lineWidth == 3)
        #expect(stroke.lineDash == [4, 2] && stroke.lineDashPhase == 1)
        #expect(stroke.bounds == CGRect(x: 0, y: 0, width: 20, height: 0))
    }

    @Test("Clip, shadow, alpha and blend mode are part of each operation's state")
    func drawState() throws {
        let context = CGContext(recordingSize: CGSize(width: 100, height: 100))
        let recording = try #require(context.recording)
        context.saveGState()
        context.clip(to: CGRect(x: 10, y: 10, width: 30, height: 30))
        context.setShadow(offset: CGSize(width: 2, height: 3), blur: 4, color: UIColor.black)
        context.setAlpha(0.5)
        context.setBlendMode(.multiply)
        context.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        context.restoreGState()
        context.fill(CGRect(x: 0, y: 0, width: 20, height: 20))

        let clipped = recording.fills[0].state, plain = recording.fills[1].state
        #expect(clipped.clipBoundingBox == CGRect(x: 10, y: 10, width: 30, height: 30))
        #expect(clipped.shadow == CGShadow(offset: CGSize(width: 2, height: 3), blur: 4, color: .black))
        #expect(clipped.alpha == 0.5 && clipped.blendMode == .multiply)
        #expect(plain.clipBoundingBox == nil && plain.shadow == nil && plain.alpha == 1 && plain.blendMode == .normal)
    }

    @Test("Images, links and pages are recorded")
    func imagesLinksPages() throws {
        let context = CGContext(recordingSize: CGSize(width: 100, height: 100))
        let recording = try #require(context.recording)
        let pixel = try #require(CGImage(width: 1, height: 1, rgbaBytes: [1, 2, 3, 255]))
        context.beginPDFPage(nil)
        context.translateBy(x: 5, y: 5)
        context.draw(pixel, in: CGRect(x: 0, y: 0, width: 10, height: 10))
        UIGraphicsPushContext(context)
        UIImage(cgImage: pixel).draw(at: CGPoint(x: 20, y: 20))
        UIGraphicsPopContext()
        context.setURL(URL(string: "https://example.com")!, for: CGRect(x: 0, y: 0, width: 30, height: 10))
        context.endPDFPage()

        #expect(recording.images.count == 2)
        #expect(recording.images[0].rect == CGRect(x: 5, y: 5, width: 10, height: 10))
        #expect(!recording.images[0].isUpright && recording.images[1].isUpright)
        #expect(recording.images[1].rect == CGRect(x: 25, y: 25, width: 1, height: 1))
        #expect(recording.links.first?.url == URL(string: "https://example.com"))
        #expect(recording.links.first?.rect == CGRect(x: 5, y: 5, width: 30, height: 10))
        guard case .beginPage(let box) = recording.operations.first, case .endPage = recording.operations.last else {
            Issue.record("pages not recorded: \(recording.operations)")
            return
        }
        #expect(box == CGRect(x: 0, y: 0, width: 100, height: 100))
        recording.removeAll()
        #expect(recording.operations.isEmpty)
    }

    @Test("Other backends have no recording")
    func noRecording() throws {
        #expect(try CGContext(imageSize: CGSize(width: 1, height: 1)).recording == nil)
    }
}

@Suite("Ported Core Graphics spellings")
struct PortedSpellingTests {
    @Test("setFillColor(.black) and setShadow(…, color: nil) compile and mean Core Graphics' colours")
    func overloads() throws {
        let context = CGContext(recordingSize: CGSize(width: 10, height: 10))
        context.setFillColor(.white)
        context.setStrokeColor(UIColor.red.cgColor)
        context.setShadow(offset: .zero, blur: 1, color: nil)
        context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        context.addRect(CGRect(x: 0, y: 0, width: 2, height: 2))
        context.drawPath(using: .fillStroke)
        let recording = try #require(context.recording)
        #expect(recording.fills.map(\.color) == [.white, .white])
        #expect(recording.strokes.first?.color == .red)
        #expect(recording.fills.first?.state.shadow == nil)
    }
}
