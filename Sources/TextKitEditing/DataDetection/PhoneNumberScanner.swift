/// Finds telephone numbers: international ones written with "+" and a country code
/// ("+1 (408) 996-1010", "+44 20 7946 0958", "+33 1 23 45 67 89", "+14089961010") and national
/// ones in the usual groupings ("(408) 996-1010", "408-996-1010", "408.996.1010",
/// "1-800-555-0199", "020 7946 0958", "030 1234567", "555-0199", "01 23 45 67 89").
///
/// A number is groups of digits separated by one space, no-break space, hyphen or dot, with at
/// most one group in parentheses (which may follow the "+" and country code, as in
/// "+49 (0)30 1234567"). Rules that keep other numbers out:
/// - 8 to 15 digits after a "+"; 7 to 15 digits otherwise (E.164 allows 15);
/// - a national number has two groups at least, each after the first of two digits or more; two groups only in the forms "(408) 9961010",
///   "0xx xxxxxxx" (a trunk prefix) or "555-0199";
/// - dots only in "408.996.1010" and "01.23.45.67.89" shapes (so IPv4 addresses and version
///   numbers stay out);
/// - no national number whose groups after the first all have three digits (thousands: "10 000 000")
///   or that reads as a date ("2026-11-25");
/// - a letter, digit or one of `. - / : + _ @ # $ % & =` directly before or after ends the match
///   (part of a longer token).
/// `phoneNumber` is the matched text, as on Apple platforms.
enum PhoneNumberScanner {
    static func scan(_ text: DetectionText) -> [DetectedItem] {
        var items: [DetectedItem] = []
        var offset = text.bounds.lowerBound
        while offset < text.bounds.upperBound {
            let u = text.units[offset]
            if u == 0x2B || u == 0x28 || DetectionCharacter.isDigit(u), isBoundary(before: offset, in: text),
               let end = numberEnd(from: offset, in: text) {
                let number = text.string(offset..<end)
                items.append(DetectedItem(range: offset..<end, kind: .phoneNumber(number), rank: .phoneNumber))
                offset = end
            } else {
                offset += 1
                // Skip the rest of a run of digits: a number never starts inside one.
                while offset < text.bounds.upperBound, DetectionCharacter.isDigit(text.units[offset]),
                      DetectionCharacter.isDigit(text.units[offset - 1]) { offset += 1 }
            }
        }
        return items
    }

    static func isBoundary(before offset: Int, in text: DetectionText) -> Bool {
        guard let (before, _) = text.scalar(before: offset) else { return true }
        if before.isASCII { return !isJoiner(UInt16(before.value)) }
        return !DetectionCharacter.isNonASCIILabel(before)
    }

    /// Characters that tie a number to the text around it.
    static func isJoiner(_ u: UInt16) -> Bool {
        DetectionCharacter.isAlphanumeric(u) || ".-/:+_@#$%&=".utf16.contains(u)
    }

    /// One group of digits as read.
    struct Group {
        var digits: Int
        var inParentheses: Bool
        var firstDigit: UInt16
        /// The separator before the group (0 for the first, or right after a parenthesis).
        var separator: UInt16
    }

    /// The end of the phone number that starts at `start`, or nil.
    static func numberEnd(from start: Int, in text: DetectionText) -> Int? {
        var offset = start
        let international = text.has("+", at: offset)
        if international { offset += 1 }
        var groups: [Group] = []
        var total = 0
        var separator: UInt16 = 0
        var end = offset
        while true {
            var inParentheses = false
            var groupStart = offset
            if text.has("(", at: offset) {
                if groups.contains(where: \.inParentheses) { break }
                inParentheses = true
                groupStart += 1
            }
            var k = groupStart
            while let u = text.unit(k), DetectionCharacter.isDigit(u) { k += 1 }
            let digits = k - groupStart
            // A group has at most 8 digits ("030 1234567"), but "+14089961010" is one group of 11.
            let longest = international && groups.isEmpty ? 15 : 8
            if digits == 0 || digits > longest { if groups.isEmpty { return nil } else { break } }
            if inParentheses {
                guard text.has(")", at: k), digits <= 5 else { if groups.isEmpty { return nil } else { break } }
                k += 1
            }
            groups.append(Group(digits: digits, inParentheses: inParentheses, firstDigit: text.units[groupStart],
                                separator: separator))
            total += digits
            if total > 15 { return nil }
            end = k
            // A separator continues the number only when digits (or a parenthesis) follow it.
            offset = k
            separator = 0
            if let u = text.unit(offset), u == 0x20 || u == 0xA0 || u == 0x2D || u == 0x2E {
                if let next = text.unit(offset + 1), DetectionCharacter.isDigit(next) || (next == 0x28 && !groups.contains(where: \.inParentheses)) {
                    separator = u
                    offset += 1
                    continue
                }
            } else if inParentheses, let u = text.unit(offset), DetectionCharacter.isDigit(u) {
                continue  // "(408)996-1010"
            }
            break
        }
        // What follows must not continue a token: "408-996-1010x", "1.2.3.4.5", "12:30".
        if let u = text.unit(end), isJoiner(u) {
            if DetectionCharacter.isAlphanumeric(u) || u == 0x2F || u == 0x3A || u == 0x2B || u == 0x40 { return nil }
            if let next = text.unit(end + 1), DetectionCharacter.isAlphanumeric(next) { return nil }
        }
        guard isPlausible(groups, total: total, international: international) else { return nil }
        return end
    }

    static func isPlausible(_ groups: [Group], total: Int, international: Bool) -> Bool {
        let dot = UInt16(0x2E), hyphen = UInt16(0x2D)
        let separators = groups.dropFirst().map(\.separator).filter { $0 != 0 }
        if international {
            guard total >= 8, total <= 15, groups[0].digits <= 3 || groups.count == 1 else { return false }
            return true
        }
        guard total >= 7, total <= 15, groups.count >= 2, groups.dropFirst().allSatisfy({ $0.digits >= 2 }) else {
            return false
        }
        if groups.count == 2 {
            let (a, b) = (groups[0], groups[1])
            let parenthesized = a.inParentheses
            let trunk = a.firstDigit == 0x30 && b.digits >= 5
            let local = a.digits == 3 && b.digits == 4 && b.separator == hyphen
            guard parenthesized || trunk || local else { return false }
        }
        if separators.contains(dot) {
            guard separators.allSatisfy({ $0 == dot }), !groups.contains(where: \.inParentheses) else { return false }
            let shapes = groups.map(\.digits)
            guard shapes == [3, 3, 4] || shapes.allSatisfy({ $0 == 2 }) else { return false }
        }
        if groups.count >= 3, groups.dropFirst().allSatisfy({ $0.digits == 3 }), !groups[0].inParentheses {
            return false  // thousands
        }
        if groups.count == 3, groups.map(\.digits) == [4, 2, 2] || groups.map(\.digits) == [2, 2, 4] {
            return false  // 2026-11-25, 25-11-2026
        }
        return true
    }
}
