import OpenTextKit

/// A shape typed on the command line, in page coordinates (points from the page's top-left
/// corner, y down; each number may carry a unit):
///
/// - `rect:x,y,w,h`
/// - `oval:x,y,w,h` (the oval inscribed in that rectangle)
/// - `circle:cx,cy,r`
/// - `roundrect:x,y,w,h,r`
/// - `path:DATA`, SVG path data (see ``SVGPathParser``)
struct ShapeSpec: CustomStringConvertible {
    /// The text the user typed.
    let text: String
    /// The shape's outline, in page coordinates.
    let path: UIBezierPath

    var description: String { text }

    /// The kinds, for help and messages.
    static let syntax = "rect:x,y,w,h, oval:x,y,w,h, circle:cx,cy,r, roundrect:x,y,w,h,r or path:SVG-path-data"

    /// Parses `text`; `option` names the option in error messages.
    init(parsing text: String, option: String) throws {
        self.text = text
        guard let colon = text.firstIndex(of: ":") else {
            throw OTKError("\(option): '\(text)' is not a shape (use \(Self.syntax))")
        }
        let kind = text[..<colon].lowercased().trimmingCharacters(in: .whitespaces)
        let body = String(text[text.index(after: colon)...])
        func numbers(_ count: Int, _ names: String) throws -> [CGFloat] {
            let parts = body.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == count else {
                throw OTKError("\(option): \(kind) takes \(count) numbers (\(names)), got \(parts.count) in '\(text)'")
            }
            return try parts.map { try Length.parse(String($0), what: "\(option) \(kind)") }
        }
        func positive(_ values: [CGFloat], _ names: [String]) throws {
            for (value, name) in zip(values, names) where value <= 0 {
                throw OTKError("\(option): the \(name) of '\(text)' must be positive, not \(Length.describe(value))")
            }
        }
        switch kind {
        case "rect", "oval":
            let v = try numbers(4, "x,y,w,h")
            try positive([v[2], v[3]], ["width", "height"])
            let rect = CGRect(x: v[0], y: v[1], width: v[2], height: v[3])
            path = kind == "rect" ? UIBezierPath(rect: rect) : UIBezierPath(ovalIn: rect)
        case "circle":
            let v = try numbers(3, "cx,cy,r")
            try positive([v[2]], ["radius"])
            path = UIBezierPath(ovalIn: CGRect(x: v[0] - v[2], y: v[1] - v[2], width: 2 * v[2], height: 2 * v[2]))
        case "roundrect":
            let v = try numbers(5, "x,y,w,h,r")
            try positive([v[2], v[3]], ["width", "height"])
            guard v[4] >= 0 else {
                throw OTKError("\(option): the corner radius of '\(text)' cannot be negative")
            }
            path = UIBezierPath(roundedRect: CGRect(x: v[0], y: v[1], width: v[2], height: v[3]), cornerRadius: v[4])
        case "path":
            do {
                path = try SVGPathParser.parse(body)
            } catch let error as OTKError {
                throw OTKError("\(option): \(error.message)")
            }
        default:
            throw OTKError("\(option): unknown shape '\(kind)' in '\(text)' (use \(Self.syntax))")
        }
    }
}
