// `import CoreGraphics`: OpenTextKit's Core Graphics layer (`CGContext`, `CGPath`, `CGColor`,
// `CGAffineTransform`, `CGImage` …) over Foundation's `CGFloat`, `CGPoint`, `CGSize` and `CGRect`,
// which swift-corelibs-foundation declares.
@_exported import Foundation
@_exported import TextKitGraphics
