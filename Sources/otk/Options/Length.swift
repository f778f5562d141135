import OpenTextKit

/// Lengths typed on the command line: a number with an optional unit, in points when there is
/// none. Units: `pt` (1/72 inch, the unit of every page coordinate here), `mm`, `cm`, `in`.
enum Length {
    /// Points per unit.
    static let units: [(name: String, points: CGFloat)] = [
        ("pt", 1), ("mm", 72 / 25.4), ("cm", 720 / 25.4), ("in", 72),
    ]

    /// The length `text` gives, in points. `what` names the option for the error message
    /// ("--gutter"). A unit given separately (`defaultUnit`, for `210x297mm`) applies when the
    /// text has none. Throws for anything that is not a finite number with a known unit.
    static func parse(_ text: String, what: String, defaultUnit: CGFloat = 1) throws -> CGFloat {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let (number, unit) = split(trimmed)
        guard !number.isEmpty, let value = Double(number), value.isFinite else {
            throw OTKError("\(what): '\(text)' is not a length (a number with an optional unit pt, mm, cm or in)")
        }
        var scale = defaultUnit
        if !unit.isEmpty {
            guard let known = units.first(where: { $0.name == unit.lowercased() }) else {
                throw OTKError("\(what): unknown unit '\(unit)' in '\(text)' (use pt, mm, cm or in)")
            }
            scale = known.points
        }
        return CGFloat(value) * scale
    }

    /// Splits "12.5mm" into ("12.5", "mm"): the longest prefix made of number characters (an
    /// exponent only when digits follow it, so "2e" is not swallowed from a unit).
    static func split(_ text: String) -> (number: String, unit: String) {
        let scalars = Array(text.unicodeScalars)
        var i = 0
        if i < scalars.count, scalars[i] == "+" || scalars[i] == "-" { i += 1 }
        while i < scalars.count, ("0"..."9").contains(scalars[i]) || scalars[i] == "." { i += 1 }
        if i < scalars.count, scalars[i] == "e" || scalars[i] == "E" {
            var j = i + 1
            if j < scalars.count, scalars[j] == "+" || scalars[j] == "-" { j += 1 }
            if j < scalars.count, ("0"..."9").contains(scalars[j]) {
                while j < scalars.count, ("0"..."9").contains(scalars[j]) { j += 1 }
                i = j
            }
        }
        var number = String.UnicodeScalarView(), unit = String.UnicodeScalarView()
        number.append(contentsOf: scalars[..<i])
        unit.append(contentsOf: scalars[i...])
        return (String(number), String(unit).trimmingCharacters(in: .whitespaces))
    }

    /// The unit a whole value ends with ("210x297mm" → mm), for values whose parts share one.
    static func trailingUnit(of text: String) -> (points: CGFloat, name: String)? {
        let lower = text.lowercased()
        return units.first(where: { lower.hasSuffix($0.name) }).map { ($0.points, $0.name) }
    }

    /// A length for messages: "595.3 pt".
    static func describe(_ points: CGFloat) -> String {
        let rounded = (points * 10).rounded() / 10
        return rounded == rounded.rounded() ? "\(Int(saturating: rounded)) pt" : "\(rounded) pt"
    }
}
