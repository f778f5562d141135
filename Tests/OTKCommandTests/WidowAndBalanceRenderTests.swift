import OpenTextKit
import Testing

/// `otk render` in columns: widow and orphan control (on by default, `--no-widow-control` off) and
/// `--balance`, read back from the PDF's word boxes.
@Suite("otk render: widows, orphans and balanced columns")
struct WidowAndBalanceRenderTests {
    static let pageWidth: CGFloat = 595.28
    /// A4 with 2 cm margins in three columns with 18 pt gutters: where each column starts.
    static let margin: CGFloat = 56.7
    static let columnWidth: CGFloat = (pageWidth - 2 * margin - 2 * 18) / 3

    /// The column (0, 1, 2) of a word starting at `x`: split at the gutters' middles.
    static func column(ofX x: CGFloat) -> Int {
        (0..<2).first { x < margin + CGFloat($0 + 1) * columnWidth + CGFloat($0) * 18 + 9 } ?? 2
    }

    /// Paragraphs of varied lengths whose words say where they are: `p3w12` is the twelfth word of
    /// the fourth paragraph.
    static func text(paragraphs: Int = 40) -> (text: String, counts: [Int]) {
        let counts = (0..<paragraphs).map { 6 + ($0 * 37 + 11) % 61 }
        let text = counts.enumerated().map { p, n in (1...n).map { "p\(p)w\($0)" }.joined(separator: " ") }.joined(separator: "\n")
        return (text, counts)
    }

    /// One printed line: its words' paragraph and word numbers, and its baseline.
    struct Line {
        var words: [(paragraph: Int, word: Int)]
        var baseline: CGFloat
    }

    /// The lines of each column of each page, top to bottom, columns left to right.
    static func columns(_ pdf: URL, columns: Int) throws -> [[Line]] {
        var result: [[Line]] = []
        for page in 1...(try OTKRunner.pageCount(pdf)) {
            let words = try OTKRunner.words(pdf, page: page)
            for column in 0..<columns {
                var lines: [Line] = []
                let inColumn = words.filter { Self.column(ofX: $0.box.minX) == column }.sorted {
                    abs($0.box.maxY - $1.box.maxY) < 1 ? $0.box.minX < $1.box.minX : $0.box.maxY < $1.box.maxY
                }
                for word in inColumn {
                    let parts = word.text.dropFirst().split(separator: "w")
                    guard parts.count == 2, let p = Int(parts[0]), let w = Int(parts[1]) else { continue }
                    if let last = lines.last, abs(last.baseline - word.box.maxY) < 1 {
                        lines[lines.count - 1].words.append((p, w))
                    } else {
                        lines.append(Line(words: [(p, w)], baseline: word.box.maxY))
                    }
                }
                if !lines.isEmpty { result.append(lines) }
            }
        }
        return result
    }

    /// Orphans (a column ending with a paragraph's first line while the paragraph goes on, below
    /// other text) and widows (a column starting with a paragraph's last line, after two or more of
    /// its lines at the end of the column before), as "column:paragraph".
    static func orphansAndWidows(_ columns: [[Line]], counts: [Int]) -> (orphans: [String], widows: [String]) {
        var orphans: [String] = [], widows: [String] = []
        for (c, lines) in columns.enumerated() {
            if lines.count >= 2, let last = lines.last, let first = last.words.first, first.word == 1,
               last.words.allSatisfy({ $0.paragraph == first.paragraph }), last.words.count < counts[first.paragraph] {
                orphans.append("\(c):\(first.paragraph)")
            }
            if c > 0, let top = lines.first, let first = top.words.first, let last = top.words.last,
               top.words.allSatisfy({ $0.paragraph == first.paragraph }), last.word == counts[first.paragraph], first.word > 1 {
                let before = columns[c - 1]
                if before.count >= 2, before.suffix(2).allSatisfy({ line in line.words.allSatisfy { $0.paragraph == first.paragraph } }) {
                    widows.append("\(c):\(first.paragraph)")
                }
            }
        }
        return (orphans, widows)
    }

