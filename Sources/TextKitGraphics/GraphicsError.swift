import Foundation

/// Why a graphics operation failed. Bad input (an unwritable path, an absurd image size,
/// undecodable image data) is reported with this error, never a crash.
public struct GraphicsError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// A size that is zero, negative, not finite, or a scale that is not positive.
        case invalidSize
        /// An image larger than ``CGImage/maximumDimension`` or ``CGImage/maximumPixelCount``.
        case imageTooLarge
        /// The output file cannot be created (missing directory, no permission).
        case unwritableOutput
        /// Writing or finishing the output failed (disk full, I/O error).
        case writeFailed
        /// Image data that is not a PNG this build can decode, or is damaged.
        case invalidImageData
        /// Cairo reported an error.
        case rendererFailure
    }

    /// What went wrong.
    public let kind: Kind
    /// A sentence saying what and where (the path, the size).
    public let detail: String

    /// An error of `kind`, with a sentence saying what and where.
    public init(_ kind: Kind, _ detail: String) {
        self.kind = kind
        self.detail = detail
    }

    public var description: String { detail }
}
