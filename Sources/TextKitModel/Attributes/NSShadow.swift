/// A drop shadow under text (the value of `.shadow`), as UIKit's `NSShadow`. Compared by value.
open class NSShadow: NSObject, NSCopying, @unchecked Sendable {  // mutable like UIKit's; not thread-safe
    /// Offset of the shadow in points; positive height moves it down on UIKit's y-down page.
    /// Default (0, -3), as UIKit.
    open var shadowOffset = CGSize(width: 0, height: -3)
    /// Gaussian blur radius in points; default 0 (sharp).
    open var shadowBlurRadius: CGFloat = 0
    /// A `UIColor`; nil draws black at one third opacity, as UIKit.
    open var shadowColor: Any?

    public override init() { super.init() }

    open func copy(with zone: NSZone? = nil) -> Any {
        let c = NSShadow()
        c.shadowOffset = shadowOffset
        c.shadowBlurRadius = shadowBlurRadius
        c.shadowColor = shadowColor
        return c
    }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? NSShadow else { return false }
        guard shadowOffset == other.shadowOffset, shadowBlurRadius == other.shadowBlurRadius else { return false }
        switch (shadowColor, other.shadowColor) {
        case (nil, nil): return true
        case let (a?, b?): return _attributeValuesEqual(a, b)
        default: return false
        }
    }

    open override var hash: Int {
        var h = Hasher()
        h.combine(shadowOffset.width)
        h.combine(shadowOffset.height)
        h.combine(shadowBlurRadius)
        return h.finalize()
    }

    open override var description: String {
        "NSShadow {\(shadowOffset.width), \(shadowOffset.height)} blur = \(shadowBlurRadius) color = \(shadowColor.map { "\($0)" } ?? "nil")"
    }
}
