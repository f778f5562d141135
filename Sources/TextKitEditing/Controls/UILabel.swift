import TextKit
import TextKitFonts
import TextKitGraphics
import TextKitModel

/// A view that shows a few lines of read-only text, as UIKit's `UILabel`.
///
/// The text is laid out by TextKit (a private text storage, layout manager and container, with
/// no line fragment padding, as string drawing has), wrapped at the width it is drawn in, on at
/// most ``numberOfLines`` lines; ``lineBreakMode`` decides how the last line shown ends when text
/// is left out (an ellipsis by default). ``draw(_:)`` calls ``drawText(in:)`` with the bounds, and
/// that centres the text vertically in the rect it is given, so a subclass that overrides it can
/// inset the text:
///
/// ```swift
/// final class PaddedLabel: UILabel {
///     var insets = UIEdgeInsets(top: 4, left: 8, bottom: 4, right: 8)
///     override func drawText(in rect: CGRect) { super.drawText(in: rect.inset(by: insets)) }
///     override var intrinsicContentSize: CGSize {
///         let size = super.intrinsicContentSize
///         return CGSize(width: size.width + insets.left + insets.right, height: size.height + insets.top + insets.bottom)
///     }
/// }
/// ```
///
/// Setting ``text`` makes an attributed string with the label's ``font``, ``textColor`` and
/// ``textAlignment``; setting ``attributedText`` keeps the string's own attributes (those it
/// lacks come from the label) and makes the label's properties those of its first character.
/// Setting ``font``, ``textColor`` or ``textAlignment`` afterwards applies to all of the text,
/// as in UIKit.
///
/// Linux notes: a paragraph style's own truncating line break mode in ``attributedText`` is read
/// as word wrapping (the label's ``lineBreakMode`` truncates its last line); `.byClipping` ends
/// the last line at a word boundary, as `.byWordWrapping` does, rather than cutting a glyph at
/// the edge; ``allowsDefaultTighteningForTruncation`` is recorded only.
@preconcurrency @MainActor
open class UILabel: UIView {
    /// What ``text`` and ``attributedText`` hold.
    var content = NSAttributedString()
    /// Whether the text was never set or was set to nil (``text`` is then nil).
    var contentIsNil = true
    /// The label's private TextKit stack.
    let stack = LabelTextStack()

