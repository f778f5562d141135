import OpenTextKit
import Testing
@testable import otk

@Suite("SVG path data")
struct SVGPathParserTests {
    /// The path's elements as (kind, points) for comparison.
    func elements(_ data: String) throws -> [CGPathElementKind] {
        try SVGPathParser.parse(data).cgPath.elements
    }

    @Test("Absolute and relative lines, horizontal and vertical moves, and closing")
    func lines() throws {
        let absolute = try SVGPathParser.parse("M10 10 L110 10 H110 V60 L10 60 Z")
        let relative = try SVGPathParser.parse("m10,10 l100,0 h0 v50 l-100,0 z")
        #expect(absolute.bounds == CGRect(x: 10, y: 10, width: 100, height: 50))
        #expect(relative.bounds == absolute.bounds)
        #expect(absolute.contains(CGPoint(x: 60, y: 35)))
        #expect(relative.contains(CGPoint(x: 60, y: 35)))
    }

    @Test("Extra coordinate pairs after a move are lines, and commands repeat implicitly")
    func implicitRepetition() throws {
        let path = try SVGPathParser.parse("M0 0 100 0 100 100 L 0 100 0 50 z")
        #expect(path.bounds == CGRect(x: 0, y: 0, width: 100, height: 100))
        let lineCount = path.cgPath.elements.filter { if case .addLineToPoint = $0 { true } else { false } }.count
        #expect(lineCount == 4)
    }

    @Test("Numbers in SVG's compact syntax: signs and dots separate numbers, exponents scale them")
    func compactNumbers() throws {
        let path = try SVGPathParser.parse("M.5.5L1e2-1.5e1l-5-5")
        let points = path.cgPath.elements.compactMap { element -> CGPoint? in
            switch element {
            case .moveToPoint(let p), .addLineToPoint(let p): return p
            default: return nil
            }
        }
        #expect(points == [CGPoint(x: 0.5, y: 0.5), CGPoint(x: 100, y: -15), CGPoint(x: 95, y: -20)])
    }

    @Test("Curves: cubic and quadratic, with S and T reflecting the previous control point")
    func curves() throws {
        let path = try SVGPathParser.parse("M0 0 C 0 50 50 50 50 0 S 100 -50 100 0 Q 125 50 150 0 T 200 0")
        let kinds = path.cgPath.elements
        #expect(kinds.count == 5)
        if case .addCurveToPoint(let c1, let c2, let end) = kinds[2] {
            // S reflects the previous curve's second control point (50,50) about (50,0).
            #expect(c1 == CGPoint(x: 50, y: -50) && c2 == CGPoint(x: 100, y: -50) && end == CGPoint(x: 100, y: 0))
        } else {
            Issue.record("expected a cubic curve for S, got \(kinds[2])")
        }
        if case .addQuadCurveToPoint(let control, let end) = kinds[4] {
            #expect(control == CGPoint(x: 175, y: -50) && end == CGPoint(x: 200, y: 0))
        } else {
            Issue.record("expected a quadratic curve for T, got \(kinds[4])")
        }
        let relative = try SVGPathParser.parse("m0 0 c 0 50 50 50 50 0 s 50 -50 50 0 q 25 50 50 0 t 50 0")
        #expect(relative.cgPath.elements == kinds)
    }

    @Test("Malformed path data throws an error with the offset of the problem", arguments: [
        ("", "empty"), ("   ", "empty"), ("L 1 2", "must start with M"), ("M 1", "expected a number"),
        ("M 1 2 L", "expected a number"), ("M 1 2 X 3", "unexpected 'X'"), ("M 1 2 Z 3 4", "expected a command letter"),
        ("M 1e 2", "malformed exponent"), ("M 1 2 A 1 1 0 0 1 5 5", "arc commands"), ("M 1 2,,3", "unexpected ','"),
        ("M 1 2 L 1e300 1", "out of range"), ("M 1 2 L - 3", "expected a number"),
    ])
    func malformed(_ data: String, _ expected: String) {
        #expect {
            _ = try SVGPathParser.parse(data)
        } throws: { error in
            guard let message = (error as? OTKError)?.message else { return false }
            return message.hasPrefix("path data:") && message.contains(expected) && message.contains("at offset")
        }
    }

    @Test("Random bytes and mutated paths never trap: each parses or throws a path data error")
    func fuzz() {
        var generator = SeededGenerator(seed: 0x07_C0FFEE)
        let valid = ["M0 0 L100 0 L50 80 Z", "m10,10 h50 v50 h-50 z", "M0 0 C10 20 30 40 50 60 S70 80 90 100 Q1 2 3 4 T5 6"]
        let alphabet = Array("MmLlHhVvCcSsQqTtZzAa0123456789.-+eE ,\n\t#é".unicodeScalars)
        for round in 0..<3000 {
            var data: String
            if round % 2 == 0 {
                data = String(String.UnicodeScalarView((0..<Int.random(in: 0...40, using: &generator)).map { _ in
                    alphabet[Int.random(in: 0..<alphabet.count, using: &generator)]
                }))
            } else {
                var scalars = Array(valid[round % valid.count].unicodeScalars)
                for _ in 0..<Int.random(in: 1...4, using: &generator) where !scalars.isEmpty {
                    let at = Int.random(in: 0..<scalars.count, using: &generator)
                    switch Int.random(in: 0..<3, using: &generator) {
                    case 0: scalars.remove(at: at)
                    case 1: scalars.insert(alphabet[Int.random(in: 0..<alphabet.count, using: &generator)], at: at)
                    default: scalars[at] = alphabet[Int.random(in: 0..<alphabet.count, using: &generator)]
                    }
                }
                data = String(String.UnicodeScalarView(scalars))
            }
            do {
                let path = try SVGPathParser.parse(data)
                #expect(path.bounds.isNull || path.bounds.width.isFinite, "bounds of \(data)")
            } catch let error as OTKError {
                #expect(error.message.hasPrefix("path data:"), "message for \(data): \(error.message)")
            } catch {
                Issue.record("unexpected error for \(data): \(error)")
            }
        }
    }
}

/// A small deterministic generator (SplitMix64), so fuzz failures can be replayed.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
