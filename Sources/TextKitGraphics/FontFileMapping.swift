import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A font file mapped into memory once, read-only, for everything that reads it: the font's own
/// FreeType face, the one Cairo draws with, and HarfBuzz's blob. Each of them mapping the file on
/// its own (`FT_New_Face`, `hb_blob_create_from_file`) put the pages they touched in the process's
/// resident memory up to three times: a text of every Unicode scalar, which loads some 160 faces,
/// counted 21 MiB of its 34 MiB of font pages twice or three times.
///
/// The mapping lives as long as its last user: ``CGFont`` keeps it, and the Cairo face and a
/// HarfBuzz blob made over it each hold a reference of their own (see ``retainedPointer()``).
package final class FontFileMapping: @unchecked Sendable {
    // @unchecked: immutable after init; the mapped bytes are never written.

    /// The file's first byte and its length.
    package let bytes: UnsafeRawPointer
    package let count: Int

    /// Maps the file at `url`.
    /// - Throws: ``FontLoadingError`` `.unreadableFile` when it cannot be opened or mapped (an
    ///   empty file cannot be mapped and is no font either).
    package init(url: URL) throws(FontLoadingError) {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw FontLoadingError(.unreadableFile, url: url, detail: "cannot open (errno \(errno))")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_size > 0 else {
            throw FontLoadingError(.unreadableFile, url: url, detail: "empty or not a regular file")
        }
        let length = Int(status.st_size)
        guard let mapped = mmap(nil, length, PROT_READ, MAP_PRIVATE, descriptor, 0), mapped != MAP_FAILED else {
            throw FontLoadingError(.unreadableFile, url: url, detail: "cannot map (errno \(errno))")
        }
        bytes = UnsafeRawPointer(mapped)
        count = length
    }

    deinit {
        munmap(UnsafeMutableRawPointer(mutating: bytes), count)
    }

    /// A +1 reference as a C pointer, for a C object that reads the mapping to hold (HarfBuzz's
    /// blob `user_data`); ``release(_:)`` gives it back.
    package func retainedPointer() -> UnsafeMutableRawPointer {
        Unmanaged.passRetained(self).toOpaque()
    }

    /// Gives back a reference taken by ``retainedPointer()``.
    package static func release(_ pointer: UnsafeMutableRawPointer) {
        Unmanaged<FontFileMapping>.fromOpaque(pointer).release()
    }
}
