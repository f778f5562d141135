import Foundation

/// A path with drawing attributes, as UIKit's `UIBezierPath`, over a ``CGPath``.
open class UIBezierPath: @unchecked Sendable {  // a reference type with mutable state, as in UIKit
    /// The underlying path (mutable: building methods append to it).
    public var cgPath: CGPath {
        get { path.copy() }
        set { path = newValue.mutableCopy() }
    }
    package var path: CGMutablePath

    public init() { path = CGMutablePath() }

    public init(cgPath: CGPath) { path = cgPath.mutableCopy() }
}