    static func render(_ options: [String], name: String = "text.pdf") throws -> (pdf: URL, counts: [Int]) {
        let directory = try OTKRunner.scratch()
        let (text, counts) = Self.text()
        try OTKRunner.write(text, to: "text.txt", in: directory)
        let result = try OTKRunner.otk(["render", "text.txt", "-q", "-o", name] + options, in: directory)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        return (directory.appendingPathComponent(name), counts)
    }

    /// Every word, in reading order, once.
    static func expectEveryWordOnce(_ columns: [[Line]], counts: [Int]) {
        let read = columns.flatMap { $0.flatMap(\.words) }
        let expected = counts.enumerated().flatMap { p, n in (1...n).map { (p, $0) } }
        #expect(read.count == expected.count)
        #expect(zip(read, expected).allSatisfy { a, b in a.paragraph == b.0 && a.word == b.1 })
    }

    @Test("By default no column ends with an orphan or starts with a widow; --no-widow-control leaves them")
    func widowControlIsOnByDefault() throws {
        let options = ["--columns", "3", "--font-size", "10"]
        let plain = try Self.render(options + ["--no-widow-control"])
        let plainColumns = try Self.columns(plain.pdf, columns: 3)
        let before = Self.orphansAndWidows(plainColumns, counts: plain.counts)
        #expect(!(before.orphans.isEmpty && before.widows.isEmpty), "the test's premise: TextKit's layout has some")

        let controlled = try Self.render(options)
        let columns = try Self.columns(controlled.pdf, columns: 3)
        let after = Self.orphansAndWidows(columns, counts: controlled.counts)
        #expect(after.orphans.isEmpty, "orphans: \(after.orphans)")
        #expect(after.widows.isEmpty, "widows: \(after.widows)")
        Self.expectEveryWordOnce(columns, counts: controlled.counts)
    }

    /// The bottoms of the three columns of the last page, and the line pitch.
    static func lastPageColumns(_ pdf: URL) throws -> (bottoms: [CGFloat], pitch: CGFloat) {
        let words = try OTKRunner.words(pdf, page: try OTKRunner.pageCount(pdf))
        let bottoms = (0..<3).map { c in words.filter { Self.column(ofX: $0.box.minX) == c }.map(\.box.maxY).max() ?? 0 }
        let baselines = Set(words.filter { Self.column(ofX: $0.box.minX) == 0 }.map { ($0.box.maxY * 2).rounded() / 2 }).sorted()
        let pitch = zip(baselines.dropFirst(), baselines).map { $0 - $1 }.min() ?? 0
        return (bottoms, pitch)
    }

    static func spread(_ values: [CGFloat]) -> CGFloat { (values.max() ?? 0) - (values.min() ?? 0) }

    @Test("--balance ends the last page's columns within a line of each other (two with widow control), and keeps every word",
          arguments: [false, true])
    func balanceEvensTheLastPage(widowControl: Bool) throws {
        let options = ["--columns", "3", "--font-size", "10"] + (widowControl ? [] : ["--no-widow-control"])
        let plain = try Self.render(options)
        let balanced = try Self.render(options + ["--balance"])
        let pages = try OTKRunner.pageCount(balanced.pdf)
        #expect(pages == (try OTKRunner.pageCount(plain.pdf)))
        let (bottoms, pitch) = try Self.lastPageColumns(balanced.pdf)
        #expect(bottoms.allSatisfy { $0 > 0 }, "the last page has three columns of text")
        #expect(pitch > 8 && pitch < 20)
        // Lines kept together by widow control can leave one column a second line short.
        let allowed = (widowControl ? 2 : 1) * pitch + 0.5
        #expect(Self.spread(bottoms) <= allowed, "column bottoms \(bottoms), line \(pitch)")
        // Unbalanced, the same page's last column ends far above the first.
        let (plainBottoms, _) = try Self.lastPageColumns(plain.pdf)
        #expect(Self.spread(plainBottoms) > 10 * pitch, "the test's premise: \(plainBottoms)")
        Self.expectEveryWordOnce(try Self.columns(balanced.pdf, columns: 3), counts: balanced.counts)
        // Earlier pages are as they were.
        for page in 1..<pages {
            #expect(try OTKRunner.pdfText(balanced.pdf, page: page) == (try OTKRunner.pdfText(plain.pdf, page: page)))
        }
    }
}
