import Foundation
import Testing

// Every public declaration of the library's modules has a doc comment (`///` or `/** */`) on
// the line before it, or before the attributes above it. "Public declaration" is read from the
// source text: a func, var, let, init, subscript, type, typealias or case whose modifiers include
// `public` or `open`; a case of a public enum; a requirement of a public protocol. Members of a
// `public extension` would be missed, so the library writes `public` on each member (it has no
// public extensions; the test checks that too).
//
// Allowed without a comment, because DocC shows the documentation they inherit:
// - `override` declarations (the overridden declaration's comment is inherited);
// - implementations of the standard protocols' requirements, whose meaning the protocol fixes:
//   `rawValue`, `init(rawValue:)`, `description`, `debugDescription`, `hash(into:)`, `hash`,
//   `hashValue`, `isEqual(_:)`, `copy(with:)`, `mutableCopy(with:)`, `encode(to:)`, `init(from:)`.

/// The library modules whose public declarations are checked: what `import OpenTextKit` brings in,
/// and the GTK window host (its own product).
let documentedModules = ["TextKitGraphics", "TextKitFonts", "TextKitModel", "TextKitTypesetting", "TextKit",
                         "TextKitEditing", "TextKitFormats", "OpenTextKit", "TextKitGTK"]

/// A public declaration without a doc comment.
struct UndocumentedDeclaration: CustomStringConvertible {
    var file: String
    var line: Int
    var text: String
    var description: String { "\(file):\(line): \(text)" }
}

/// Swift source with comments and string literals blanked out (newlines kept), so that braces and
/// keywords inside them are not read as code.
func blankCommentsAndStrings(_ source: String) -> [String] {
    let s = Array(source.utf8)
    var out = [UInt8]()
    out.reserveCapacity(s.count)
    let (slash, star, quote, backslash, newline, space) = (UInt8(ascii: "/"), UInt8(ascii: "*"), UInt8(ascii: "\""),
                                                          UInt8(ascii: "\\"), UInt8(ascii: "\n"), UInt8(ascii: " "))
    var i = 0
    func at(_ j: Int) -> UInt8? { j < s.count ? s[j] : nil }
    func blank(until end: Int) {
        let stop = min(end, s.count)
        while i < stop { out.append(s[i] == newline ? newline : space); i += 1 }
    }
    /// The index just after the next `a b` pair from `j` (the end of the text when there is none).
    func after(_ a: UInt8, _ b: UInt8, from j: Int) -> Int {
        var k = j
        while k + 1 < s.count, !(s[k] == a && s[k + 1] == b) { k += 1 }
        return k + 2
    }
    while i < s.count {
        if s[i] == slash, at(i + 1) == slash {
            var k = i
            while k < s.count, s[k] != newline { k += 1 }
            blank(until: k)
        } else if s[i] == slash, at(i + 1) == star {
            blank(until: after(star, slash, from: i + 2))
        } else if s[i] == quote, at(i + 1) == quote, at(i + 2) == quote {
            var k = i + 3
            while k + 2 < s.count, !(s[k] == quote && s[k + 1] == quote && s[k + 2] == quote) { k += 1 }
            blank(until: k + 3)
        } else if s[i] == quote {
            var k = i + 1
            while k < s.count, s[k] != quote, s[k] != newline { k += s[k] == backslash ? 2 : 1 }
            blank(until: k + 1)
        } else {
            out.append(s[i])
            i += 1
        }
    }
    return String(decoding: out, as: UTF8.self).components(separatedBy: "\n")
}

