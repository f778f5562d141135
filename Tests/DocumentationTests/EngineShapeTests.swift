import Foundation
import Testing

// The layout engine's shape, read from the source text (comments and string literals blanked out):
// one engine under thin façades, kept from coming back.
//
// - The layout manager is a façade over the engine (`TextFlow`, Sources/TextKit/Layout): the
//   files of `Sources/TextKit` outside `Layout/` ask the engine's queries and never reach into its
//   paragraph store (`flow.store`), and they change its state only through its methods (no
//   field of `flow` written outside the engine). The engine calls back only through one
//   protocol, `TextFlowHost`, and hears the delegate through its `layoutHooks`.
// - No function of the engine (`Sources/TextKit/Layout`, `Sources/TextKitTypesetting`) is longer
//   than 80 lines, its signature and closing brace included.
// - Each method of the layout manager's delegate is called from one place.

/// A function, initializer or subscript whose body spans more than a limit.
struct LongFunction: CustomStringConvertible {
    var file: String
    var line: Int
    var lines: Int
    var signature: String
    var description: String { "\(file):\(line): \(lines) lines: \(signature)" }
}

/// The functions, initializers, deinitializers and subscripts of `source` with bodies, as the
/// line of each declaration (1-based), its line count (declaration through closing brace) and the
/// declaration's text.
func functionSpans(in source: String) -> [(line: Int, lines: Int, signature: String)] {
    let code = blankCommentsAndStrings(source)
    let original = source.components(separatedBy: "\n")
    let declaration = try! Regex(#"^\s*(?:@[\w.]+(?:\([^)]*\))?\s+)*(?:[a-z]+(?:\([a-z]+\))?\s+)*(func|init|deinit|subscript)\b"#)
    let startsDeclaration = try! Regex(#"^\s*(?:@|\}|(?:[a-z]+\s+)*(?:func|var|let|init|deinit|subscript|case|typealias|associatedtype|struct|class|enum|extension|protocol)\b)"#)
    var spans: [(line: Int, lines: Int, signature: String)] = []
    for (start, line) in code.enumerated() where (try? declaration.prefixMatch(in: line)) != nil {
        // Find the body's opening brace at parenthesis depth 0, on this line or the next ones;
        // a requirement without a body ends where the next declaration starts.
        var depth = 0, row = start, body: (row: Int, column: Int)?
        search: while row < code.count {
            if row > start, (try? startsDeclaration.prefixMatch(in: code[row])) != nil { break }
            for (column, character) in code[row].enumerated() {
                switch character {
                case "(", "[": depth += 1
                case ")", "]": depth -= 1
                case "{" where depth == 0: body = (row, column); break search
                case "}" where depth == 0: break search
                default: break
                }
            }
            row += 1
        }
        guard let body else { continue }
        var braces = 0, end = body.row
        scan: for r in body.row..<code.count {
            for character in code[r].dropFirst(r == body.row ? body.column : 0) {
                if character == "{" { braces += 1 }
                if character == "}" { braces -= 1; if braces == 0 { end = r; break scan } }
            }
        }
        spans.append((start + 1, end - start + 1, original[start].trimmingCharacters(in: .whitespaces)))
    }
    return spans
}

@Suite("The layout engine's shape, read from the source")
struct EngineShapeTests {
    /// The façade's files: `Sources/TextKit` outside the engine's `Layout/`.
    static func facadeFiles() -> [URL] {
        Repository.files(under: "Sources/TextKit", endingWith: ".swift").filter { !$0.path.contains("/Sources/TextKit/Layout/") }
    }

    /// Each line of `files` (comments and string literals blanked out) that `pattern` matches, as
    /// "path:line: code".
    static func lines(matching pattern: Regex<AnyRegexOutput>, in files: [URL]) throws -> [String] {
        var found: [String] = []
        for file in files {
            let code = blankCommentsAndStrings(try String(contentsOf: file, encoding: .utf8))
            for (index, line) in code.enumerated() where line.contains(pattern) {
                found.append("\(Repository.relative(file)):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        return found
    }

    @Test func theLayoutManagerReadsTheEngineThroughItsQueries() throws {
        // Simple word boundaries: Unicode's would not break between `manager.` and `flow`.
        let storeAccess = try Regex(#"\bflow\s*\.\s*store\b"#).wordBoundaryKind(.simple)
        let facade = Self.facadeFiles()
        #expect(facade.count > 20)
        let found = try Self.lines(matching: storeAccess, in: facade)
        #expect(found.isEmpty, "the façade reads the engine's paragraph store:\n\(found.joined(separator: "\n"))")
    }

    @Test func noEngineFieldIsWrittenOutsideTheEngine() throws {
        // `flow.field = …`, `flow.field.part += …`, `flow.field[i] = …`, and the mutating calls
        // that change a field in place: the façade tells the engine through its methods
        // (`flow.storeExtraLineFragment(…)`, `flow.resetInvalidatedDisplay(…)`), never by hand.
        let chain = #"\bflow\s*\.\s*\w+(?:\s*\.\s*\w+|\s*\[[^\]]*\])*"#
        let write = try Regex(chain + #"\s*(?:[-+*/&|^]?=(?!=)|\.\s*(?:append|insert|remove\w*|reserveCapacity|sort|swapAt|dropToShare)\s*\()"#)
            .wordBoundaryKind(.simple)
        let facade = Self.facadeFiles()
        #expect(facade.count > 20)
        let found = try Self.lines(matching: write, in: facade)
        // The pattern finds what it looks for (a write as the façade once made).
        #expect("        flow.extraLineFragment = (fragmentRect, usedRect, index)".contains(write))
        #expect("        layoutManager.flow.analysisBudget.dropToShare()".contains(write))
        #expect(!"        if flow.changeCount == count { }".contains(write))
        #expect(found.isEmpty, "the façade writes engine state:\n\(found.joined(separator: "\n"))")
    }

    @Test func theEngineCallsBackThroughOneProtocol() throws {
        // The engine (Sources/TextKit/Layout, the layout manager's own extensions there aside)
        // holds its layout manager as a `TextFlowHost` and reaches the delegate only through the
        // host's `layoutHooks`: it names neither the delegate nor the layout manager's class.
        let engine = Repository.files(under: "Sources/TextKit/Layout", endingWith: ".swift")
            .filter { !$0.lastPathComponent.hasPrefix("NSLayoutManager+") }
        #expect(engine.count > 15)
        let reachesOut = try Regex(#"\.\s*delegate\b|\bNSLayoutManagerDelegate\b|\bas[!?]?\s+NSLayoutManager\b|:\s*NSLayoutManager\b(?!\.)"#)
            .wordBoundaryKind(.simple)
        let found = try Self.lines(matching: reachesOut, in: engine)
        let hostDeclared = try Self.lines(matching: Regex(#"var manager: \(any TextFlowHost\)!"#), in: engine).count == 1
        #expect(hostDeclared, "TextFlow no longer holds its layout manager as a TextFlowHost")
        #expect("        manager.delegate?.layoutManagerDidInvalidateLayout(manager)".contains(reachesOut))
        #expect(found.isEmpty, "the engine reaches the layout manager or its delegate around TextFlowHost:\n\(found.joined(separator: "\n"))")
    }

    @Test func noEngineFunctionIsLongerThan80Lines() throws {
        let files = Repository.files(under: "Sources/TextKit/Layout", endingWith: ".swift")
            + Repository.files(under: "Sources/TextKitTypesetting", endingWith: ".swift")
        var long: [LongFunction] = []
        var count = 0
        for file in files {
            for span in functionSpans(in: try String(contentsOf: file, encoding: .utf8)) {
                count += 1
                if span.lines > 80 {
                    long.append(LongFunction(file: Repository.relative(file), line: span.line, lines: span.lines, signature: span.signature))
                }
            }
        }
        #expect(count > 500)  // the scan finds the engine's functions
        #expect(long.isEmpty, "engine functions over 80 lines:\n\(long.map(\.description).joined(separator: "\n"))")
    }

    @Test func eachDelegateMethodIsCalledFromOnePlace() throws {
        // `delegate.layoutManager(self, firstLabel: …` (or `manager`, `delegate?`), and
        // `layoutManagerDidInvalidateLayout(`: the first argument label names the method.
        let call = try Regex(#"\bdelegate\??\s*\.\s*layoutManager(DidInvalidateLayout\(|\(\s*(?:self|manager)\s*,\s*(\w+)\s*:)"#)
            .wordBoundaryKind(.simple)
        var places: [String: [String]] = [:]
        for file in Repository.files(under: "Sources/TextKit", endingWith: ".swift") {
            let code = blankCommentsAndStrings(try String(contentsOf: file, encoding: .utf8)).joined(separator: "\n")
            for match in code.matches(of: call) {
                let method = match.output[2].substring.map(String.init) ?? "DidInvalidateLayout"
                places[method, default: []].append(Repository.relative(file))
            }
        }
        #expect(places.count >= 11)  // the scan finds the calls: every hook the engine and the façade call
        let repeated = places.filter { $0.value.count > 1 }
        #expect(repeated.isEmpty, "delegate methods called from more than one place: \(repeated)")
        for hook in ["DidInvalidateLayout", "didCompleteLayoutFor", "shouldGenerateGlyphs", "shouldSetLineFragmentRect"] {
            #expect(places[hook] != nil, "\(hook) is never called")
        }
    }

    @Test func textIsPaintedInOnePlace() throws {
        // Glyph paint (text drawing modes, synthetic bold) and decoration strokes (dash patterns)
        // are set by the painters of Sources/TextKitTypesetting/Drawing alone: Core Text's
        // drawing and the layout manager's call them rather than keep a copy each.
        let paint = try Regex(#"\b(setTextDrawingMode|setLineDash)\s*\(|\bsyntheticBoldStrength\b"#).wordBoundaryKind(.simple)
        let files = ["Sources/TextKit", "Sources/TextKitTypesetting", "Sources/TextKitEditing"]
            .flatMap { Repository.files(under: $0, endingWith: ".swift") }
        let painters = files.filter { $0.path.contains("/Sources/TextKitTypesetting/Drawing/") }
        #expect(painters.count >= 4)
        var found: [String] = [], inPainters = 0
        for file in files {
            let code = blankCommentsAndStrings(try String(contentsOf: file, encoding: .utf8))
            for (index, line) in code.enumerated() where line.contains(paint) {
                if painters.contains(file) { inPainters += 1; continue }
                found.append("\(Repository.relative(file)):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(inPainters >= 3)  // the scan finds the painters' own calls
        #expect(found.isEmpty, "text painted outside the painters:\n\(found.joined(separator: "\n"))")
    }

    @Test func textKit2IsAFacadeOverTheSameEngine() throws {
        // TextKit 2 (Sources/TextKit/TextKit2) lays out and paints nothing itself: it asks its
        // TextKit 1 engine (`NSLayoutManager`'s API and package queries) and never reaches into the
        // engine's state, its line loop, its shaping or the painters.
        let own = try Regex(#"\b(flow|TextFlow|LineLoop|LineFitter|ParagraphAnalyzer|GlyphRunPainter|TextDecorationPainter|CTTypesetter|CTLineCreate\w*|hb_\w+)\b"#)
            .wordBoundaryKind(.simple)
        let files = Repository.files(under: "Sources/TextKit/TextKit2", endingWith: ".swift")
        #expect(files.count >= 10)
        var found: [String] = []
        for file in files {
            let code = blankCommentsAndStrings(try String(contentsOf: file, encoding: .utf8))
            for (index, line) in code.enumerated() where line.contains(own) {
                found.append("\(Repository.relative(file)):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(found.isEmpty, "TextKit 2 does engine work of its own:\n\(found.joined(separator: "\n"))")
    }

    /// The scanner itself: it measures a function from its declaration to its closing brace,
    /// through braces in closures and strings, and skips requirements without bodies.
    @Test func theScannerMeasuresFunctionBodies() {
        let source = """
            protocol P {
                func required()
            }
            struct S {
                @inline(__always) private static func f(_ x: Int,
                                                       y: Int) -> Int {
                    let s = "{ not a brace"
                    return [1, 2].map { $0 + x }.count
                }
                init() {}
            }
            """
        let spans = functionSpans(in: source)
        #expect(spans.map(\.line) == [5, 10])
        #expect(spans.map(\.lines) == [5, 1])
    }
}
