/// The text of a built-in storage as a Swift `String` (what `NSAttributedString.string` returns),
/// made once and then patched with each later edit instead of made again.
///
/// Making the `String` transcodes every unit (about 14 instructions a unit: 2 ms for a megabyte),
/// and a subclass of `NSTextStorage` that keeps its text in an `NSMutableAttributedString` reads
/// `string` at least once per keystroke. Patching moves the bytes after the edit instead (a
/// `memmove`), and it waits for the next read: edits in between only record their units, so a
/// storage edited often and read seldom pays nothing for it.
///
/// Versions keep it honest: the owner bumps its text version at every change of characters and
/// passes it in; a change it did not ``record(replacing:of:with:version:)`` leaves the recorded
/// edits short of the version, and the next read makes the string again.
struct _TextString {
    /// The string, the text version it shows and its UTF-16 length.
    private var base: (version: Int, string: String, utf16Count: Int)?
    /// Character edits made since `base`, in order, each in the coordinates of the text of its time.
    private var edits: [(range: Range<Int>, units: [UInt16])] = []
    private var recordedUnits = 0

    /// Past this many edits (or inserted units) the text is transcoded again: each patch moves the
    /// rest of the string, and a dozen or so moves of a long text cost as much as making it anew.
    private static let maximumEdits = 12
    private static let maximumRecordedUnits = 4096

    /// The text at `version` as a `String`: the one kept, the one kept patched with the recorded
    /// edits, or `text` transcoded.
    mutating func string(of text: _UTF16Rope, version: Int) -> String {
        if let kept = base?.version, kept + edits.count == version {
            guard !edits.isEmpty else { return base!.string }
            // Taken out, not copied: a second reference would make each patch copy the string.
            var (_, string, count) = base.take()!
            for edit in edits {
                Self.patch(&string, utf16Count: count, replacing: edit.range, with: edit.units)
                count += edit.units.count - edit.range.count
            }
            clearEdits()
            base = (version, string, count)
            return string
        }
        // Room for a page of typing before the first patch must grow (copy) the string.
        let string = text.makeString(spareCapacity: text.count < 4096 ? 0 : 4096)
        base = (version, string, text.count)
        clearEdits()
        return string
    }

    /// Notes that `range` of `text`, at `version`, is about to become `units` (at `version + 1`).
    /// Forgets the string when the edit cannot be patched in: too many edits since the last read,
    /// or a surrogate among the new units or beside `range` (`string` shows a lone surrogate as
    /// U+FFFD, and the edit could pair it with a neighbour or part it from one).
    mutating func record(replacing range: Range<Int>, of text: _UTF16Rope, with units: some Collection<UInt16>, version: Int) {
        guard let kept = base?.version else { return }
        let isPatchable = kept + edits.count == version
            && edits.count < Self.maximumEdits
            && recordedUnits + units.count <= Self.maximumRecordedUnits
            && !units.contains(where: Self.isSurrogate)
            && (range.lowerBound == 0 || !Self.isSurrogate(text.unit(at: range.lowerBound - 1)))
            && (range.upperBound == text.count || !Self.isSurrogate(text.unit(at: range.upperBound)))
        guard isPatchable else {
            forget()
            return
        }
        edits.append((range, Array(units)))
        recordedUnits += units.count
    }

    /// Drops the string and the recorded edits (its memory goes at once).
    mutating func forget() {
        base = nil
        clearEdits()
    }

    private mutating func clearEdits() {
        edits.removeAll()
        recordedUnits = 0
    }

    private static func isSurrogate(_ unit: UInt16) -> Bool { unit & 0xF800 == 0xD800 }

    /// Replaces the UTF-16 range `range` of `string`, whose UTF-16 length is `utf16Count`, with
    /// `units`: none of them a surrogate, the range's ends on scalar boundaries (what
    /// ``record(replacing:of:with:version:)`` checked). The ends are found in the string's UTF-8:
    /// at once when it is all ASCII, else by a walk eight ASCII bytes at a time. The standard
    /// library then moves the bytes after the range in place when the string is not shared, and
    /// grows it by doubling when it must.
    private static func patch(_ string: inout String, utf16Count: Int, replacing range: Range<Int>, with units: [UInt16]) {
        var (start, end) = (range.lowerBound, range.upperBound)  // UTF-8 offsets when all ASCII
        if string.utf8.count != utf16Count {
            (start, end) = string.withUTF8 { utf8 in
                let lower = _UTF16Rope.walk(utf8, from: .init(), toUTF16: range.lowerBound)
                return (lower.utf8, _UTF16Rope.walk(utf8, from: lower, toUTF16: range.upperBound).utf8)
            }
        }
        let lower = string.utf8.index(string.startIndex, offsetBy: start)
        let upper = string.utf8.index(lower, offsetBy: end - start)
        string.replaceSubrange(lower..<upper, with: _UTF16Rope.makeString(of: units))
    }
}
