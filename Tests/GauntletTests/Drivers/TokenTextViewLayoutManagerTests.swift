import Foundation
import Testing
import UIKit

// Drives Ported/TokenTextViewLayoutManager/TokenTextViewLayoutManager.swift (hootsuite/token-ui),
// compiled unchanged: an NSLayoutManager subclass whose fillBackgroundRectArray override draws each
// background rect as a pill (outset 6 pt horizontally, inset 1 pt vertically, corner radius 20).
// Apple documents fillBackgroundRectArray(_:count:forCharacterRange:color:) as the primitive
// drawBackground(forGlyphRange:at:) uses for background colours, and that the colour is already set
// in the current graphics state when it is called (which is why the override can fill without
// setting it).

/// Records each call, then draws as token-ui does.
final class RecordingTokenLayoutManager: TokenTextViewLayoutManager {
    var calls: [(rects: [CGRect], range: NSRange, color: UIColor)] = []
    override func fillBackgroundRectArray(_ rectArray: UnsafePointer<CGRect>, count rectCount: Int, forCharacterRange charRange: NSRange, color: UIColor) {
        calls.append((Array(UnsafeBufferPointer(start: rectArray, count: rectCount)), charRange, color))
        super.fillBackgroundRectArray(rectArray, count: rectCount, forCharacterRange: charRange, color: color)
    }
}

@Suite("Gauntlet: token-ui TokenTextViewLayoutManager")
struct TokenTextViewLayoutManagerTests {
    static let font = UIFont(name: "DejaVu Sans", size: 14)!

    /// "Hello @davidby how" with a red background on "@davidby", in a container `width` wide.
    func stack<LM: NSLayoutManager>(_ layoutManager: LM, width: CGFloat = 300, text: String = "Hello @davidby how",
                                    background: NSRange = NSRange(location: 6, length: 8)) -> (NSTextStorage, LM, NSTextContainer) {
        let storage = NSTextStorage(string: text, attributes: [.font: Self.font])
        storage.addAttribute(.backgroundColor, value: UIColor.red, range: background)
        let container = NSTextContainer(size: CGSize(width: width, height: 1000))
        layoutManager.addTextContainer(container)
        storage.addLayoutManager(layoutManager)
        return (storage, layoutManager, container)
    }

    func render(_ layoutManager: NSLayoutManager, size: CGSize = CGSize(width: 300, height: 100)) -> CGImage? {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        return UIGraphicsImageRenderer(size: size, format: format).image { context in
            UIColor.white.setFill()
            context.fill(CGRect(origin: .zero, size: size))
            UIColor.green.setFill()   // a fill colour the override must not pick up
            layoutManager.drawBackground(forGlyphRange: NSRange(location: 0, length: layoutManager.numberOfGlyphs), at: .zero)
        }.cgImage
    }

    @Test("drawBackground calls the override once for the run, with its character range and colour")
    func calledOncePerRun() throws {
        let (storage, layoutManager, container) = stack(RecordingTokenLayoutManager())
        defer { withExtendedLifetime(storage) {} }  // a layout manager holds its storage weakly
        _ = render(layoutManager)
        #expect(layoutManager.calls.count == 1)
        let call = try #require(layoutManager.calls.first)
        #expect(call.range == NSRange(location: 6, length: 8))
        #expect(call.color == .red)
        #expect(call.rects.count == 1)
        // The rect spans the run's glyphs horizontally and the line vertically.
        let glyphs = layoutManager.glyphRange(forCharacterRange: NSRange(location: 6, length: 8), actualCharacterRange: nil)
        let bounds = layoutManager.boundingRect(forGlyphRange: glyphs, in: container)
        let rect = try #require(call.rects.first)
        #expect(abs(rect.minX - bounds.minX) < 0.5)
        #expect(abs(rect.maxX - bounds.maxX) < 0.5)
        let line = layoutManager.lineFragmentUsedRect(forGlyphAt: glyphs.location, effectiveRange: nil)
        #expect(abs(rect.height - line.height) < 0.5)
    }

    @Test("The pill is filled in the run's colour and reaches beyond the glyphs, a plain background does not")
    func pillPixels() throws {
        let (storage, layoutManager, container) = stack(RecordingTokenLayoutManager())
        defer { withExtendedLifetime(storage) {} }
        let image = try #require(render(layoutManager))
        let rect = try #require(layoutManager.calls.first?.rects.first)
        _ = container
        let y = Int(rect.midY)
        // 3 pt left of the first glyph: inside the 6 pt outset.
        let outset = try #require(image.rgba(atX: Int(rect.minX) - 3, y: y))
        #expect(outset.r > 200 && outset.g < 60 && outset.b < 60, "pixel \(outset)")
        // Inside the run.
        let inside = try #require(image.rgba(atX: Int(rect.midX), y: Int(rect.minY) + 3))
        #expect(inside.r > 200 && inside.g < 60)
        // 10 pt left of the first glyph: outside the pill.
        let outside = try #require(image.rgba(atX: Int(rect.minX) - 10, y: y))
        #expect(outside.r > 200 && outside.g > 200 && outside.b > 200)

        let (plainStorage, plain, _) = stack(NSLayoutManager())
        defer { withExtendedLifetime(plainStorage) {} }
        let plainImage = try #require(render(plain))
        let plainOutset = try #require(plainImage.rgba(atX: Int(rect.minX) - 3, y: y))
        #expect(plainOutset.r > 200 && plainOutset.g > 200 && plainOutset.b > 200)
    }

    @Test("A background run that wraps onto several lines has a rect per line")
    func wrappedRun() throws {
        let text = "Hello there @davidbyrne and friends"
        let (storage, layoutManager, container) = stack(RecordingTokenLayoutManager(), width: 110, text: text,
                                                  background: NSRange(location: 6, length: 21))
        defer { withExtendedLifetime(storage) {} }
        _ = render(layoutManager, size: CGSize(width: 110, height: 200))
        var lines = 0
        let glyphs = layoutManager.glyphRange(forCharacterRange: NSRange(location: 6, length: 21), actualCharacterRange: nil)
        layoutManager.enumerateLineFragments(forGlyphRange: glyphs) { _, _, _, _, _ in lines += 1 }
        _ = container
        #expect(lines >= 2)
        let rects = layoutManager.calls.flatMap(\.rects)
        #expect(rects.count == lines)
        #expect(layoutManager.calls.allSatisfy { $0.color == .red })
        if rects.count == 2 { #expect(rects[1].minY > rects[0].minY) }
        // One call per line, each with that line's part of the run (Apple's documentation does not
        // say how drawBackground groups a run's rects; the pill is drawn the same either way).
        #expect(layoutManager.calls.count == lines)
        #expect(layoutManager.calls.map(\.range.length).reduce(0, +) == 21)
    }
}
