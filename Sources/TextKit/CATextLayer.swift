import TextKitFonts
import TextKitGraphics
import TextKitModel
import TextKitTypesetting

/// How a ``CATextLayer`` shortens text that does not fit, as Core Animation's
/// `CATextLayerTruncationMode`.
public struct CATextLayerTruncationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// No ellipsis: text past the bounds is clipped.
    public static let none = CATextLayerTruncationMode(rawValue: "none")
    /// An ellipsis at the start of the line (`…end of text`).
    public static let start = CATextLayerTruncationMode(rawValue: "start")
    /// An ellipsis in the middle (`begin…end`).
    public static let middle = CATextLayerTruncationMode(rawValue: "middle")
    /// An ellipsis at the end (`start of te…`).
    public static let end = CATextLayerTruncationMode(rawValue: "end")
}

/// How a ``CATextLayer`` aligns its lines, as Core Animation's `CATextLayerAlignmentMode`.
public struct CATextLayerAlignmentMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Left for left-to-right text, right for right-to-left text (the default).
    public static let natural = CATextLayerAlignmentMode(rawValue: "natural")
    /// Lines start at the layer's left edge.
    public static let left = CATextLayerAlignmentMode(rawValue: "left")
    /// Lines end at the layer's right edge.
    public static let right = CATextLayerAlignmentMode(rawValue: "right")
    /// Lines are centred in the layer.
    public static let center = CATextLayerAlignmentMode(rawValue: "center")
    /// Lines fill the layer's width; the last line of a paragraph is aligned naturally.
    public static let justified = CATextLayerAlignmentMode(rawValue: "justified")

    var textAlignment: NSTextAlignment {
        switch self {
        case .left: .left
        case .right: .right
        case .center: .center
        case .justified: .justified
        default: .natural
        }
    }
}

/// A text renderer with Core Animation's `CATextLayer` properties.
///
/// There is no Core Animation here: no layer tree, no animation, no implicit display. A
/// `CATextLayer` is a standalone object that draws its text when asked — ``render(in:)`` into any
/// `CGContext` (image, PDF, SVG, recording), or ``makeImage()`` for a bitmap at
/// ``contentsScale`` — so code that configures text layers ports, and hosts draw them where
/// their layer would appear.
///
/// The text starts at the top-left of ``bounds`` (UIKit's y-down coordinates) and is clipped to
/// it. A plain `String` is drawn in ``font`` at ``fontSize`` in ``foregroundColor``; an
/// `NSAttributedString` is drawn with its own attributes (as Core Animation does, the layer's font
/// and colour do not apply to it), the layer's alignment applying to paragraphs that have no
/// paragraph style. Text is laid out by TextKit (string drawing's machinery, no line fragment
/// padding).
///
/// Not thread-safe; use a layer from one thread at a time.
open class CATextLayer: NSObject {
    /// The text: a `String` or an `NSAttributedString` (nil, the default, draws no text).
    open var string: Any?
    /// The font of a plain string: a `UIFont` (its size is replaced by ``fontSize``) or a font
    /// name. Default nil: Helvetica, or its substitute, as Core Animation.
    open var font: Any?
    /// The point size of a plain string's font. Default 36, as Core Animation.
    open var fontSize: CGFloat = 36
    /// The colour of a plain string. Default opaque white, as Core Animation.
    open var foregroundColor: CGColor? = CGColor.white
    /// Whether lines wrap at the bounds' width (default false: each line of the string is one
    /// line, clipped or truncated at the right edge).
    open var isWrapped = false
    /// How text that does not fit is shortened: each line when not wrapping, the last line that
    /// fits the bounds' height when wrapping. Default `.none` (clipped).
    open var truncationMode: CATextLayerTruncationMode = .none
    /// How lines are aligned in the bounds. Default `.natural`.
    open var alignmentMode: CATextLayerAlignmentMode = .natural
    /// The layer's rectangle in its own coordinates (points). Text starts at its top-left.
    open var bounds: CGRect = .zero
    /// Pixels per point of ``makeImage()`` (``render(in:)`` draws vectors and ignores it). Default 1.
    open var contentsScale: CGFloat = 1
    /// Filled under the text when set. Default nil.
    open var backgroundColor: CGColor?

    public override init() { super.init() }

    // MARK: Drawing

    /// Draws the background and the text into `ctx`, clipped to ``bounds``.
    open func render(in ctx: CGContext) {
        ctx.saveGState()
        defer { ctx.restoreGState() }
        ctx.clip(to: bounds)
        if let backgroundColor {
            ctx.setFillColor(backgroundColor)
            ctx.fill(bounds)
        }
        guard let text = attributedText, text.length > 0, bounds.width > 0, bounds.height > 0 else { return }
        UIGraphicsPushContext(ctx)
        defer { UIGraphicsPopContext() }
        StringDrawingStack.with { stack in
            layOut(text, in: stack)
            let glyphs = stack.visibleGlyphRange
            guard glyphs.length > 0 else { return }
            stack.layoutManager.drawBackground(forGlyphRange: glyphs, at: bounds.origin)
            stack.layoutManager.drawGlyphs(forGlyphRange: glyphs, at: bounds.origin)
        }
    }

