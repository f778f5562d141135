import Testing
@testable import TextKitFormats
import TextKit

/// Numbers from an RTF file at the ends of their range: every arithmetic step on them saturates,
/// and what was read lays out.
@Suite("Hostile RTF numbers")
struct HostileRTFTests {
    static let extremes = ["-2147483648", "2147483647", String(repeating: "9", count: 30), "-" + String(repeating: "9", count: 30)]

    /// Reads `source` (an error is fine, a trap is not) and lays out what was read.
    static func readAndLayOut(_ source: String) {
        let clock = ContinuousClock()
        let start = clock.now
        let result = Result { try readRTF(source) }
        guard case .success(let (string, _)) = result else { return }
        let storage = NSTextStorage(attributedString: string)
        let layoutManager = NSLayoutManager()
        storage.addLayoutManager(layoutManager)
        layoutManager.addTextContainer(NSTextContainer(size: CGSize(width: 300, height: CGFloat.greatestFiniteMagnitude)))
        _ = layoutManager.usedRect(for: layoutManager.textContainers[0])
        _ = layoutManager.glyphIndex(for: CGPoint(x: 10, y: 10), in: layoutManager.textContainers[0])
        _ = try? rtfData(string)  // and writes back
        #expect(clock.now - start < .seconds(5), "\(source.prefix(80)) took \(clock.now - start)")
    }

    @Test("\\li and \\fi near Int32.max do not overflow when added")
    func indentSum() throws {
        let (s, _) = try readRTF(#"{\rtf1 \li2147483647\fi2147483647 text\par \li-2147483648\fi-2147483648 more\par}"#)
        #expect(s.string.hasPrefix("text"))
        Self.readAndLayOut(#"{\rtf1 \li2147483647\fi2147483647 text\par \ri2147483647 x\par}"#)
    }

    @Test("Every control word the reader knows, with extreme parameters, reads without a trap")
    func everyWord() {
        let words = RTFWord.allCases.map { String(describing: $0) } + ["bin"]
        for word in words {
            for value in Self.extremes {
                let control = "\\\(word)\(value)"
                // The word in the body, in a group, in each table and in a picture.
                Self.readAndLayOut("{\\rtf1\\ansi{\\fonttbl\\f0 Times;\(control) x;}{\\colortbl;\\red1\(control);}"
                                   + "{\\*\\expandedcolortbl;\(control);} a\(control) b{\(control) c}\\par "
                                   + "{\\pict\\pngblip\(control) 89504e47}{\\*\\shppict\(control)} d\\sl-2147483648\\slmult0 e\\par}")
            }
        }
    }

    @Test("Pairs of words whose values are combined: sums and negations saturate")
    func combinations() {
        let pairs = [("li", "fi"), ("up", "dn"), ("expnd", "expndtw"), ("sl", "slmult"), ("picwgoal", "picscalex"),
                     ("pichgoal", "picscaley"), ("tx", "tb"), ("uc", "u"), ("fs", "super"), ("shadx", "shadr")]
        for (a, b) in pairs {
            for x in Self.extremes.prefix(2) {
                for y in Self.extremes.prefix(2) {
                    Self.readAndLayOut("{\\rtf1 \\\(a)\(x)\\\(b)\(y) text {\\pict\\pngblip\\\(a)\(x)\\\(b)\(y) 00} \\shad\\\(a)\(x)\\\(b)\(y) t\\par}")
                }
            }
        }
    }
}
