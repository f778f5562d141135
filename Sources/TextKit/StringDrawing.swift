import TextKitFonts
import TextKitGraphics
import TextKitModel
import TextKitTypesetting

/// How string drawing and measuring lay text out, as UIKit's `NSStringDrawingOptions`.
public struct NSStringDrawingOptions: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The rectangle's origin is the top-left of the first line fragment and the text wraps in
    /// the rectangle's width (lines that do not fit its height are left out). Without it the text
    /// is one line and the origin is where its baseline starts.
    public static let usesLineFragmentOrigin = NSStringDrawingOptions(rawValue: 1 << 0)
    /// Line heights include the fonts' leading (line gap). Off by default in string drawing, as
    /// in UIKit (a layout manager's default is on).
    public static let usesFontLeading = NSStringDrawingOptions(rawValue: 1 << 1)
    /// Bounding rects are the union of the glyphs' ink (outline bounds) rather than their
    /// typographic line boxes.
    public static let usesDeviceMetrics = NSStringDrawingOptions(rawValue: 1 << 3)
    /// With `.usesLineFragmentOrigin`: when the text does not fit the rectangle's height, the last
    /// line that fits ends in an ellipsis. Ignored without `.usesLineFragmentOrigin`.
    public static let truncatesLastVisibleLine = NSStringDrawingOptions(rawValue: 1 << 5)
}

/// Extra settings and results of one string drawing or measuring call, as UIKit's
/// `NSStringDrawingContext`. Do not share one between threads.
open class NSStringDrawingContext: NSObject {
    /// The smallest font scale allowed to make the text fit (0, the default, turns shrinking off;
    /// values are clamped to 0…1). The text shrinks only when it does not fit the rectangle: with
    /// `.usesLineFragmentOrigin` when some text is left out of its height, otherwise when the
    /// line is wider than the rectangle.
    open var minimumScaleFactor: CGFloat = 0
    /// The scale the last call used (1 when it did not shrink).
    open internal(set) var actualScaleFactor: CGFloat = 1
    /// The bounding rect of the text the last call measured or drew (in the rectangle's
    /// coordinates for measuring, in the context's for drawing).
    open internal(set) var totalBounds: CGRect = .zero

    public override init() { super.init() }
}

/// The private text stack string drawing lays text out with: storage, layout manager and one
/// container with no line fragment padding (as UIKit's string drawing). One per thread, reused.
final class StringDrawingStack {
    let storage = NSTextStorage()
    let layoutManager = NSLayoutManager()
    let container = NSTextContainer(size: CGSize(width: 0, height: 0))
    var inUse = false

    /// Beyond any real page; the layout treats such sizes as unbounded.
    static let unbounded = CGFloat.greatestFiniteMagnitude

    init() {
        container.lineFragmentPadding = 0
        storage.addLayoutManager(layoutManager)
        layoutManager.addTextContainer(container)
    }

    private static let key = "OpenTextKit.StringDrawingStack"

    /// Runs `body` with this thread's stack (a fresh one when it is busy, e.g. when an attachment
    /// draws a string while a string is being drawn), emptied afterwards.
    static func with<R>(_ body: (StringDrawingStack) -> R) -> R {
        let dictionary = Thread.current.threadDictionary
        let stack: StringDrawingStack
        if let cached = dictionary[key] as? StringDrawingStack, !cached.inUse {
            stack = cached
        } else if dictionary[key] == nil {
            stack = StringDrawingStack()
            dictionary[key] = stack
        } else {
            stack = StringDrawingStack()
        }
        stack.inUse = true
        defer {
            stack.storage.replaceCharacters(in: NSRange(location: 0, length: stack.storage.length), with: "")
            stack.inUse = false
        }
        return body(stack)
    }

    /// Lays `string` out for `size` and `options` (see ``NSStringDrawingOptions``).
    func layOut(_ string: NSAttributedString, size: CGSize, options: NSStringDrawingOptions) {
        layoutManager.usesFontLeading = options.contains(.usesFontLeading)
        if storage.length > 0 || string.length > 0 { storage.setAttributedString(string) }
        container.maximumNumberOfLines = 0
        container.lineBreakMode = .byWordWrapping
        guard options.contains(.usesLineFragmentOrigin) else {
            // One line: no wrapping; the text after a hard line break is left out.
            container.size = CGSize(width: Self.unbounded, height: Self.unbounded)
            container.maximumNumberOfLines = 1
            return
        }
        let width = size.width > 0 && size.width.isFinite ? size.width : Self.unbounded
        let height = size.height > 0 && size.height.isFinite ? size.height : Self.unbounded
        container.size = CGSize(width: width, height: height)
        if options.contains(.truncatesLastVisibleLine), height < Self.unbounded, !allTextFits {
            let lines = lineCount
            if lines > 0 {
                container.size = CGSize(width: width, height: Self.unbounded)
                container.maximumNumberOfLines = lines
                container.lineBreakMode = .byTruncatingTail
            }
        }
    }

