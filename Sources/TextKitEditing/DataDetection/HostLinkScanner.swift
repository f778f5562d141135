/// Finds links written without a scheme: "www.apple.com", "apple.com/path", "bücher.de".
///
/// A host is a domain name of two labels or more that starts a word and ends in a real top-level
/// domain (``TopLevelDomains``), followed by an optional port and path. It is not a link when
/// - an `@` follows it (it is the left side of an e-mail address) or a word character does;
/// - a letter, digit, `.`, `@`, `_`, `/`, `\`, `:`, `%`, `&`, `=`, `#`, `~`, `+` or `$` precedes it
///   (it is inside a longer word or a path);
/// - its last label is capitalized ("it.Was", a sentence missing its space), unless it starts with "www.";
/// - it is a file name: two labels, no "www.", no path or port, and a last label that is also a
///   common file extension ("setup.sh", "main.py", "readme.md", "archive.zip", "Makefile.am");
/// - ICU's UTS #46 rejects it as an internationalized domain name.
///
/// Apple's detector documents none of this; its bare-host detection is known to accept only some
/// top-level domains. The URL is "http://" and the host in ASCII form.
enum HostLinkScanner {
    /// Top-level domains that are also common file extensions: "name.ext" alone is not a link.
    static let fileExtensionDomains: Set<String> = [
        "ac", "am", "app", "cc", "in", "md", "mk", "ml", "mov", "pl", "pm", "py", "rs", "sh", "so", "zip",
    ]

    static func scan(_ text: DetectionText, domains: TopLevelDomains) -> [DetectedItem] {
        var items: [DetectedItem] = []
        var offset = text.bounds.lowerBound
        let upper = text.bounds.upperBound
        while offset < upper {
            guard let (scalar, length) = text.scalar(at: offset), DomainName.isLabelCharacter(scalar),
                  scalar != "-", startsWord(at: offset, in: text) else {
                offset += 1
                continue
            }
            // The run of label characters and dots from here; only a run with an inner dot can hold a host.
            var runEnd = offset + length
            var hasInnerDot = false
            while let (next, nextLength) = text.scalar(at: runEnd) {
                if next == "." {
                    if let (after, _) = text.scalar(at: runEnd + 1), DomainName.isLabelCharacter(after) { hasInnerDot = true }
                } else if !DomainName.isLabelCharacter(next) {
                    break
                }
                runEnd += nextLength
            }
            if hasInnerDot, let item = link(at: offset, in: text, domains: domains) {
                items.append(item)
                offset = max(item.range.upperBound, runEnd)
            } else {
                offset = runEnd
            }
        }
        return items
    }

    /// Whether a host may start at `offset`: nothing of a word or a path stands before it.
    static func startsWord(at offset: Int, in text: DetectionText) -> Bool {
        guard let (before, _) = text.scalar(before: offset) else { return true }
        if before.isASCII {
            let u = UInt16(before.value)
            if DetectionCharacter.isAlphanumeric(u) { return false }
            return !"-.@_/\\:%&=#~+$".utf16.contains(u)
        }
        return !DetectionCharacter.isNonASCIILabel(before)
    }

    static func link(at start: Int, in text: DetectionText, domains: TopLevelDomains) -> DetectedItem? {
        guard let domain = DomainName.read(in: text, from: start), domain.labels.count >= 2,
              domain.topLevelLabelHasLetter(in: text) else { return nil }
        let topLevel = text.string(domain.topLevelLabel)
        guard domains.contains(topLevel) else { return nil }
        let isWWW = domain.labels.count >= 3 && text.string(domain.labels[0]).lowercased() == "www"
        if !isWWW, isCapitalized(domain.topLevelLabel, in: text) { return nil }
        var end = domain.range.upperBound
        if text.has("@", at: end) || text.isWordCharacter(at: end) { return nil }
        var hasPort = false
        if text.has(":", at: end) {
            var j = end + 1
            while let u = text.unit(j), DetectionCharacter.isDigit(u), j - end <= 5 { j += 1 }
            if j > end + 1, !text.isWordCharacter(at: j) {
                end = j
                hasPort = true
            }
        }
        var hasPath = false
        if let u = text.unit(end), u == 0x2F || u == 0x3F || u == 0x23 {  // / ? #
            hasPath = true
            end = LinkTail.end(in: text, from: end, minimumEnd: end, quoted: text.has("'", at: start - 1))
        }
        if !isWWW, !hasPath, !hasPort, domain.labels.count == 2,
           fileExtensionDomains.contains(topLevel.lowercased()) { return nil }
        guard let host = DomainName.ascii(fromUnicode: text.string(domain.range)),
              let url = LinkURL.make("http://", host + text.string(domain.range.upperBound..<end)) else { return nil }
        return DetectedItem(range: start..<end, kind: .link(url), rank: .hostLink)
    }

    /// "Was": an ASCII capital followed by lowercase letters.
    static func isCapitalized(_ label: Range<Int>, in text: DetectionText) -> Bool {
        guard label.count >= 2, let first = text.unit(label.lowerBound), first >= 0x41, first <= 0x5A else { return false }
        return label.dropFirst().contains { k in
            guard let u = text.unit(k) else { return false }
            return u >= 0x61 && u <= 0x7A
        }
    }
}
