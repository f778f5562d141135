import OpenTextKit

/// Parses SVG path data (the `d` attribute of SVG's `<path>`) into a `UIBezierPath`.
///
/// Supported: `M m L l H h V v C c S s Q q T t Z z`, absolute (capitals) and relative (lower
/// case), with SVG's implicit repetition (`L 1 2 3 4` is two lines; extra pairs after `M` are
/// lines) and its number syntax (`-1.5e2`, `.5.5` is two numbers, commas or white space between
/// them). Arcs (`A a`) are refused with a message saying so.
///
/// Malformed data never traps: it throws an `OTKError` naming the problem and the character
/// offset where it was found. Input is bounded (``maximumLength`` characters) so hostile data
/// cannot make the parser work unboundedly.
struct SVGPathParser {
    /// The longest path data accepted, in UTF-8 bytes.
    static let maximumLength = 1_000_000

    private let bytes: [UInt8]
    private var index = 0
    private let path = UIBezierPath()
    private var current = CGPoint.zero
    private var subpathStart = CGPoint.zero
    /// The second control point of the previous C/S (for S) or the control point of the
    /// previous Q/T (for T), in absolute coordinates; nil after any other command.
    private var lastCubicControl: CGPoint?
    private var lastQuadControl: CGPoint?
    private var hasCurrentPoint = false

