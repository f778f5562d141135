/// Trimming white space without Foundation's bridging, for the HTML reader's CSS values and
/// attributes (trimming through `NSString` cost more than parsing the rest of a style sheet).
extension StringProtocol where UTF8View: BidirectionalCollection {
    /// The same as `trimmingCharacters(in: .whitespacesAndNewlines)`: when, with ASCII white space
    /// (tab, line feed, vertical tab, form feed, carriage return, space) taken off both ends, the
    /// text begins and ends with ASCII characters, that is the answer; otherwise (a non-ASCII
    /// character at an end, which may be white space or a combining mark) Foundation decides.
    func trimmingWhitespaceAndNewlines() -> String {
        let utf8 = self.utf8
        var start = utf8.startIndex, end = utf8.endIndex
        while start < end, Self.isASCIIWhitespace(utf8[start]) { start = utf8.index(after: start) }
        while end > start, Self.isASCIIWhitespace(utf8[utf8.index(before: end)]) { end = utf8.index(before: end) }
        if start == end { return "" }
        guard utf8[start] < 0x80, utf8[utf8.index(before: end)] < 0x80 else {
            return trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return String(self[start..<end])
    }

    private static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }
}
