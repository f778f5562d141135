/// Finds e-mail addresses ("jane.doe@example.com") and reports them as `mailto:` links.
///
/// The local part is the ASCII letters, digits and `. _ % + -` (and non-ASCII letters and digits)
/// before the `@`, at most 64 units, starting after the last ".." and without leading dots; it
/// must not end with a dot. The domain is a domain name of two labels or more whose last label is
/// a real top-level domain. "mailto:" written before the address is part of the match. The URL is
/// "mailto:" and the address, with the domain in ASCII form and the local part percent-encoded.
enum EmailScanner {
    static let maximumLocalLength = 64

    static func scan(_ text: DetectionText, domains: TopLevelDomains) -> [DetectedItem] {
        var items: [DetectedItem] = []
        var offset = text.bounds.lowerBound
        while offset < text.bounds.upperBound {
            if text.units[offset] == 0x40, let item = address(at: offset, in: text, domains: domains) {
                items.append(item)
                offset = item.range.upperBound
            } else {
                offset += 1
            }
        }
        return items
    }

    static func address(at sign: Int, in text: DetectionText, domains: TopLevelDomains) -> DetectedItem? {
        var localStart = sign
        while let (scalar, length) = text.scalar(before: localStart), isLocalCharacter(scalar) {
            localStart -= length
            if sign - localStart > maximumLocalLength { return nil }
        }
        // Start after the last "..", then skip leading dots.
        var k = sign - 1
        while k > localStart {
            if text.has(".", at: k), text.has(".", at: k - 1) {
                localStart = k + 1
                break
            }
            k -= 1
        }
        while localStart < sign, text.has(".", at: localStart) { localStart += 1 }
        guard localStart < sign, !text.has(".", at: sign - 1) else { return nil }
        guard let domain = DomainName.read(in: text, from: sign + 1), domain.labels.count >= 2,
              domain.topLevelLabelHasLetter(in: text), domains.contains(text.string(domain.topLevelLabel)),
              let host = DomainName.ascii(fromUnicode: text.string(domain.range)) else { return nil }
        let local = text.string(localStart..<sign)
        guard let url = LinkURL.make("mailto:", local + "@" + host) else { return nil }
        var start = localStart
        if localStart >= 7, text.matchesASCII("mailto:", at: localStart - 7) { start = localStart - 7 }
        return DetectedItem(range: start..<domain.range.upperBound, kind: .link(url), rank: .email)
    }

    static func isLocalCharacter(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let u = UInt16(scalar.value)
            return DetectionCharacter.isAlphanumeric(u) || u == 0x2E || u == 0x5F || u == 0x25 || u == 0x2B || u == 0x2D
        }
        return DetectionCharacter.isNonASCIILabel(scalar)
    }
}
