import Testing
@testable import TextKit
import TextKitFonts
import TextKitGraphics
import TextKitModel

/// Points and rects from callers with NaN, infinities and absurd magnitudes: queries never trap.
/// NaN counts as 0, infinities clamp.
@Suite("Hostile hit testing")
struct HostileHitTestingTests {
    static let hostile: [CGFloat] = [.nan, .infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
                                     1e300, -1e300, 9.3e18, 0]

    static var points: [CGPoint] {
        hostile.flatMap { x in hostile.map { y in CGPoint(x: x, y: y) } }
    }

    /// Stacks: one unbounded column (the stacked fast path), a column with an exclusion and two
    /// fixed containers (the general flow).
    static func stacks() -> [LayoutStack] {
        let plain = LayoutStack(loremParagraphs + "\n")
        let excluded = LayoutStack(loremParagraphs, containerSizes: [CGSize(width: 300, height: 2000)])
        excluded.containers[0].exclusionPaths = [UIBezierPath(ovalIn: CGRect(x: 100, y: 20, width: 80, height: 60))]
        let paged = LayoutStack(loremParagraphs, containerSizes: [CGSize(width: 200, height: 100), CGSize(width: 200, height: 300)])
        return [plain, excluded, paged]
    }

    @Test("Hit testing at NaN and infinite points never traps, NaN acting as 0")
    func hitTesting() {
        for stack in Self.stacks() {
            let lm = stack.layoutManager
            for container in stack.containers {
                let atOrigin = lm.glyphIndex(for: .zero, in: container)
                for point in Self.points {
                    var fraction: CGFloat = -1
                    let glyph = lm.glyphIndex(for: point, in: container, fractionOfDistanceThroughGlyph: &fraction)
                    #expect(glyph >= 0 && glyph <= lm.numberOfGlyphs)
                    #expect(fraction >= 0 && fraction <= 1)
                    let character = lm.characterIndex(for: point, in: container, fractionOfDistanceBetweenInsertionPoints: &fraction)
                    #expect(character >= 0 && character <= stack.storage.length)
                    #expect(fraction >= 0 && fraction <= 1)
                    _ = lm.fractionOfDistanceThroughGlyph(for: point, in: container)
                    if point.x.isNaN && point.y.isNaN { #expect(lm.glyphIndex(for: point, in: container) == atOrigin) }
                }
            }
        }
    }

    @Test("Rect queries with NaN and infinite rects never trap")
    func rectQueries() {
        for stack in Self.stacks() {
            let lm = stack.layoutManager
            for container in stack.containers {
                for origin in Self.points.prefix(40) {
                    for side in Self.hostile {
                        let rect = CGRect(x: origin.x, y: origin.y, width: side, height: side)
                        let range = lm.glyphRange(forBoundingRect: rect, in: container)
                        #expect(range.location >= 0 && range.location + range.length <= lm.numberOfGlyphs)
                        _ = lm.glyphRange(forBoundingRectWithoutAdditionalLayout: rect, in: container)
                        lm.ensureLayout(forBoundingRect: rect, in: container)
                    }
                }
            }
        }
    }

    @Test("Drawing at NaN and infinite points never traps")
    func drawingAtHostilePoints() throws {
        let stack = LayoutStack("Draw me somewhere odd.")
        let context = try CGContext(imageSize: CGSize(width: 50, height: 50))
        UIGraphicsPushContext(context)
        defer { UIGraphicsPopContext() }
        for point in Self.points.prefix(30) {
            stack.layoutManager.drawGlyphs(forGlyphRange: NSRange(location: 0, length: stack.layoutManager.numberOfGlyphs), at: point)
            stack.layoutManager.drawBackground(forGlyphRange: NSRange(location: 0, length: 5), at: point)
            NSAttributedString(string: "x").draw(at: point)
            NSAttributedString(string: "x").draw(with: CGRect(origin: point, size: CGSize(width: point.y, height: point.x)),
                                                   options: [.usesLineFragmentOrigin, .truncatesLastVisibleLine], context: nil)
            _ = NSAttributedString(string: "x y z").boundingRect(with: CGSize(width: point.x, height: point.y),
                                                                  options: .usesLineFragmentOrigin, context: nil)
        }
    }

    @Test("Containers with NaN and infinite sizes and exclusions lay out without trapping")
    func hostileContainers() {
        for w in Self.hostile {
            for h in [CGFloat.nan, .infinity, 1e300, 500] {
                let stack = LayoutStack("Some words that need a home.", containerSizes: [CGSize(width: w, height: h)])
                stack.containers[0].exclusionPaths = [UIBezierPath(rect: CGRect(x: w, y: h, width: 20, height: 20))]
                _ = expectQuick(5, "layout in \(w) × \(h)") { stack.layoutManager.glyphRange(for: stack.containers[0]) }
                _ = stack.layoutManager.usedRect(for: stack.containers[0])
                _ = stack.layoutManager.glyphIndex(for: CGPoint(x: 3, y: 3), in: stack.containers[0])
            }
        }
    }
}

/// Checked alternatives for glyph and character ranges from outside.
@Suite("Hostile layout manager ranges")
struct HostileLayoutRangeTests {
    @Test("isValidGlyphRange and isValidCharacterRange never trap")
    func checkedAlternatives() {
        let stack = LayoutStack("Hello, world.")
        let lm = stack.layoutManager
        let glyphs = lm.numberOfGlyphs
        #expect(lm.isValidGlyphRange(NSRange(location: 0, length: glyphs)))
        #expect(lm.isValidGlyphRange(NSRange(location: glyphs, length: 0)))
        #expect(!lm.isValidGlyphRange(NSRange(location: glyphs, length: 1)))
        #expect(!lm.isValidGlyphRange(NSRange(location: -1, length: 1)))
        #expect(!lm.isValidGlyphRange(NSRange(location: 1, length: Int.max)))
        #expect(lm.isValidCharacterRange(NSRange(location: 0, length: 13)))
        #expect(!lm.isValidCharacterRange(NSRange(location: 13, length: 1)))
        #expect(!lm.isValidCharacterRange(NSRange(location: Int.max, length: Int.max)))
    }

    @Test("glyphRange(forCharacterRange:) cuts a range that runs or starts past the end at the end, as iOS does")
    func characterRangePastTheEnd() {
        let stack = LayoutStack("abc")
        let lm = stack.layoutManager
        var actual = NSRange(location: NSNotFound, length: 0)
        #expect(lm.glyphRange(forCharacterRange: NSRange(location: 0, length: 231), actualCharacterRange: &actual) == NSRange(location: 0, length: 3))
        #expect(actual == NSRange(location: 0, length: 3))
        #expect(lm.glyphRange(forCharacterRange: NSRange(location: 2, length: 5), actualCharacterRange: nil) == NSRange(location: 2, length: 1))
        #expect(lm.glyphRange(forCharacterRange: NSRange(location: 3, length: 5), actualCharacterRange: nil) == NSRange(location: 3, length: 0))
        #expect(lm.glyphRange(forCharacterRange: NSRange(location: 231, length: 11), actualCharacterRange: nil) == NSRange(location: 3, length: 0))
    }

    @Test("A glyph range past the end traps with the project's message on standard error")
    func trapMessage() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let stack = LayoutStack("abc")
            _ = stack.layoutManager.characterRange(forGlyphRange: NSRange(location: 1, length: 10), actualGlyphRange: nil)
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("OpenTextKit: fatal error: characterRange(forGlyphRange:actualGlyphRange:): glyph range {1, 10} out of bounds"))
    }
}
