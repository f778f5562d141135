import OpenTextKit

/// Paper sizes by name, or `WxH` with units (`210x297mm`, `8.5x11in`, `400x300`).
enum PageSize {
    /// Named sizes in points, portrait.
    static let named: [(name: String, size: CGSize)] = [
        ("A3", CGSize(width: 841.89, height: 1190.55)),
        ("A4", CGSize(width: 595.28, height: 841.89)),
        ("A5", CGSize(width: 419.53, height: 595.28)),
        ("A6", CGSize(width: 297.64, height: 419.53)),
        ("B5", CGSize(width: 498.9, height: 708.66)),
        ("Letter", CGSize(width: 612, height: 792)),
        ("Legal", CGSize(width: 612, height: 1008)),
        ("Tabloid", CGSize(width: 792, height: 1224)),
    ]

    /// The largest page side accepted, in points (200 inches: the limit PDF viewers honour).
    static let maximumSide: CGFloat = 14_400

    /// The size `text` names, in points. Throws for an unknown name, a malformed `WxH`, or a
    /// side that is not positive or larger than ``maximumSide``.
    static func parse(_ text: String) throws -> CGSize {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let found = named.first(where: { $0.name.lowercased() == trimmed.lowercased() }) { return found.size }
        let parts = trimmed.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2 else {
            let names = named.map(\.name).joined(separator: ", ")
            throw OTKError("--page-size: unknown size '\(text)' (use \(names), or WxH with units such as 210x297mm)")
        }
        // "210x297mm": a unit after the height applies to a width without one.
        let shared = Length.trailingUnit(of: String(parts[1]))?.points ?? 1
        let width = try Length.parse(String(parts[0]), what: "--page-size width", defaultUnit: shared)
        let height = try Length.parse(String(parts[1]), what: "--page-size height", defaultUnit: shared)
        let size = CGSize(width: width, height: height)
        try validate(size, what: "--page-size '\(text)'")
        return size
    }

    static func validate(_ size: CGSize, what: String) throws {
        guard size.width > 0, size.height > 0 else {
            throw OTKError("\(what): a page must have a positive width and height, not \(Length.describe(size.width)) × \(Length.describe(size.height))")
        }
        guard size.width <= maximumSide, size.height <= maximumSide else {
            throw OTKError("\(what): pages larger than \(Int(maximumSide)) pt (200 in) a side are not supported")
        }
    }
}

/// Page margins: one value for all four sides, or two (vertical, horizontal), three (top,
/// horizontal, bottom) or four (top, right, bottom, left) separated by commas, as CSS.
enum Margins {
    static func parse(_ text: String) throws -> UIEdgeInsets {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard (1...4).contains(parts.count) else {
            throw OTKError("--margins: '\(text)' has \(parts.count) values; give 1, 2, 3 or 4 (top,right,bottom,left)")
        }
        let values = try parts.map { try Length.parse($0, what: "--margins") }
        if let negative = values.first(where: { $0 < 0 }) {
            throw OTKError("--margins: a margin cannot be negative (\(Length.describe(negative)))")
        }
        switch values.count {
        case 1: return UIEdgeInsets(top: values[0], left: values[0], bottom: values[0], right: values[0])
        case 2: return UIEdgeInsets(top: values[0], left: values[1], bottom: values[0], right: values[1])
        case 3: return UIEdgeInsets(top: values[0], left: values[1], bottom: values[2], right: values[1])
        default: return UIEdgeInsets(top: values[0], left: values[3], bottom: values[2], right: values[1])
        }
    }
}