    /// Whether every character found a place in the container.
    var allTextFits: Bool {
        layoutManager.ensureLayout(for: container)
        return layoutManager.firstUnlaidCharacterIndex() >= storage.length
    }

    /// The line fragments laid out in the container.
    var lineCount: Int {
        var count = 0
        layoutManager.flow.forEachFragment { found in
            count += 1
            return true
        }
        return count
    }

    /// The glyphs to draw: those of the container, but never past the last line the container
    /// allows (see ``NSLayoutManager/visibleGlyphRange(in:)``).
    var visibleGlyphRange: NSRange { layoutManager.visibleGlyphRange(in: container) }

    /// The baseline of the first line from the top of the container (0 without lines).
    var firstBaseline: CGFloat {
        var baseline: CGFloat?
        layoutManager.flow.forEachFragment { found in
            baseline = found.rect.minY + found.fragment.baselineOffset
            return false
        }
        if let baseline { return baseline }
        // Empty text: the extra line fragment's font.
        let font = storage.length > 0 ? storage.attribute(.font, at: 0, effectiveRange: nil) as? UIFont : nil
        return (font ?? RunStyle.defaultFont).ascender
    }

    /// The bounding rect of the laid-out text in container coordinates: the used rect, or the
    /// glyphs' ink with `.usesDeviceMetrics`.
    func boundingRect(options: NSStringDrawingOptions) -> CGRect {
        if options.contains(.usesDeviceMetrics) {
            return layoutManager.inkBounds(in: container, glyphs: visibleGlyphRange)
        }
        if container.maximumNumberOfLines == 0 {
            // Every line, and the extra line fragment after a final line break (as TextKit).
            return layoutManager.usedRect(for: container)
        }
        let glyphs = visibleGlyphRange
        let end = glyphs.location + glyphs.length
        var rect = CGRect.null
        layoutManager.flow.forEachFragment { found in
            guard found.glyphRange.location < end else { return false }
            rect = rect.union(found.usedRect)
            return true
        }
        return rect.isNull ? .zero : rect
    }
}

extension NSLayoutManager {
    /// The glyphs of `container` that lie on the lines it allows. With a line limit, TextKit's
    /// flow may place one more line for each later paragraph; those are left out here.
    func visibleGlyphRange(in container: NSTextContainer) -> NSRange {
        let range = glyphRange(for: container)
        let limit = container.maximumNumberOfLines
        guard limit > 0, let index = textContainers.firstIndex(where: { $0 === container }) else { return range }
        var lines = 0
        var end = range.location
        flow.forEachFragment { found in
            guard found.container <= index else { return false }
            guard found.container == index else { return true }
            lines += 1
            guard lines <= limit else { return false }
            end = found.glyphRange.location + found.glyphRange.length
            return true
        }
        return NSRange(location: range.location, length: max(0, end - range.location))
    }

    /// The union of the ink of the glyphs of `glyphs` in `container` (container coordinates).
    func inkBounds(in container: NSTextContainer, glyphs: NSRange) -> CGRect {
        guard glyphs.length > 0, let storage = textStorage else { return .zero }
        var rect = CGRect.null
        forEachLineToDraw(in: glyphs) { found, subrange, text in
            guard textContainers[found.container] === container else { return }
            let origin = CGPoint(x: found.fragment.textOriginX, y: found.rect.minY + found.fragment.baselineOffset)
            for piece in found.fragment.line.drawablePieces(glyphs: found.analysis.glyphs, styles: found.analysis.styles,
                                                            text: text, origin: origin, subrange: subrange) {
                let scale = CGFloat(piece.style.horizontalScale) * piece.lineGlyphScale
                for (glyph, p) in zip(piece.glyphs, piece.positions) {
                    var box = piece.font.boundingRect(forGlyph: glyph)
                    guard !box.isEmpty else { continue }
                    box = CGRect(x: box.minX * scale, y: box.minY, width: box.width * scale, height: box.height)
                    rect = rect.union(box.offsetBy(dx: p.x, dy: p.y))
                }
            }
        }
        _ = storage
        return rect.isNull ? .zero : rect
    }
}

// MARK: - NSAttributedString

extension NSAttributedString {
    /// The size the string needs when drawn with ``draw(at:)``: its lines (hard line breaks
    /// honoured, no wrapping) measured with typographic bounds, not rounded (callers `ceil`).
    public func size() -> CGSize {
        boundingRect(with: CGSize(width: 0, height: 0), options: .usesLineFragmentOrigin, context: nil).size
    }

    /// Draws the string with the top-left of its first line at `point` in the current context
    /// (`UIGraphicsGetCurrentContext()`; nothing without one). Lines break only at hard line
    /// breaks.
    public func draw(at point: CGPoint) {
        draw(with: CGRect(origin: point, size: .zero), options: .usesLineFragmentOrigin, context: nil)
    }

