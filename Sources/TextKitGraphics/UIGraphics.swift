import Foundation

// UIKit's current-context functions. UIKit keeps one stack on the main thread; here each thread
// has its own stack, so contexts on different threads never meet. A consequence for Swift
// concurrency: an `async` function may resume on another thread after an `await`, so do not
// await between a push (or begin) and its pop (or end).

/// The per-thread stack of current contexts.
final class GraphicsContextStack {
    enum Kind {
        /// Pushed by UIGraphicsPushContext.
        case pushed
        /// Begun by UIGraphicsBeginImageContext…; the context is nil when the size was refused.
        case image(scale: CGFloat)
        /// Begun by UIGraphicsBeginPDFContextTo…; `data` receives the bytes at the end.
        case pdf(data: NSMutableData?)
    }

    struct Entry {
        var context: CGContext?
        var kind: Kind
    }

    var entries: [Entry] = []

    private static let key = "OpenTextKit.UIGraphics.contextStack"

    /// The calling thread's stack.
    static var current: GraphicsContextStack {
        let dictionary = Thread.current.threadDictionary
        if let stack = dictionary[key] as? GraphicsContextStack { return stack }
        let stack = GraphicsContextStack()
        dictionary[key] = stack
        return stack
    }

    var top: Entry? { entries.last }

    /// The index of the topmost PDF entry.
    var topPDFIndex: Int? {
        entries.lastIndex { if case .pdf = $0.kind { true } else { false } }
    }

    func push(_ context: CGContext?, _ kind: Kind) { entries.append(Entry(context: context, kind: kind)) }
}

/// The current context of the calling thread: the top of its stack (nil when the stack is
/// empty or the top is an image context whose size was refused).
public func UIGraphicsGetCurrentContext() -> CGContext? {
    GraphicsContextStack.current.top?.context
}

/// Makes `context` the current context of the calling thread.
public func UIGraphicsPushContext(_ context: CGContext) {
    GraphicsContextStack.current.push(context, .pushed)
}

/// Removes the current context from the calling thread's stack (nothing when it is empty).
public func UIGraphicsPopContext() {
    _ = GraphicsContextStack.current.entries.popLast()
}

/// Begins an image context of `size` points and makes it current. `opaque` images have no
/// alpha channel; `scale` is pixels per point (0 means 1: there is no screen here). An empty,
/// non-finite or absurd size is refused: the stack then holds an entry without a context, so
/// ``UIGraphicsGetCurrentContext()`` and ``UIGraphicsGetImageFromCurrentImageContext()``
/// return nil and the matching ``UIGraphicsEndImageContext()`` still balances.
public func UIGraphicsBeginImageContextWithOptions(_ size: CGSize, _ opaque: Bool, _ scale: CGFloat) {
    let scale = scale == 0 ? 1 : scale
    let context = try? CGContext(imageSize: size, scale: scale, opaque: opaque)
    GraphicsContextStack.current.push(context, .image(scale: scale))
}

/// ``UIGraphicsBeginImageContextWithOptions(_:_:_:)`` with a transparent image at scale 1.
public func UIGraphicsBeginImageContext(_ size: CGSize) {
    UIGraphicsBeginImageContextWithOptions(size, false, 1)
}

/// The pixels of the current image context so far, or nil when the current context is not an
/// image context.
public func UIGraphicsGetImageFromCurrentImageContext() -> UIImage? {
    guard let entry = GraphicsContextStack.current.top, case .image(let scale) = entry.kind,
          let image = entry.context?.makeImage() else { return nil }
    return UIImage(cgImage: image, scale: scale)
}

/// Ends the current image context (removes it from the stack). Does nothing when the current
/// context is not an image context.
public func UIGraphicsEndImageContext() {
    let stack = GraphicsContextStack.current
    guard let top = stack.top, case .image = top.kind else { return }
    stack.entries.removeLast()
}

/// Fills `rect` with the current context's fill colour.
public func UIRectFill(_ rect: CGRect) { UIGraphicsGetCurrentContext()?.fill(rect) }

/// Strokes a 1-point frame just inside `rect` with the current fill colour (as UIKit).
public func UIRectFrame(_ rect: CGRect) {
    guard let context = UIGraphicsGetCurrentContext() else { return }
    let r = rect.standardized
    guard r.width > 0, r.height > 0 else { return }
    let w = min(1, r.width / 2), h = min(1, r.height / 2)
    context.fill([CGRect(x: r.minX, y: r.minY, width: r.width, height: h),
                  CGRect(x: r.minX, y: r.maxY - h, width: r.width, height: h),
                  CGRect(x: r.minX, y: r.minY + h, width: w, height: r.height - 2 * h),
                  CGRect(x: r.maxX - w, y: r.minY + h, width: w, height: r.height - 2 * h)])
}

/// Intersects the current context's clip with `rect`.
public func UIRectClip(_ rect: CGRect) { UIGraphicsGetCurrentContext()?.clip(to: rect) }

extension UIColor {
    /// Makes this the fill and stroke colour of the current context.
    public func set() {
        setFill()
        setStroke()
    }

    /// Makes this the fill colour of the current context.
    public func setFill() { UIGraphicsGetCurrentContext()?.setFillColor(self) }

    /// Makes this the stroke colour of the current context.
    public func setStroke() { UIGraphicsGetCurrentContext()?.setStrokeColor(self) }
}
