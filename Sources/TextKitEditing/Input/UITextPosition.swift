import TextKitGraphics
import TextKitModel

/// A position in a text-input object's text, opaque to the input system. A view that adopts
/// ``UITextInput`` on its own text subclasses it (Apple's `SimpleTextInput` sample keeps an
/// index in its subclass); ``UITextView`` hands out its own, which hold a UTF-16 offset.
/// Compare positions with ``UITextInput/compare(_:to:)``, not with `==`.
@preconcurrency @MainActor
open class UITextPosition: NSObject {
    /// A position; subclasses add what locates it.
    public override init() { super.init() }
}

/// A range between two ``UITextPosition``s. A custom text-input view subclasses it and
/// overrides ``start``, ``end`` and ``isEmpty``; the base class has no positions of its own and
/// traps if they are read.
@preconcurrency @MainActor
open class UITextRange: NSObject {
    /// A range; subclasses add where it starts and ends.
    public override init() { super.init() }

    /// Where the range starts. Subclasses must override it.
    open var start: UITextPosition {
        programmerError("UITextRange.start: \(type(of: self)) must override start")
    }
    /// Where the range ends (after `start`, or equal to it). Subclasses must override it.
    open var end: UITextPosition {
        programmerError("UITextRange.end: \(type(of: self)) must override end")
    }
    /// Whether the range holds no text. Subclasses must override it.
    open var isEmpty: Bool {
        programmerError("UITextRange.isEmpty: \(type(of: self)) must override isEmpty")
    }
}

/// One rect of a selection's highlight, with what an editor needs to draw handles: the text
/// direction in it and whether the selection starts or ends in it. A view that adopts
/// ``UITextInput`` on its own may subclass it; ``UITextView`` returns its own.
@preconcurrency @MainActor
open class UITextSelectionRect: NSObject {
    /// A rect with no geometry; subclasses override the properties.
    public override init() { super.init() }

    /// The rect, in the text-input view's coordinates.
    open var rect: CGRect { .zero }
    /// The direction of the text in the rect.
    open var writingDirection: NSWritingDirection { .natural }
    /// Whether the selection's start is in this rect.
    open var containsStart: Bool { false }
    /// Whether the selection's end is in this rect.
    open var containsEnd: Bool { false }
    /// Whether the text in the rect runs vertically (never, in OpenTextKit).
    open var isVertical: Bool { false }
}