    /// Draws the string wrapped in `rect` (top-left origin). Lines that do not fit the rect's
    /// height are not drawn; use ``draw(with:options:context:)`` with `.truncatesLastVisibleLine`
    /// for an ellipsis on the last one.
    public func draw(in rect: CGRect) {
        draw(with: rect, options: .usesLineFragmentOrigin, context: nil)
    }

    /// Draws the string in the current context as `options` say (see ``NSStringDrawingOptions``):
    /// with `.usesLineFragmentOrigin`, wrapped in `rect`'s width from its top-left (0 width or
    /// height: unbounded); without it, as one line whose baseline starts at `rect.origin` (the
    /// rect's size is then ignored). `context` may shrink the text to fit (see
    /// ``NSStringDrawingContext``) and receives the bounds drawn.
    public func draw(with rect: CGRect, options: NSStringDrawingOptions = [], context: NSStringDrawingContext?) {
        guard UIGraphicsGetCurrentContext() != nil else { return }
        StringDrawingStack.with { stack in
            let scale = stack.layOutFitting(self, size: rect.size, options: options, context: context)
            let origin: CGPoint
            if options.contains(.usesLineFragmentOrigin) {
                origin = rect.origin
            } else {
                origin = CGPoint(x: rect.minX, y: rect.minY - stack.firstBaseline)
            }
            context?.actualScaleFactor = scale
            context?.totalBounds = stack.boundingRect(options: options).offsetBy(dx: origin.x, dy: origin.y)
            let glyphs = stack.visibleGlyphRange
            guard glyphs.length > 0 else { return }
            stack.layoutManager.drawBackground(forGlyphRange: glyphs, at: origin)
            stack.layoutManager.drawGlyphs(forGlyphRange: glyphs, at: origin)
        }
    }

    /// The rect the string takes when drawn with ``draw(with:options:context:)`` in a rect of
    /// `size`: with `.usesLineFragmentOrigin` relative to the rect's top-left (its width stays
    /// within `size.width` unless a word is wider); without it relative to the baseline origin
    /// of the single line (so `origin.y` is minus the line's ascent). Not rounded: `ceil` it for
    /// view sizes, as on iOS.
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [],
                             context: NSStringDrawingContext?) -> CGRect {
        StringDrawingStack.with { stack in
            let scale = stack.layOutFitting(self, size: size, options: options, context: context)
            var rect = stack.boundingRect(options: options)
            if !options.contains(.usesLineFragmentOrigin) {
                rect = rect.offsetBy(dx: 0, dy: -stack.firstBaseline)
            }
            context?.actualScaleFactor = scale
            context?.totalBounds = rect
            return rect
        }
    }
}

extension StringDrawingStack {
    /// Lays the string out, shrunk by the largest scale ≥ the context's minimum that makes it
    /// fit when it does not fit as it is; returns the scale used.
    func layOutFitting(_ string: NSAttributedString, size: CGSize, options: NSStringDrawingOptions,
                       context: NSStringDrawingContext?) -> CGFloat {
        layOut(string, size: size, options: options)
        let minimum = min(max(context?.minimumScaleFactor ?? 0, 0), 1)
        guard minimum > 0, minimum < 1, !fits(size: size, options: options) else { return 1 }
        // Binary search for the largest scale that fits; the minimum when none does.
        var low = minimum, high: CGFloat = 1
        var best = minimum
        for _ in 0..<8 {
            let mid = (low + high) / 2
            layOut(Self.scaled(string, by: mid), size: size, options: options)
            if fits(size: size, options: options) {
                best = mid
                low = mid
            } else {
                high = mid
            }
        }
        layOut(Self.scaled(string, by: best), size: size, options: options)
        return best
    }

    /// Whether the laid-out text fits `size`.
    private func fits(size: CGSize, options: NSStringDrawingOptions) -> Bool {
        if options.contains(.usesLineFragmentOrigin) {
            // Truncation stands for text left out: it does not fit either.
            guard allTextFits else { return false }
            let glyphs = layoutManager.numberOfGlyphs
            return glyphs == 0 || layoutManager.truncatedGlyphRange(inLineFragmentForGlyphAt: glyphs - 1).location == NSNotFound
        }
        let width = size.width > 0 && size.width.isFinite ? size.width : Self.unbounded
        return layoutManager.usedRect(for: container).width <= width + 0.001
    }

    /// `string` with every font (the default font where there is none) scaled by `scale`.
    static func scaled(_ string: NSAttributedString, by scale: CGFloat) -> NSAttributedString {
        let copy = NSMutableAttributedString(attributedString: string)
        let whole = NSRange(location: 0, length: copy.length)
        var changes: [(NSRange, UIFont)] = []
        string.enumerateAttribute(.font, in: whole) { value, range, _ in
            let font = value as? UIFont ?? RunStyle.defaultFont
            changes.append((range, font.withSize(font.pointSize * scale)))
        }
        for (range, font) in changes { copy.addAttribute(.font, value: font, range: range) }
        return copy
    }
}
