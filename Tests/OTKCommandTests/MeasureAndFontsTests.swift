import OpenTextKit
import Testing

@Suite("otk measure and otk fonts")
struct MeasureAndFontsTests {
    struct Report: Decodable {
        struct Size: Decodable { var width: Double; var height: Double }
        struct Range: Decodable { var location: Int; var length: Int }
        struct Page: Decodable { var number: Int; var lines: Int; var glyphs: Int; var characterRange: Range }
        var pages: Int
        var pageSize: Size
        var columns: Int
        var columnWidth: Double
        var lines: Int
        var glyphs: Int
        var characters: Int
        var boundingSize: Size
        var pageDetails: [Page]
    }

    @Test("measure --json reports what render makes: the same page count, lines, glyphs and characters per page")
    func measureJSON() throws {
        let directory = try OTKRunner.scratch()
        let text = OTKRunner.numberedText(paragraphs: 40)
        try OTKRunner.write(text, to: "numbers.txt", in: directory)
        let options = ["--columns", "2", "--page-size", "A5", "--margins", "15mm"]
        let result = try OTKRunner.otk(["measure", "numbers.txt", "--json"] + options, in: directory)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let report = try JSONDecoder().decode(Report.self, from: Data(result.stdout.utf8))
        #expect(try OTKRunner.otk(["render", "numbers.txt", "-q"] + options, in: directory).status == 0)
        #expect(report.pages == (try OTKRunner.pageCount(directory.appendingPathComponent("numbers.pdf"))))
        #expect(report.characters == text.utf16.count)
        #expect(report.glyphs == text.unicodeScalars.count)  // ASCII in a font with no ligatures between w and digits
        #expect(report.columns == 2)
        #expect(abs(report.pageSize.width - 419.53) < 0.01 && abs(report.pageSize.height - 595.28) < 0.01)
        #expect(abs(report.columnWidth - (419.53 - 2 * 42.52 - 18) / 2) < 0.02)
        // Every paragraph is 60 words of 5 characters: lines on a page sum to the total, and
        // the pages' character ranges tile the text.
        #expect(report.pageDetails.count == report.pages)
        #expect(report.pageDetails.map(\.lines).reduce(0, +) == report.lines)
        var next = 0
        for page in report.pageDetails {
            #expect(page.characterRange.location == next)
            next = page.characterRange.location + page.characterRange.length
        }
        #expect(next == text.utf16.count)
        // The bounding size: one column's width at most, and about all the lines' heights.
        #expect(report.boundingSize.width <= report.columnWidth + 0.01 && report.boundingSize.width > report.columnWidth * 0.8)
        #expect(report.boundingSize.height > Double(report.lines) * 11 && report.boundingSize.height < Double(report.lines) * 16)
    }

    @Test("measure prints a readable summary by default")
    func measureText() throws {
        let directory = try OTKRunner.scratch()
        let result = try OTKRunner.otk(["measure"], in: directory)
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "pages: 3")
        #expect(lines.contains { $0.hasPrefix("page size: 595.28 × 841.89 pt") })
        #expect(lines.contains { $0.hasPrefix("columns: 2 of ") })
        #expect(lines.contains { $0.hasPrefix("lines: ") } && lines.contains { $0.hasPrefix("glyphs: ") })
        #expect(OTKRunner.files(in: directory).isEmpty)
    }

    @Test("fonts lists the installed families")
    func fontsList() throws {
        let result = try OTKRunner.otk(["fonts"], in: URL(fileURLWithPath: "/tmp"))
        #expect(result.status == 0)
        let families = result.stdout.split(separator: "\n").map(String.init)
        #expect(families.contains("DejaVu Sans") && families.contains("Noto Serif"))
        #expect(families == families.sorted())
        let faces = try OTKRunner.otk(["fonts", "--faces"], in: URL(fileURLWithPath: "/tmp")).stdout
        #expect(faces.contains("DejaVu Serif\n") && faces.contains("    DejaVuSerif-Bold\n"))
    }

    @Test("fonts --fallback names the font that draws each character, falling back where the font has no glyph")
    func fallback() throws {
        let result = try OTKRunner.otk(["fonts", "--fallback", "Aש你😀", "--font", "DejaVu Serif"], in: URL(fileURLWithPath: "/tmp"))
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0] == "U+0041   A  DejaVu Serif (DejaVuSerif)")
        #expect(lines[1].hasPrefix("U+05E9   ש  ") && lines[1].hasSuffix(", fallback"))
        #expect(lines[2].hasPrefix("U+4F60   你  Noto Sans CJK") && lines[2].hasSuffix(", fallback"))
        #expect(lines[3].hasPrefix("U+1F600  😀  Noto Color Emoji (") && lines[3].hasSuffix(", fallback"))
    }
}
