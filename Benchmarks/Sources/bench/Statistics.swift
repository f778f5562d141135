// Medians, ranges and how figures are written in the table.

extension Array where Element == Double {
    /// The median (the mean of the two middle values for an even count).
    var median: Double {
        precondition(!isEmpty, "median of no samples")
        let s = sorted()
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }
}

/// A duration for people: "412 µs", "3.41 ms", "462 ms", "6.38 s".
func formatDuration(_ seconds: Double) -> String {
    func significant(_ v: Double) -> String {
        v >= 100 ? String(Int(v.rounded())) : v >= 10 ? fixed(v, 1) : fixed(v, 2)
    }
    if seconds < 1e-3 { return significant(seconds * 1e6) + " µs" }
    if seconds < 1 { return significant(seconds * 1e3) + " ms" }
    return fixed(seconds, 2) + " s"
}

/// `value` with `digits` decimals.
func fixed(_ value: Double, _ digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    var text = String(rounded)
    if let dot = text.firstIndex(of: ".") {
        let decimals = text.distance(from: dot, to: text.endIndex) - 1
        if digits == 0 { text = String(text[..<dot]) } else if decimals < digits {
            text += String(repeating: "0", count: digits - decimals)
        }
    } else if digits > 0 {
        text += "." + String(repeating: "0", count: digits)
    }
    return text
}

/// An integer with thousands separators: 17,203.
func grouped(_ n: Int) -> String {
    let digits = String(n.magnitude)
    var out = ""
    for (i, c) in digits.enumerated() {
        if i > 0 && (digits.count - i) % 3 == 0 { out += "," }
        out.append(c)
    }
    return (n < 0 ? "-" : "") + out
}

/// Bytes for people: "429 MB" (10^6 bytes).
func formatBytes(_ bytes: Int) -> String {
    let mb = Double(bytes) / 1e6
    return mb >= 10 ? "\(Int(mb.rounded())) MB" : fixed(mb, 1) + " MB"
}