    /// Parses `data`; throws an `OTKError` for malformed data.
    static func parse(_ data: String) throws -> UIBezierPath {
        var parser = SVGPathParser(bytes: Array(data.utf8))
        return try parser.run()
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private mutating func run() throws -> UIBezierPath {
        guard bytes.count <= Self.maximumLength else {
            throw error("path data is longer than \(Self.maximumLength) characters", at: 0)
        }
        skipSeparators(allowComma: false)
        guard index < bytes.count else { throw error("path data is empty", at: 0) }
        var command: UInt8 = 0
        var first = true
        while true {
            skipSeparators(allowComma: true)
            guard index < bytes.count else { break }
            let byte = bytes[index]
            if Self.isCommand(byte) {
                command = byte
                index += 1
            } else if Self.startsNumber(byte) {
                // Implicit repetition: the previous command again (M becomes L).
                guard command != 0, command != UInt8(ascii: "Z"), command != UInt8(ascii: "z") else {
                    throw error("expected a command letter, found '\(Self.describe(byte))'", at: index)
                }
                if command == UInt8(ascii: "M") { command = UInt8(ascii: "L") }
                if command == UInt8(ascii: "m") { command = UInt8(ascii: "l") }
            } else {
                throw error("unexpected '\(Self.describe(byte))'", at: index)
            }
            if first, command != UInt8(ascii: "M"), command != UInt8(ascii: "m") {
                throw error("path data must start with M or m (a move), not '\(Self.describe(command))'", at: index - 1)
            }
            first = false
            try perform(command)
        }
        guard path.bounds.width.isFinite, path.bounds.height.isFinite else {
            throw error("the coordinates are too large", at: 0)
        }
        return path
    }

    // MARK: Commands

    private mutating func perform(_ command: UInt8) throws {
        let relative = command >= UInt8(ascii: "a")
        let origin = relative ? current : .zero
        switch command | 0x20 {  // lower case
        case UInt8(ascii: "m"):
            let p = try point(relativeTo: origin)
            path.move(to: p)
            current = p
            subpathStart = p
            hasCurrentPoint = true
            resetControls()
        case UInt8(ascii: "l"):
            let p = try point(relativeTo: origin)
            line(to: p)
        case UInt8(ascii: "h"):
            let x = try number() + origin.x
            line(to: CGPoint(x: x, y: current.y))
        case UInt8(ascii: "v"):
            let y = try number() + origin.y
            line(to: CGPoint(x: current.x, y: y))
        case UInt8(ascii: "c"):
            let c1 = try point(relativeTo: origin)
            let c2 = try point(relativeTo: origin)
            let end = try point(relativeTo: origin)
            cubic(to: end, c1, c2)
        case UInt8(ascii: "s"):
            let c1 = reflected(lastCubicControl)
            let c2 = try point(relativeTo: origin)
            let end = try point(relativeTo: origin)
            cubic(to: end, c1, c2)
        case UInt8(ascii: "q"):
            let control = try point(relativeTo: origin)
            let end = try point(relativeTo: origin)
            quadratic(to: end, control)
        case UInt8(ascii: "t"):
            let control = reflected(lastQuadControl)
            let end = try point(relativeTo: origin)
            quadratic(to: end, control)
        case UInt8(ascii: "z"):
            path.close()
            current = subpathStart
            resetControls()
        case UInt8(ascii: "a"):
            throw error("arc commands (A, a) are not supported; draw the arc with C curves", at: index - 1)
        default:
            throw error("unknown command '\(Self.describe(command))'", at: index - 1)
        }
    }

    private mutating func line(to p: CGPoint) {
        path.addLine(to: p)
        current = p
        resetControls()
    }

    private mutating func cubic(to end: CGPoint, _ c1: CGPoint, _ c2: CGPoint) {
        path.addCurve(to: end, controlPoint1: c1, controlPoint2: c2)
        current = end
        lastCubicControl = c2
        lastQuadControl = nil
    }

    private mutating func quadratic(to end: CGPoint, _ control: CGPoint) {
        path.addQuadCurve(to: end, controlPoint: control)
        current = end
        lastQuadControl = control
        lastCubicControl = nil
    }

    /// The reflection of the previous control point about the current point (the current point
    /// itself when the previous command was not the matching curve), as SVG's S and T use.
    private func reflected(_ control: CGPoint?) -> CGPoint {
        guard let control else { return current }
        return CGPoint(x: 2 * current.x - control.x, y: 2 * current.y - control.y)
    }

    private mutating func resetControls() {
        lastCubicControl = nil
        lastQuadControl = nil
    }

    // MARK: Numbers

    private mutating func point(relativeTo origin: CGPoint) throws -> CGPoint {
        let x = try number()
        let y = try number()
        return CGPoint(x: origin.x + x, y: origin.y + y)
    }

    /// The next number, after separators (white space and at most one comma).
    private mutating func number() throws -> CGFloat {
        skipSeparators(allowComma: true)
        let start = index
        guard index < bytes.count else { throw error("expected a number, found the end of the data", at: index) }
        if bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
        var digits = 0
        while index < bytes.count, Self.isDigit(bytes[index]) { index += 1; digits += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < bytes.count, Self.isDigit(bytes[index]) { index += 1; digits += 1 }
        }
        guard digits > 0 else {
            let found = start < bytes.count ? "'\(Self.describe(bytes[start]))'" : "the end of the data"
            throw error("expected a number, found \(found)", at: start)
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            var j = index + 1
            if j < bytes.count, bytes[j] == UInt8(ascii: "+") || bytes[j] == UInt8(ascii: "-") { j += 1 }
            guard j < bytes.count, Self.isDigit(bytes[j]) else {
                throw error("malformed exponent", at: index)
            }
            while j < bytes.count, Self.isDigit(bytes[j]) { j += 1 }
            index = j
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite, abs(value) < 1e9 else {
            throw error("the number '\(text)' is out of range", at: start)
        }
        return CGFloat(value)
    }

    private mutating func skipSeparators(allowComma: Bool) {
        var sawComma = !allowComma
        while index < bytes.count {
            let b = bytes[index]
            if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C {
                index += 1
            } else if b == UInt8(ascii: ","), !sawComma {
                sawComma = true
                index += 1
            } else {
                break
            }
        }
    }

    // MARK: Characters

    private static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    private static func startsNumber(_ b: UInt8) -> Bool {
        isDigit(b) || b == UInt8(ascii: "+") || b == UInt8(ascii: "-") || b == UInt8(ascii: ".")
    }

    private static func isCommand(_ b: UInt8) -> Bool {
        "MmLlHhVvCcSsQqTtZzAa".utf8.contains(b)
    }

    /// A byte for a message: the character, or its hex code when it is not printable ASCII.
    private static func describe(_ b: UInt8) -> String {
        b >= 0x21 && b < 0x7F ? String(UnicodeScalar(b)) : String(format: "\\x%02X", b)
    }

    private func error(_ message: String, at offset: Int) -> OTKError {
        OTKError("path data: \(message) at offset \(offset)")
    }
}
