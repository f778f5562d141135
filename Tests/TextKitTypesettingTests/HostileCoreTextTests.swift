import Testing
@testable import TextKitTypesetting
import TextKitFonts
import TextKitGraphics
import TextKitModel

/// Core Text queries with NaN, infinite and absurd positions, widths and paths never trap:
/// NaN acts as 0, infinities clamp.
@Suite("Hostile Core Text")
struct HostileCoreTextTests {
    static let hostile: [Double] = [.nan, .infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
                                    1e300, -1e300, 9.3e18, 0, 50]

    static func quick<T>(_ what: String, _ body: () -> T) -> T {
        let clock = ContinuousClock()
        let start = clock.now
        let result = body()
        #expect(clock.now - start < .seconds(5), "\(what) took \(clock.now - start)")
        return result
    }

    @Test("Line queries at NaN and infinite positions and widths")
    func lineQueries() {
        let string = CT.string("Hello, world. שלום עולם and more text")
        let line = CTLineCreateWithAttributedString(string)
        let range = CTLineGetStringRange(line)
        let atZero = CTLineGetStringIndexForPosition(line, .zero)
        for x in Self.hostile {
            for y in Self.hostile {
                let index = CTLineGetStringIndexForPosition(line, CGPoint(x: x, y: y))
                #expect(index >= range.location && index <= range.location + range.length)
                if x.isNaN { #expect(index == atZero) }
            }
            for type in [CTLineTruncationType.start, .end, .middle] {
                _ = Self.quick("truncating at \(x)") {
                    CTLineCreateTruncatedLine(line, x, type, CTLineCreateWithAttributedString(CT.string("…")))
                }
            }
            _ = CTLineCreateJustifiedLine(line, CGFloat(x), x)
            _ = CTLineCreateJustifiedLine(line, 1, x)
            _ = CTLineGetPenOffsetForFlush(line, CGFloat(x), x)
            _ = CTLineGetPenOffsetForFlush(line, 0.5, x)
        }
        // The far right gives the end on the right, the far left the start.
        #expect(CTLineGetStringIndexForPosition(line, CGPoint(x: Double.infinity, y: 0))
                == CTLineGetStringIndexForPosition(line, CGPoint(x: 1e9, y: 0)))
        #expect(CTLineGetStringIndexForPosition(line, CGPoint(x: -Double.infinity, y: 0))
                == CTLineGetStringIndexForPosition(line, CGPoint(x: -1e9, y: 0)))
    }

    @Test("Typesetter breaks at NaN and infinite widths and offsets")
    func typesetterQueries() {
        let typesetter = CTTypesetterCreateWithAttributedString(CT.string("Some words to break somewhere in a line."))
        for w in Self.hostile {
            let line = Self.quick("line break at \(w)") { CTTypesetterSuggestLineBreak(typesetter, 0, w) }
            #expect(line >= 1)
            #expect(CTTypesetterSuggestClusterBreak(typesetter, 0, w) >= 1)
            _ = CTTypesetterSuggestLineBreakWithOffset(typesetter, 0, 100, w)
            _ = CTTypesetterCreateLineWithOffset(typesetter, CFRange(location: 0, length: 10), w)
        }
    }

    @Test("Frames in NaN, infinite and absurd paths, and frame queries")
    func frames() {
        let framesetter = CTFramesetterCreateWithAttributedString(CT.string("Frame me in a hostile path, please. " + String(repeating: "More words. ", count: 20)))
        for x in Self.hostile {
            for side in Self.hostile {
                let rect = CGRect(x: x, y: x, width: side, height: side)
                let frame = Self.quick("frame in \(rect)") {
                    CTFramesetterCreateFrame(framesetter, CFRange(), CGPath(rect: rect, transform: nil), nil)
                }
                let lines = CTFrameGetLines(frame)
                var origins = [CGPoint](repeating: .zero, count: lines.count)
                if !lines.isEmpty { CTFrameGetLineOrigins(frame, CFRange(), &origins) }
                for (line, origin) in zip(lines, origins) {
                    _ = CTLineGetStringIndexForPosition(line, CGPoint(x: x, y: origin.y))
                }
                _ = CTFrameGetVisibleStringRange(frame)
                var fit = CFRange()
                _ = Self.quick("suggested size for \(x) × \(side)") {
                    CTFramesetterSuggestFrameSizeWithConstraints(framesetter, CFRange(), nil, CGSize(width: x, height: side), &fit)
                }
            }
            let oval = Self.quick("frame in an oval at \(x)") {
                CTFramesetterCreateFrame(framesetter, CFRange(), CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 200, height: x), transform: nil), nil)
            }
            _ = CTFrameGetLines(oval)
        }
    }
}
