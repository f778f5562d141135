import Foundation

// Names that Foundation and Dispatch declare on Apple platforms (from the Objective-C runtime's and
// Darwin's headers) but swift-corelibs-foundation does not, which iOS text code uses as freely as
// UIKit's own: `let lines: NSInteger = …`, `DispatchTime.now() + Double(Int64(0.3 * Double(NSEC_PER_SEC)))`.

/// A signed integer of the platform's word size (Objective-C's `NSInteger`): `Int`.
public typealias NSInteger = Int
/// An unsigned integer of the platform's word size (Objective-C's `NSUInteger`): `UInt`.
public typealias NSUInteger = UInt

/// Nanoseconds in a second (Darwin's `NSEC_PER_SEC`).
public let NSEC_PER_SEC: UInt64 = 1_000_000_000
/// Nanoseconds in a millisecond (Darwin's `NSEC_PER_MSEC`).
public let NSEC_PER_MSEC: UInt64 = 1_000_000
/// Nanoseconds in a microsecond (Darwin's `NSEC_PER_USEC`).
public let NSEC_PER_USEC: UInt64 = 1_000
/// Microseconds in a second (Darwin's `USEC_PER_SEC`).
public let USEC_PER_SEC: UInt64 = 1_000_000
