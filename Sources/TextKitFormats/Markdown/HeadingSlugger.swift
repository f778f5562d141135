/// Link targets for headings as GitHub names them, so that `[see](#command-line-flags)` written for
/// GitHub finds its heading: the heading's text lowercased, punctuation dropped (letters, marks,
/// digits, `_` and `-` stay), each space a `-`; a repeated slug gets `-1`, `-2`… in document order.
struct HeadingSlugger {
    private var used: [String: Int] = [:]

    /// The slug for the next heading whose plain text is `text`.
    mutating func slug(for text: String) -> String {
        var base = ""
        for scalar in text.lowercased().unicodeScalars {
            let properties = scalar.properties
            if scalar == " " {
                base.unicodeScalars.append("-")
            } else if scalar == "-" || scalar == "_" || properties.isAlphabetic || properties.numericType != nil
                        || properties.generalCategory == .nonspacingMark || properties.generalCategory == .spacingMark {
                base.unicodeScalars.append(scalar)
            }
        }
        guard let count = used[base] else {
            used[base] = 1
            return base
        }
        // "a", "a" → "a", "a-1"; skip a suffix that a heading already took ("a-1" written out).
        var n = count
        while used["\(base)-\(n)"] != nil { n += 1 }
        used[base] = n + 1
        used["\(base)-\(n)"] = 1
        return "\(base)-\(n)"
    }
}
