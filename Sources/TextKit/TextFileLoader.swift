import struct Foundation.URL
import struct Foundation.Data
import class Foundation.FileHandle
import struct Foundation.CocoaError
import var Foundation.NSDebugDescriptionErrorKey
import TextKitModel

/// Reads a UTF-8 text file a chunk at a time, so that a view can show a large document's first
/// screen long before the whole file is read: read a first chunk of a few dozen kilobytes, show
/// it, then append the rest a chunk at a time from the run loop's idle time
/// (``appendNextChunk(to:byteCount:)``), each chunk a storage edit at the end of the text.
///
/// An OpenTextKit addition (on Apple's platforms an app reads the file itself). Each chunk ends
/// on a character boundary: a UTF-8 sequence cut by the chunk's end goes with the next one, so the
/// text is the same as reading the file whole. A file that is not UTF-8 throws when the chunk
/// holding the first bad byte is read, naming its offset; what was read before stays.
///
/// ```swift
/// let loader = try TextFileLoader(contentsOf: url)
/// textView.text = try loader.readNextChunk(byteCount: 64 << 10) ?? ""
/// // … later, once a frame is shown, a chunk per idle callback:
/// while try loader.appendNextChunk(to: textView.textStorage) { }
/// ```
///
/// Appended text takes the attributes of the character before it (the text view's font and
/// colour, as if it had been in the text it was given). Edits made to the storage meanwhile are
/// kept: the chunks go after whatever text is there.
public final class TextFileLoader {
    /// The file's size in bytes when it was opened.
    public let fileSize: Int
    /// How many of its bytes have been read and decoded so far.
    public private(set) var bytesRead = 0
    /// Whether the whole file has been read.
    public var isFinished: Bool { handle == nil }

    private var handle: FileHandle?
    /// The bytes of a UTF-8 sequence the last chunk's end cut, read again with the next chunk.
    private var carried: [UInt8] = []

    /// Opens the file at `url` for reading; throws when it cannot be opened.
    public init(contentsOf url: URL) throws {
        let handle = try FileHandle(forReadingFrom: url)
        self.handle = handle
        fileSize = Int(try handle.seekToEnd())
        try handle.seek(toOffset: 0)
    }

    deinit { try? handle?.close() }

    /// Reads about `byteCount` more bytes (fewer at the end of the file, a few more or less to end
    /// on a character boundary) and returns their text; nil once the file is all read. Throws for
    /// a read error, or for bytes that are not UTF-8 (the loader is then finished).
    public func readNextChunk(byteCount: Int = 2 << 20) throws -> String? {
        guard let handle else { return nil }
        let data = try handle.read(upToCount: max(1, byteCount)) ?? Data()
        var bytes = carried
        bytes.append(contentsOf: data)
        let atEnd = data.count < max(1, byteCount)  // a short read of a file: its end
        // Keep a sequence cut by the chunk's end for the next chunk (not at the file's end, where
        // it is a malformed sequence).
        let cut = atEnd ? bytes.count : Self.lastCharacterBoundary(in: bytes)
        carried = Array(bytes[cut...])
        let chunk = bytes[..<cut]
        if atEnd {
            try? handle.close()
            self.handle = nil
        }
        guard let text = String(validating: chunk, as: UTF8.self) else {
            try? handle.close()
            self.handle = nil
            let bad = Self.firstInvalidByte(in: chunk)
            throw CocoaError(.fileReadInapplicableStringEncoding, userInfo: [
                NSDebugDescriptionErrorKey: "the file is not UTF-8: byte \(bytesRead + bad) (0x\(String(chunk[chunk.startIndex + bad], radix: 16))) starts no character"
            ])
        }
        bytesRead += cut
        if text.isEmpty && atEnd { return nil }
        return text
    }

    /// Reads the next chunk and appends it to the end of `storage`, with the attributes of the
    /// character before it (`attributes` for an empty storage). Returns whether more remains.
    @discardableResult
    public func appendNextChunk(to storage: NSTextStorage, byteCount: Int = 2 << 20,
                                attributes: [NSAttributedString.Key: Any] = [:]) throws -> Bool {
        guard let text = try readNextChunk(byteCount: byteCount) else { return false }
        let end = storage.length
        let inherited = end > 0 ? storage.attributes(at: end - 1, effectiveRange: nil) : attributes
        storage.beginEditing()
        storage.replaceCharacters(in: NSRange(location: end, length: 0), with: NSAttributedString(string: text, attributes: inherited))
        storage.endEditing()
        return !isFinished
    }

    /// Where the last whole character of `bytes` ends: before a lead byte whose sequence the end
    /// cuts (at most three bytes back), else at the end.
    static func lastCharacterBoundary(in bytes: [UInt8]) -> Int {
        var i = bytes.count
        var continuation = 0
        while i > 0 && continuation < 4 {
            let byte = bytes[i - 1]
            if byte & 0xC0 == 0x80 {
                continuation += 1
                i -= 1
                continue
            }
            // A lead byte: the sequence it starts is complete when the continuation bytes after
            // it are as many as it announces.
            let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            return continuation + 1 >= length ? bytes.count : i - 1
        }
        return bytes.count  // no lead byte within reach: malformed, left to validation
    }

    /// The offset of the first byte where `bytes` stop being UTF-8.
    private static func firstInvalidByte(in bytes: ArraySlice<UInt8>) -> Int {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while case .valid(let scalar) = parser.parseScalar(from: &iterator) { offset += scalar.count }
        return offset
    }
}
