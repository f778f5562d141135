import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A source of bytes, as Core Graphics' `CGDataProvider`; here for loading fonts
/// (``CGFont/init(_:)``) as iOS code does: `CGDataProvider(data: data as CFData)` then `CGFont(provider)`.
///
/// The libraries that read fonts here (FreeType, HarfBuzz, Cairo, fontconfig) read files, so a
/// provider is a readable file: the file of ``init(url:)``, or for ``init(data:)`` an anonymous
/// file holding a copy of the bytes (a temporary file unlinked at once and reached through
/// `/proc/self/fd`, so nothing is left on disk). That file stays open for the life of the process,
/// because fonts made from it may be loaded again at any time; its bytes count against the
/// process's memory or temporary storage like the `Data` they came from.
public final class CGDataProvider: @unchecked Sendable {  // immutable
    /// The file holding the provider's bytes.
    public let url: URL

    /// A provider reading the file at `url` (Core Graphics' `init?(url:)`; Apple's parameter is a
    /// `CFURL`, here `URL`), or nil when there is no readable file there.
    public init?(url: URL) {
        guard url.isFileURL, FileManager.default.isReadableFile(atPath: url.path) else { return nil }
        self.url = url
    }

    /// A provider reading the file at a path (Core Graphics' `init?(filename:)`), or nil when
    /// there is no readable file there.
    public convenience init?(filename: UnsafePointer<CChar>) {
        self.init(url: URL(fileURLWithPath: String(cString: filename)))
    }

    /// A provider of a copy of `data` (Core Graphics' `init?(data:)`; Apple's parameter is a
    /// `CFData`, here `Data`), or nil when no temporary file can be made to hold it.
    public init?(data: Data) {
        guard let path = Self.anonymousFile(holding: data) else { return nil }
        url = URL(fileURLWithPath: path)
    }

    /// The bytes (Core Graphics' `CGDataProvider.data`), or nil when the file cannot be read.
    public var data: Data? { try? Data(contentsOf: url) }

    /// Writes `data` to a new temporary file, unlinks it and returns the `/proc/self/fd` path that
    /// keeps reaching it while the descriptor stays open (it is never closed).
    private static func anonymousFile(holding data: Data) -> String? {
        var template = Array((NSTemporaryDirectory() + "/opentextkit-data-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return nil }
        unlink(template)  // the name mkstemp filled in (a C string)
        let written = data.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let n = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n <= 0 { return false }
                offset += n
            }
            return true
        }
        guard written else {
            close(fd)
            return nil
        }
        return "/proc/self/fd/\(fd)"
    }
}

extension CGFont {
    /// The first face of the font the provider holds (Core Graphics' `init?(_ provider:)`), or nil
    /// when the bytes are not a font FreeType and Cairo can use.
    public convenience init?(_ provider: CGDataProvider) {
        do {
            try self.init(url: provider.url, faceIndex: 0)
        } catch {
            return nil
        }
    }
}
