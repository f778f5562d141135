import COTKICU

/// A domain name found in the text: where it is and where its labels are.
struct DomainName {
    /// The name, from its first label to the end of its last (a trailing dot is not part of it).
    var range: Range<Int>
    /// The labels, in order.
    var labels: [Range<Int>]

    /// The last label's range.
    var topLevelLabel: Range<Int> { labels[labels.count - 1] }

    /// The longest names DNS allows: 63 octets a label, 253 a name (counted here in UTF-16 units of
    /// the written form, which is never longer than the ASCII form's limit allows for ASCII names).
    static let maximumLabelLength = 63
    static let maximumNameLength = 253

    /// Reads a domain name from `start`: labels of ASCII letters, digits and hyphens or non-ASCII
    /// letters, digits and marks, separated by single dots. A dot that no label follows ends the
    /// name before it; hyphens that end the last label are left out ("example.com-" ends at "m").
    /// Nil when a label begins with a hyphen or an inner label ends with one, when a label or the
    /// name is too long, or when there is no label at `start`.
    static func read(in text: DetectionText, from start: Int) -> DomainName? {
        var labels: [Range<Int>] = []
        var offset = start
        while true {
            let labelStart = offset
            while let (scalar, length) = text.scalar(at: offset), isLabelCharacter(scalar) {
                offset += length
                if offset - labelStart > maximumLabelLength { return nil }
            }
            if offset == labelStart { break }
            if text.has("-", at: labelStart) { return nil }
            var labelEnd = offset
            let continues = text.has(".", at: offset) && text.scalar(at: offset + 1).map { isLabelCharacter($0.scalar) } == true
            if text.has("-", at: labelEnd - 1) {
                if continues { return nil }
                while labelEnd > labelStart, text.has("-", at: labelEnd - 1) { labelEnd -= 1 }
                if labelEnd == labelStart { break }
            }
            labels.append(labelStart..<labelEnd)
            if labelEnd - start > maximumNameLength { return nil }
            guard continues, labelEnd == offset else { break }
            offset += 1
        }
        guard let last = labels.last else { return nil }
        return DomainName(range: start..<last.upperBound, labels: labels)
    }

    /// A letter, digit or hyphen of ASCII, or a non-ASCII letter, digit or mark.
    @inline(__always)
    static func isLabelCharacter(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let u = UInt16(scalar.value)
            return DetectionCharacter.isAlphanumeric(u) || u == 0x2D
        }
        return DetectionCharacter.isNonASCIILabel(scalar)
    }

    /// Whether every label is digits only and there are four of at most 255: an IPv4 address.
    func isIPv4Address(in text: DetectionText) -> Bool {
        guard labels.count == 4 else { return false }
        return labels.allSatisfy { label in
            guard label.count <= 3 else { return false }
            var value = 0
            for offset in label {
                guard let u = text.unit(offset), DetectionCharacter.isDigit(u) else { return false }
                value = value * 10 + Int(u - 0x30)
            }
            return value <= 255
        }
    }

    /// Whether the last label holds a letter (a top-level domain is never all digits).
    func topLevelLabelHasLetter(in text: DetectionText) -> Bool {
        topLevelLabel.contains { offset in
            guard let u = text.unit(offset) else { return false }
            return u >= 0x80 || DetectionCharacter.isLetter(u)
        }
    }

    // MARK: IDNA

    /// The ASCII form of a domain name (UTS #46, through ICU): "bücher.de" → "xn--bcher-kva.de".
    /// Nil when the name is not a valid internationalized domain name.
    static func ascii(fromUnicode name: String) -> String? {
        if name.utf8.allSatisfy({ $0 < 0x80 }) && !name.lowercased().contains("xn--") { return name.lowercased() }
        return convert(name, toASCII: true)
    }

    /// The Unicode form of a domain name with "xn--" labels; nil when it is not valid.
    static func unicode(fromASCII name: String) -> String? {
        convert(name, toASCII: false)
    }

    private static func convert(_ name: String, toASCII: Bool) -> String? {
        let source = Array(name.utf16)
        var capacity = source.count * 4 + 16
        for _ in 0..<2 {
            var destination = [UInt16](repeating: 0, count: capacity)
            var errors: UInt32 = 0
            var err: Int32 = 0
            let needed = source.withUnsafeBufferPointer { src in
                destination.withUnsafeMutableBufferPointer { dest in
                    toASCII
                        ? cotk_idna_to_ascii(src.baseAddress, Int32(src.count), dest.baseAddress, Int32(dest.count), &errors, &err)
                        : cotk_idna_to_unicode(src.baseAddress, Int32(src.count), dest.baseAddress, Int32(dest.count), &errors, &err)
                }
            }
            if cotk_failure(err) == 0 {
                guard errors == 0 else { return nil }
                return String(decoding: destination[..<Int(needed)], as: UTF16.self)
            }
            guard Int(needed) > capacity else { return nil }  // a failure other than a short buffer
            capacity = Int(needed)
        }
        return nil
    }
}