/// The public declarations of one file that have no doc comment, and how many were checked.
func undocumentedDeclarations(in source: String, file: String) -> (missing: [UndocumentedDeclaration], checked: Int) {
    let attribute = #"(?:@[\w.]+(?:\([^)]*\))?\s+)*"#
    let modifiers = #"((?:(?:public|open|private\(set\)|internal\(set\)|fileprivate\(set\)|package\(set\)|static|class|final|override|convenience|required|mutating|nonmutating|nonisolated|dynamic|lazy|indirect|weak|unowned|prefix|postfix|infix|optional)\s+)+)"#
    let declaration = try! Regex("^" + attribute + modifiers + #"(func|var|let|init|class|struct|enum|protocol|typealias|subscript|actor|case)\b"#)
    let enumCase = try! Regex("^" + attribute + #"(indirect\s+)?case\b"#)
    let requirement = try! Regex("^" + attribute + #"((static|mutating|nonmutating)\s+)*(func|var|init|subscript|associatedtype)\b"#)
    let publicEnum = try! Regex(#"\b(public|open)\b(?!\()[^{]*\benum\b"#)
    let publicProtocol = try! Regex(#"\bpublic\b(?!\()[^{]*\bprotocol\b"#)
    let publicWord = try! Regex(#"\b(public|open)\b(?!\()"#)
    let witnesses: Set<String> = ["rawValue", "description", "debugDescription", "hash", "hashValue", "isEqual",
                                  "copy", "mutableCopy", "encode"]

    let original = source.components(separatedBy: "\n")
    let code = blankCommentsAndStrings(source)
    var missing: [UndocumentedDeclaration] = []
    var checked = 0
    enum Scope { case publicEnum, publicProtocol, other }
    var scopes: [Scope] = []
    for (index, line) in code.enumerated() {
        let text = line.trimmingCharacters(in: .whitespaces)
        var isDeclaration = false
        var allowed = false
        if let match = try? declaration.prefixMatch(in: text), let mods = match.output[1].substring,
           mods.contains(publicWord) {
            isDeclaration = true
            let keyword = String(match.output[2].substring ?? "")
            let rest = text[match.range.upperBound...].drop(while: { $0 == " " })
            let name = String(rest.prefix(while: { $0.isLetter || $0.isNumber || $0 == "_" }))
            allowed = mods.contains("override")
                || (keyword == "init" && (rest.hasPrefix("(rawValue:") || rest.hasPrefix("?(rawValue:") || rest.hasPrefix("(from ")))
                || (keyword != "init" && witnesses.contains(name))
        } else if scopes.last == .publicEnum, (try? enumCase.prefixMatch(in: text)) != nil {
            isDeclaration = true
        } else if scopes.last == .publicProtocol, (try? requirement.prefixMatch(in: text)) != nil {
            isDeclaration = true
        }
        if text.hasPrefix("public extension") || text.hasPrefix("open extension") {
            missing.append(UndocumentedDeclaration(file: file, line: index + 1,
                                                   text: "public extension: write `public` on each member instead"))
        }
        if isDeclaration {
            checked += 1
            var previous = index - 1
            while previous >= 0, original[previous].trimmingCharacters(in: .whitespaces).hasPrefix("@") { previous -= 1 }
            let above = previous >= 0 ? original[previous].trimmingCharacters(in: .whitespaces) : ""
            if !(above.hasPrefix("///") || above.hasSuffix("*/")) && !allowed {
                missing.append(UndocumentedDeclaration(file: file, line: index + 1, text: text))
            }
        }
        var first = true
        for character in line {
            if character == "{" {
                var scope = Scope.other
                if first, text.contains(publicEnum) { scope = .publicEnum }
                else if first, text.contains(publicProtocol) { scope = .publicProtocol }
                scopes.append(scope)
                first = false
            } else if character == "}", !scopes.isEmpty {
                scopes.removeLast()
            }
        }
    }
    return (missing, checked)
}

@Suite("Documentation: every public declaration has a doc comment")
struct DocCommentCoverageTests {
    @Test("The library's public declarations are documented")
    func publicDeclarationsHaveDocComments() throws {
        var missing: [UndocumentedDeclaration] = []
        var checked = 0
        for module in documentedModules {
            for file in Repository.files(under: "Sources/\(module)", endingWith: ".swift") {
                let result = undocumentedDeclarations(in: try String(contentsOf: file, encoding: .utf8),
                                                      file: Repository.relative(file))
                missing += result.missing
                checked += result.checked
            }
        }
        #expect(checked > 1500, "the scan found only \(checked) public declarations: is it reading the sources?")
        let list = missing.map(\.description).joined(separator: "\n")
        #expect(missing.isEmpty, "\(missing.count) public declarations have no doc comment:\n\(list)")
    }

    @Test("The scanner sees what it should: cases, requirements, attributes, allowed witnesses")
    func scannerRecognisesDeclarations() {
        let source = """
            /// Documented.
            public enum E: Int {
                /// Documented case.
                case a
                case b
            }
            public protocol P {
                /// Documented requirement.
                func f()
                var v: Int { get }
            }
            /// Documented.
            @inlinable
            public func g() {}
            public struct S: RawRepresentable {
                public var rawValue: Int
                public init(rawValue: Int) { self.rawValue = rawValue }
                public let text = "public func notADeclaration()"
                // public func commentedOut()
            }
            open class C {
                open override var description: String { "" }
                open var open = false
            }
            """
        let result = undocumentedDeclarations(in: source, file: "Example.swift")
        #expect(result.missing.map(\.line) == [5, 7, 10, 15, 18, 21, 23])
    }
}
