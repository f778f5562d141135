import TextKitGraphics
import TextKitModel

// Run delegates: Core Text's way of reserving room in a line for something that is not text (an
// image, a control), sized by the client's callbacks. Image-placing code puts the delegate on a
// U+FFFC, lays the text out, finds the run carrying the delegate and draws its image in the run's
// box. Here a delegate's U+FFFC takes the same path as a TextKit attachment: one box glyph of the
// callbacks' width, raising the line to the callbacks' ascent and lowering it to their descent, and
// drawing nothing.

/// Called with the delegate's `refCon` when the delegate is deallocated (Core Text's
/// `CTRunDelegateDeallocateCallback`), a C function pointer as in Core Text.
public typealias CTRunDelegateDeallocateCallback = @convention(c) (UnsafeMutableRawPointer) -> Void
/// The height of the delegate's box above the baseline (Core Text's `CTRunDelegateGetAscentCallback`).
///
/// Core Text's three metric callbacks are `@convention(c)` functions returning `CGFloat`; on
/// Linux `CGFloat` is a Swift struct that a C function type cannot return, so here they are Swift
/// functions of the same shape. Closures written for Core Text (`{ refCon in … }`, capturing
/// nothing) and global functions pass unchanged.
public typealias CTRunDelegateGetAscentCallback = (UnsafeMutableRawPointer) -> CGFloat
/// The depth of the delegate's box below the baseline, positive (Core Text's `CTRunDelegateGetDescentCallback`).
public typealias CTRunDelegateGetDescentCallback = (UnsafeMutableRawPointer) -> CGFloat
/// The advance of each character the delegate covers (Core Text's `CTRunDelegateGetWidthCallback`).
public typealias CTRunDelegateGetWidthCallback = (UnsafeMutableRawPointer) -> CGFloat

/// The callbacks of a run delegate, as Core Text's struct: write them as closures that capture
/// nothing (`getWidth: { _ in 30 }`) or pass functions, and reach per-delegate data through the
/// `refCon` pointer each receives. `dealloc` is a C function pointer as in Core Text; the metric
/// callbacks are Swift functions (see ``CTRunDelegateGetAscentCallback``).
public struct CTRunDelegateCallbacks {
    /// ``kCTRunDelegateVersion1``; other versions make ``CTRunDelegateCreate(_:_:)`` fail.
    public var version: CFIndex
    /// Called with `refCon` when the delegate is deallocated.
    public var dealloc: CTRunDelegateDeallocateCallback
    /// The box's height above the baseline, in points.
    public var getAscent: CTRunDelegateGetAscentCallback
    /// The box's depth below the baseline, in points (positive).
    public var getDescent: CTRunDelegateGetDescentCallback
    /// The box's advance, in points.
    public var getWidth: CTRunDelegateGetWidthCallback

    /// Callbacks for ``CTRunDelegateCreate(_:_:)``; `version` must be ``kCTRunDelegateVersion1``.
    public init(version: CFIndex, dealloc: @escaping CTRunDelegateDeallocateCallback,
                getAscent: @escaping CTRunDelegateGetAscentCallback, getDescent: @escaping CTRunDelegateGetDescentCallback,
                getWidth: @escaping CTRunDelegateGetWidthCallback) {
        self.version = version
        self.dealloc = dealloc
        self.getAscent = getAscent
        self.getDescent = getDescent
        self.getWidth = getWidth
    }
}

/// The version of ``CTRunDelegateCallbacks`` this library reads (Core Text's `kCTRunDelegateVersion1`).
public let kCTRunDelegateVersion1: Int = 1
/// The current version of ``CTRunDelegateCallbacks`` (Core Text's `kCTRunDelegateCurrentVersion`).
public let kCTRunDelegateCurrentVersion: Int = kCTRunDelegateVersion1

/// A run delegate (Core Text's `CTRunDelegate`): callbacks and the pointer they are called with.
/// Put it under ``kCTRunDelegateAttributeName`` on a U+FFFC to reserve a box in the line.
///
/// The callbacks are called while text carrying the delegate is typeset (once per typesetting of a
/// string, not once per character), and `dealloc` when the delegate goes away. Give the callbacks
/// answers that do not change, as Core Text expects: layouts already made keep the old ones.
public final class CTRunDelegate: @unchecked Sendable {  // immutable; the callbacks are the client's to make thread-safe
    let callbacks: CTRunDelegateCallbacks
    let refCon: UnsafeMutableRawPointer

    fileprivate init(callbacks: CTRunDelegateCallbacks, refCon: UnsafeMutableRawPointer) {
        self.callbacks = callbacks
        self.refCon = refCon
    }

    deinit { callbacks.dealloc(refCon) }

    /// The box the delegate asks for, as attachment bounds: y up from the baseline, from the
    /// descent (below it) to the ascent, and the width. A value that is not finite counts as 0, a
    /// negative width as 0, so that no callback can put NaN or infinity into the layout.
    var box: CGRect {
        func finite(_ value: CGFloat) -> CGFloat { value.isFinite ? value : 0 }
        let ascent = finite(callbacks.getAscent(refCon)), descent = finite(callbacks.getDescent(refCon))
        let width = max(0, finite(callbacks.getWidth(refCon)))
        return CGRect(x: 0, y: -descent, width: width, height: max(0, ascent + descent))
    }
}

/// A placeholder for a nil `refCon`: the callbacks take a non-optional pointer, as in Core Text's
/// Swift interface. Never read or written.
nonisolated(unsafe) private let nilRefCon = UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1)

/// A run delegate calling `callbacks` with `refCon` (Core Text's `CTRunDelegateCreate`), or nil
/// when the callbacks' version is not ``kCTRunDelegateVersion1``. The callbacks are copied.
/// A nil `refCon` reaches the callbacks and ``CTRunDelegateGetRefCon(_:)`` as a pointer to a
/// private placeholder byte, never to be dereferenced.
public func CTRunDelegateCreate(_ callbacks: UnsafePointer<CTRunDelegateCallbacks>,
                                _ refCon: UnsafeMutableRawPointer?) -> CTRunDelegate? {
    guard callbacks.pointee.version == kCTRunDelegateVersion1 else { return nil }
    return CTRunDelegate(callbacks: callbacks.pointee, refCon: refCon ?? nilRefCon)
}

/// The `refCon` the delegate was made with (Core Text's `CTRunDelegateGetRefCon`).
public func CTRunDelegateGetRefCon(_ runDelegate: CTRunDelegate) -> UnsafeMutableRawPointer {
    runDelegate.refCon
}

extension CTRunDelegate {
    /// The attachment standing for the delegate's box in layout: no image, bounds from the callbacks.
    func attachment() -> NSTextAttachment {
        let attachment = NSTextAttachment()
        attachment.bounds = box
        return attachment
    }
}