    /// A label with the given frame; labels ignore clicks (``UIView/isUserInteractionEnabled`` is
    /// false), as in UIKit.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        contentMode = .redraw
    }

    /// A label made as `init(frame: .zero)` makes it: nothing is decoded (Linux has no nibs or
    /// storyboards).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        isUserInteractionEnabled = false
        contentMode = .redraw
    }

    // MARK: Accessibility

    /// True unless set: a label is an accessibility element, as in UIKit.
    open override var isAccessibilityElement: Bool {
        get { accessibility.isElement ?? true }
        set { accessibility.isElement = newValue }
    }

    /// The label's ``text`` unless set, as in UIKit.
    open override var accessibilityLabel: String? {
        get { accessibility.label ?? text }
        set { accessibility.label = newValue }
    }

    /// `.staticText` (with `.notEnabled` while ``isEnabled`` is false) unless set, as in UIKit.
    open override var accessibilityTraits: UIAccessibilityTraits {
        get { accessibility.traits ?? (isEnabled ? .staticText : [.staticText, .notEnabled]) }
        set { accessibility.traits = newValue }
    }

    // MARK: Text

    /// The text shown, plain; nil by default. Setting it replaces the attributed text with the
    /// string in the label's ``font``, ``textColor`` and ``textAlignment``.
    open var text: String? {
        get { contentIsNil ? nil : content.string }
        set { _setText(newValue) }
    }

    /// The text shown, with its attributes; nil by default. Attributes the string lacks (font,
    /// colour, paragraph style) are the label's when drawn. Setting it makes ``font``,
    /// ``textColor`` and ``textAlignment`` those of the string's first character where it has them.
    open var attributedText: NSAttributedString? {
        get { contentIsNil ? nil : NSAttributedString(attributedString: content) }
        set { _setAttributedText(newValue) }
    }

    /// The font of the text: the system font at 17 points by default; nil restores the default.
    /// Setting it applies it to all of the text.
    open var font: UIFont! {
        get { _font }
        set { _font = newValue ?? UILabel.defaultFont; applyToContent(.font, _font) }
    }
    var _font: UIFont = UILabel.defaultFont

    /// The colour of the text: `UIColor.label` by default; nil restores the default. Setting it
    /// applies it to all of the text.
    open var textColor: UIColor! {
        get { _textColor }
        set { _textColor = newValue ?? .label; applyToContent(.foregroundColor, _textColor) }
    }
    var _textColor: UIColor = .label

    /// The alignment of the text's lines (`.natural` by default). Setting it applies it to every
    /// paragraph.
    open var textAlignment: NSTextAlignment {
        get { _textAlignment }
        set { _textAlignment = newValue; applyAlignmentToContent() }
    }
    var _textAlignment: NSTextAlignment = .natural

    /// The most lines shown: 1 by default, 0 for as many as the text needs. Text that does not
    /// fit this many lines (or the height of the rect the text is drawn in) is left out, the last
    /// line shown ending as ``lineBreakMode`` says.
    open var numberOfLines = 1 { didSet { textLayoutChanged() } }

    /// How the last line shown ends when text is left out: `.byTruncatingTail` (an ellipsis at
    /// its end) by default; `.byTruncatingHead` and `.byTruncatingMiddle` put the ellipsis
    /// elsewhere; the wrapping modes leave the rest out. Lines before the last wrap at words
    /// (at characters with `.byCharWrapping`).
    open var lineBreakMode: NSLineBreakMode = .byTruncatingTail { didSet { textLayoutChanged() } }

    // MARK: Fitting

    /// Whether the font shrinks (down to ``minimumScaleFactor`` of its size) when the text does
    /// not fit: on one line, when it is wider than the rect; on several, when it needs more than
    /// ``numberOfLines`` lines or more than the rect's height. False by default.
    open var adjustsFontSizeToFitWidth = false { didSet { textLayoutChanged() } }

    /// The smallest scale of the font that ``adjustsFontSizeToFitWidth`` may use; 0 (the default)
    /// means the text is not shrunk, as in UIKit. Values are clamped to 0…1.
    open var minimumScaleFactor: CGFloat = 0 { didSet { textLayoutChanged() } }

    /// Where the text of a one-line label sits when it is shrunk (default `.alignBaselines`).
    open var baselineAdjustment: UIBaselineAdjustment = .alignBaselines { didSet { setNeedsDisplay() } }

    /// Whether UIKit may tighten letter spacing before truncating. Recorded only: OpenTextKit
    /// does not tighten text.
    open var allowsDefaultTighteningForTruncation = false

    /// The width a multi-line label wraps its text at for ``intrinsicContentSize``; 0 (the
    /// default) uses the label's current width when it has one.
    open var preferredMaxLayoutWidth: CGFloat = 0 { didSet { textLayoutChanged() } }

    // MARK: Appearance

    /// Whether the label is enabled (default true); a disabled label draws its text dimmed (its
    /// colours at half their opacity).
    open var isEnabled = true { didSet { if isEnabled != oldValue { setNeedsDisplay() } } }

    /// Whether the label is highlighted (default false); a highlighted label draws its text in
    /// ``highlightedTextColor`` when there is one.
    open var isHighlighted = false { didSet { if isHighlighted != oldValue { setNeedsDisplay() } } }

    /// The colour of the text while ``isHighlighted``; nil (the default) keeps the text's colours.
    open var highlightedTextColor: UIColor? { didSet { if isHighlighted { setNeedsDisplay() } } }

    /// The colour of the text's shadow; nil (the default) draws none. Text that has its own
    /// `.shadow` attribute keeps it.
    open var shadowColor: UIColor? { didSet { setNeedsDisplay() } }

    /// The offset of the text's shadow (default 0 across, 1 point up: `CGSize(width: 0, height: -1)`).
    open var shadowOffset = CGSize(width: 0, height: -1) { didSet { if shadowColor != nil { setNeedsDisplay() } } }

    // MARK: Overridable layout and drawing (implemented in the extensions)

    /// The rect the text takes when drawn in `bounds` on at most `numberOfLines` lines (0: no
    /// limit): at `bounds`' origin, as wide as the widest line (at most `bounds`' width) and as tall
    /// as the lines that fit `bounds`' height. A zero or unbounded width or height does not limit.
    /// Not rounded. Override it to change the label's measurements (``sizeThatFits(_:)`` and
    /// ``intrinsicContentSize`` call it).
    open func textRect(forBounds bounds: CGRect, limitedToNumberOfLines numberOfLines: Int) -> CGRect {
        _textRect(forBounds: bounds, limitedToNumberOfLines: numberOfLines)
    }

    /// Draws the text in `rect` (bounds coordinates) into the current context: laid out in the
    /// rect's width, on at most ``numberOfLines`` lines that fit its height, centred vertically,
    /// shrunk when ``adjustsFontSizeToFitWidth`` says. Override it to draw elsewhere (an inset
    /// rect) and call `super`, or to draw the text yourself.
    open func drawText(in rect: CGRect) { _drawText(in: rect) }

    /// Draws the text: ``drawText(in:)`` with the bounds.
    open override func draw(_ rect: CGRect) { drawText(in: bounds) }

    /// The size the text needs within `size`'s width (0 or less: no limit) on at most
    /// ``numberOfLines`` lines, rounded up; the height of `size` is not a limit, as in UIKit.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { _sizeThatFits(size) }

    /// The size the text needs: on one line for a one-line label; otherwise wrapped at
    /// ``preferredMaxLayoutWidth``, or at the label's width when that is 0, or not at all when the
    /// label has no width yet. Rounded up; zero without text.
    open override var intrinsicContentSize: CGSize { _intrinsicContentSize }
}