    /// The layer rendered into a transparent image of the bounds' size at ``contentsScale``
    /// pixels per point (nil for empty bounds).
    open func makeImage() -> CGImage? {
        guard bounds.width > 0, bounds.height > 0,
              let context = try? CGContext(imageSize: bounds.size, scale: contentsScale > 0 ? contentsScale : 1) else { return nil }
        context.translateBy(x: -bounds.minX, y: -bounds.minY)
        render(in: context)
        return context.makeImage()
    }

    /// The size the text needs: its lines unwrapped (wrapped at the bounds' width when
    /// ``isWrapped`` and the bounds have a width), not rounded.
    open func preferredFrameSize() -> CGSize {
        guard let text = attributedText, text.length > 0 else { return .zero }
        let width = isWrapped && bounds.width > 0 ? bounds.width : 0
        return text.boundingRect(with: CGSize(width: width, height: 0), options: .usesLineFragmentOrigin, context: nil).size
    }

    // MARK: Text

    /// The text as drawn: ``string`` with the layer's font, colour and alignment for a plain
    /// string, or the attributed string with the alignment and line breaking added.
    var attributedText: NSAttributedString? {
        let style = NSMutableParagraphStyle()
        style.alignment = alignmentMode.textAlignment
        style.lineBreakMode = lineBreakMode
        func plain(_ text: String) -> NSAttributedString {
            NSAttributedString(string: text, attributes: [
                .font: resolvedFont, .foregroundColor: UIColor(cgColor: foregroundColor ?? .clear), .paragraphStyle: style,
            ])
        }
        switch string {
        case let text as String:
            return plain(text)
        case let text as NSString:
            return plain(text as String)
        case let attributed as NSAttributedString:
            let copy = NSMutableAttributedString(attributedString: attributed)
            var missing: [NSRange] = []
            copy.enumerateAttribute(.paragraphStyle, in: NSRange(location: 0, length: copy.length)) { value, range, _ in
                if value == nil { missing.append(range) }
            }
            for range in missing { copy.addAttribute(.paragraphStyle, value: style, range: range) }
            if !isWrapped {
                // Lines do not wrap whatever the string's own styles say.
                var styled: [(NSRange, NSParagraphStyle)] = []
                copy.enumerateAttribute(.paragraphStyle, in: NSRange(location: 0, length: copy.length)) { value, range, _ in
                    guard let own = value as? NSParagraphStyle, own !== style else { return }
                    let changed = NSMutableParagraphStyle()
                    changed.setParagraphStyle(own)
                    changed.lineBreakMode = lineBreakMode
                    styled.append((range, changed))
                }
                for (range, changed) in styled { copy.addAttribute(.paragraphStyle, value: changed, range: range) }
            }
            return copy
        default:
            return nil
        }
    }

    /// The paragraphs' line break mode: wrapping, or one line each, clipped or truncated.
    private var lineBreakMode: NSLineBreakMode {
        if isWrapped { return .byWordWrapping }
        switch truncationMode {
        case .start: return .byTruncatingHead
        case .middle: return .byTruncatingMiddle
        case .end: return .byTruncatingTail
        default: return .byClipping
        }
    }

    /// ``font`` resolved at ``fontSize``.
    var resolvedFont: UIFont {
        let size = fontSize > 0 && fontSize.isFinite ? fontSize : 36
        switch font {
        case let font as UIFont: return font.withSize(size)
        case let name as String: return UIFont(name: name, size: size) ?? RunStyle.defaultFont.withSize(size)
        default: return RunStyle.defaultFont.withSize(size)
        }
    }

    /// Sets up the private stack for the bounds: the width always, the height as a limit on the
    /// lines, and truncation of the last line that fits when wrapping.
    private func layOut(_ text: NSAttributedString, in stack: StringDrawingStack) {
        var options: NSStringDrawingOptions = [.usesLineFragmentOrigin]
        if isWrapped && truncationMode != .none { options.insert(.truncatesLastVisibleLine) }
        stack.layOut(text, size: bounds.size, options: options)
        if isWrapped, truncationMode != .none, stack.container.maximumNumberOfLines > 0 {
            switch truncationMode {
            case .start: stack.container.lineBreakMode = .byTruncatingHead
            case .middle: stack.container.lineBreakMode = .byTruncatingMiddle
            default: stack.container.lineBreakMode = .byTruncatingTail
            }
        }
    }
}
