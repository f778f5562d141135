import TextKitModel
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A hunspell dictionary's word list sorted for prefix search: what completions are drawn from.
///
/// Built once per dictionary from its `.dic` file (each line `word/FLAGS` followed by optional
/// morphological fields; `\/` is a slash inside a word; the first line is the entry count; lines
/// that start with a tab are comments), decoded from the dictionary's encoding. The keys are the
/// words lowercased and in NFC, as UTF-8, so that the words with a given prefix — in any case —
/// are one contiguous run found by two binary searches; a completion costs the size of that run,
/// not of the dictionary. Words holding digits ("1st", the ordinal-number pieces of en_US) are left
/// out. Entries are the dictionary's stems only: hunspell derives the affixed forms ("happier")
/// from flags, and its API cannot list them, so those are not offered.
struct CompletionIndex: Sendable {
    /// The words, in NFC, sorted by key then by word; no duplicates.
    let words: [String]
    /// Every key's UTF-8 bytes, one after the other; key `i` ends at `keyEnds[i]`.
    private let keyBytes: [UInt8]
    private let keyEnds: [Int]

    var count: Int { words.count }

    init(wordListPath: String, encoding: DictionaryTextEncoding) {
        var entries: [(key: [UInt8], word: String)] = []
        if let data = FileManager.default.contents(atPath: wordListPath) {
            data.withUnsafeBytes { bytes in
                CompletionIndex.forEachWord(in: bytes) { wordBytes in
                    guard let decoded = encoding.decode(wordBytes), !decoded.isEmpty else { return }
                    let word = UnicodeText.nfc(decoded)
                    let hasDigit = Array(word.utf16).withUnsafeBufferPointer(UnicodeText.containsDigit)
                    guard !hasDigit else { return }
                    entries.append((Array(UnicodeText.nfc(word.lowercased()).utf8), word))
                }
            }
        } else {
            SpellingDiagnostics.report("OpenTextKit: cannot read the spelling word list \(wordListPath); no completions from it")
        }
        entries.sort { a, b in
            let order = CompletionIndex.compare(a.key, b.key)
            return order != 0 ? order < 0 : a.word < b.word
        }
        var words: [String] = []
        var keyBytes: [UInt8] = []
        var keyEnds: [Int] = []
        words.reserveCapacity(entries.count)
        keyEnds.reserveCapacity(entries.count)
        for entry in entries where words.last != entry.word {
            words.append(entry.word)
            keyBytes.append(contentsOf: entry.key)
            keyEnds.append(keyBytes.count)
        }
        self.words = words
        self.keyBytes = keyBytes
        self.keyEnds = keyEnds
    }

    /// The indices of the entries whose key starts with `prefix` (lowercased NFC UTF-8).
    func entries(withKeyPrefix prefix: [UInt8]) -> Range<Int> {
        guard !prefix.isEmpty else { return 0..<count }
        // UTF-8 never contains the byte 0xFF, so `prefix + [0xFF]` sorts after every key that
        // starts with `prefix` and before every greater key that does not.
        let lower = firstKey(notBelow: prefix)
        let upper = firstKey(notBelow: prefix + [0xFF])
        return lower..<upper
    }

    private func firstKey(notBelow probe: [UInt8]) -> Int {
        var low = 0, high = count
        keyBytes.withUnsafeBufferPointer { keys in
            probe.withUnsafeBufferPointer { probe in
                while low < high {
                    let mid = (low + high) / 2
                    let start = mid == 0 ? 0 : keyEnds[mid - 1]
                    let key = UnsafeBufferPointer(rebasing: keys[start..<keyEnds[mid]])
                    if CompletionIndex.compare(key, probe) < 0 { low = mid + 1 } else { high = mid }
                }
            }
        }
        return low
    }

    /// Byte-wise comparison (which for UTF-8 is code-point order): negative, zero or positive.
    private static func compare(_ a: [UInt8], _ b: [UInt8]) -> Int {
        a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in compare(a, b) } }
    }

    private static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        let common = min(a.count, b.count)
        if common > 0 {
            let order = memcmp(a.baseAddress!, b.baseAddress!, common)
            if order != 0 { return Int(order) }
        }
        return a.count - b.count
    }

    /// Calls `body` with the bytes of each entry's word in a `.dic` file, unescaped.
    private static func forEachWord(in file: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) -> Void) {
        let bytes = file.bindMemory(to: UInt8.self)
        var word: [UInt8] = []
        var lineStart = 0
        var isFirstLine = true
        while lineStart < bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count && bytes[lineEnd] != 0x0A { lineEnd += 1 }
            defer { lineStart = lineEnd + 1; isFirstLine = false }
            let line = UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd])
            // The first line is the approximate entry count.
            if isFirstLine && line.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x20 || $0 == 0x0D }) { continue }
            guard let first = line.first, first != 0x09, first != 0x20, first != 0x23, first != 0x0D else { continue }
            word.removeAll(keepingCapacity: true)
            var i = 0
            scan: while i < line.count {
                switch line[i] {
                case 0x5C where i + 1 < line.count:  // "\/" and "\\": the next byte is part of the word
                    word.append(line[i + 1])
                    i += 2
                    continue
                case 0x2F, 0x09, 0x20, 0x0D:  // "/" starts the flags; a tab or space the morphology
                    break scan
                default:
                    word.append(line[i])
                }
                i += 1
            }
            if !word.isEmpty { word.withUnsafeBytes(body) }
        }
    }
}
