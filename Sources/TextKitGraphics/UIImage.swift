import Foundation

/// A bitmap image, as UIKit's `UIImage`. Sizes are in points; `scale` pixels per point.
open class UIImage: @unchecked Sendable {  // immutable
    public let size: CGSize
    public let scale: CGFloat

    package init(size: CGSize, scale: CGFloat) {
        self.size = size
        self.scale = scale
    }
}
