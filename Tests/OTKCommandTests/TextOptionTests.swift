import OpenTextKit
import Testing

@Suite("otk render: text options")
struct TextOptionTests {
    static let prose = (0..<12).map { _ in
        "Typesetting is the composition of text by means of arranging physical type or its digital equivalents; "
            + "characteristically, internationalization makes incomprehensibility of hyphenation rules understandable."
    }.joined(separator: " ")

    /// The lines of page 1 as (right edge of the last word, words) from pdftotext's word boxes.
    func lines(_ pdf: URL) throws -> [(maxX: CGFloat, words: [String])] {
        var result: [(maxX: CGFloat, words: [String])] = []
        var lastY: CGFloat = -100
        for word in try OTKRunner.words(pdf, page: 1) {
            if abs(word.box.minY - lastY) > 2 {
                result.append((word.box.maxX, [word.text]))
                lastY = word.box.minY
            } else {
                result[result.count - 1].maxX = max(result[result.count - 1].maxX, word.box.maxX)
                result[result.count - 1].words.append(word.text)
            }
        }
        return result
    }

    @Test("--justify makes every line but the last reach the right margin; --align right moves short lines there")
    func alignment() throws {
        let directory = try OTKRunner.scratch()
        try OTKRunner.write(Self.prose, to: "prose.txt", in: directory)
        let right = 595.28 - 56.7
        #expect(try OTKRunner.otk(["render", "prose.txt", "-o", "left.pdf", "-q"], in: directory).status == 0)
        #expect(try OTKRunner.otk(["render", "prose.txt", "--justify", "-o", "justified.pdf", "-q"], in: directory).status == 0)
        #expect(try OTKRunner.otk(["render", "prose.txt", "--align", "right", "-o", "right.pdf", "-q"], in: directory).status == 0)
        let left = try lines(directory.appendingPathComponent("left.pdf"))
        let justified = try lines(directory.appendingPathComponent("justified.pdf"))
        let flushRight = try lines(directory.appendingPathComponent("right.pdf"))
        #expect(left.count > 10 && justified.count > 10)
        #expect(left.dropLast().contains { $0.maxX < right - 15 }, "ragged lines")
        #expect(justified.dropLast().allSatisfy { abs($0.maxX - right) < 1.5 }, "\(justified.map(\.maxX))")
        #expect(justified.last.map { $0.maxX < right - 15 } == true)
        #expect(flushRight.allSatisfy { abs($0.maxX - right) < 1.5 })
    }

    @Test("--hyphenation breaks words at line ends, with the language's patterns")
    func hyphenation() throws {
        let directory = try OTKRunner.scratch()
        try OTKRunner.write(Self.prose, to: "prose.txt", in: directory)
        try OTKRunner.write(String(repeating: "Die Geschwindigkeitsbegrenzung auf der Donaudampfschifffahrt ist eine Vorschrift. ", count: 20),
                            to: "german.txt", in: directory)
        for (input, language) in [("prose.txt", "en-US"), ("german.txt", "de")] {
            let plain = try OTKRunner.otk(["render", input, "--columns", "3", "-o", "plain.pdf", "-q"], in: directory)
            let hyphenated = try OTKRunner.otk(["render", input, "--columns", "3", "--hyphenation", "1", "--language", language,
                                                "-o", "hyphenated.pdf", "-q"], in: directory)
            #expect(plain.status == 0 && hyphenated.status == 0)
            func lineEnds(_ name: String) throws -> Int {
                try OTKRunner.pdfText(directory.appendingPathComponent(name)).split(separator: "\n")
                    .filter { $0.hasSuffix("\u{2010}") || $0.hasSuffix("-") }.count
            }
            #expect(try lineEnds("plain.pdf") == 0)
            #expect(try lineEnds("hyphenated.pdf") >= 5, "\(input) hyphenated")
        }
        let warned = try OTKRunner.otk(["render", "prose.txt", "--hyphenation", "1", "--language", "tlh", "-o", "k.pdf"], in: directory)
        #expect(warned.status == 0 && warned.stderr.hasPrefix("otk: warning: no hyphenation patterns are installed for 'tlh'"))
    }

    @Test("--breaking optimal spaces justified lines more evenly than greedy; measure reports it")
    func breaking() throws {
        let directory = try OTKRunner.scratch()
        try OTKRunner.write(Self.prose, to: "prose.txt", in: directory)
        func report(_ breaking: String) throws -> (ratio: Double, lines: Int) {
            let result = try OTKRunner.otk(["measure", "prose.txt", "--json", "--justify", "--hyphenation", "1",
                                            "--columns", "3", "--breaking", breaking], in: directory)
            #expect(result.status == 0, "\(result.stderr)")
            let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            return (try #require(object?["meanSquaredAdjustmentRatio"] as? Double), try #require(object?["lines"] as? Int))
        }
        let greedy = try report("greedy")
        let optimal = try report("optimal")
        #expect(optimal.ratio < greedy.ratio * 0.8, "\(optimal) against \(greedy)")
        #expect(optimal.lines <= greedy.lines + 1)
        let bad = try OTKRunner.otk(["render", "prose.txt", "--breaking", "best"], in: directory)
        #expect(bad.status == 2 && bad.stderr.hasPrefix("otk: error: --breaking: 'best' is not greedy or optimal"))
    }

    @Test("--expansion evens the spaces further; the lines still reach the margin and the PDF's text reads as it was")
    func expansion() throws {
        let directory = try OTKRunner.scratch()
        try OTKRunner.write(Self.prose, to: "prose.txt", in: directory)
        let common = ["--justify", "--hyphenation", "1", "--columns", "2", "--breaking", "optimal"]
        func report(_ extra: [String]) throws -> (ratio: Double, loose: Int) {
            let result = try OTKRunner.otk(["measure", "prose.txt", "--json"] + common + extra, in: directory)
            #expect(result.status == 0, "\(result.stderr)")
            let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            return (try #require(object?["meanSquaredAdjustmentRatio"] as? Double), try #require(object?["linesLooserThanRatio1"] as? Int))
        }
        let optimal = try report([])
        let expanded = try report(["--expansion", "2"])
        #expect(expanded.ratio < optimal.ratio * 0.8, "\(expanded) against \(optimal)")
        #expect(expanded.loose <= optimal.loose)
        #expect(try OTKRunner.otk(["render", "prose.txt", "-o", "plain.pdf", "-q"] + common, in: directory).status == 0)
        #expect(try OTKRunner.otk(["render", "prose.txt", "-o", "expanded.pdf", "-q", "--expansion", "2"] + common,
                                  in: directory).status == 0)
        // Scaled glyphs, not another font: the words come back whole and in order.
        func words(_ name: String) throws -> [String] {
            try OTKRunner.pdfText(directory.appendingPathComponent(name)).replacingOccurrences(of: "\u{2010}\n", with: "")
                .replacingOccurrences(of: "-\n", with: "").split(whereSeparator: \.isWhitespace).map(String.init)
        }
        #expect(try words("expanded.pdf") == words("plain.pdf"))
        let bad = try OTKRunner.otk(["render", "prose.txt", "--expansion", "9"], in: directory)
        #expect(bad.status == 2 && bad.stderr.hasPrefix("otk: error: --expansion: 9 is not a percentage from 0 to 5"))
    }

    @Test("--hang-punctuation sets full stops and commas at the ends of justified lines past the margin")
    func hangPunctuation() throws {
        let directory = try OTKRunner.scratch()
        try OTKRunner.write(Self.prose, to: "prose.txt", in: directory)
        let right = 297.64 - 56.7  // A6, narrow enough for lines to end in commas and full stops
        #expect(try OTKRunner.otk(["render", "prose.txt", "--justify", "--page-size", "A6", "-o", "flush.pdf", "-q"],
                                  in: directory).status == 0)
        #expect(try OTKRunner.otk(["render", "prose.txt", "--justify", "--page-size", "A6", "--hang-punctuation", "-o", "hung.pdf", "-q"],
                                  in: directory).status == 0)
        let flush = try lines(directory.appendingPathComponent("flush.pdf"))
        let hung = try lines(directory.appendingPathComponent("hung.pdf"))
        // (A line of one word has no space to justify.)
        #expect(flush.filter { $0.words.count > 1 }.allSatisfy { abs($0.maxX - right) < 1.5 })
        var marks = 0
        for line in hung where line.words.count > 1 {
            let last = line.words.last?.last
            if last == "." || last == "," {
                #expect(line.maxX > right + 2, "\(line.words.suffix(2)) ends at \(line.maxX)")
                marks += 1
            } else if last?.isLetter == true {
                #expect(abs(line.maxX - right) < 1.5, "\(line.words.suffix(2)) ends at \(line.maxX)")
            }
        }
        #expect(marks >= 2)
    }

    @Test("--line-height spreads the lines: double the multiple, about double the height")
    func lineHeight() throws {
        let directory = try OTKRunner.scratch()
        try OTKRunner.write(Self.prose, to: "prose.txt", in: directory)
        func height(_ options: [String]) throws -> Double {
            let result = try OTKRunner.otk(["measure", "prose.txt", "--json"] + options, in: directory)
            let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            return try #require((object?["boundingSize"] as? [String: Any])?["height"] as? Double)
        }
        let single = try height([])
        let double = try height(["--line-height", "2"])
        #expect(double > single * 1.8 && double < single * 2.2)
    }

    @Test("--font and --font-size set the base font of plain text")
    func fonts() throws {
        let directory = try OTKRunner.scratch()
        try OTKRunner.write(Self.prose, to: "prose.txt", in: directory)
        #expect(try OTKRunner.otk(["render", "prose.txt", "--font", "DejaVu Sans Mono", "--font-size", "9", "-q"], in: directory).status == 0)
        let fonts = try OTKRunner.run(URL(fileURLWithPath: "/usr/bin/pdffonts"), [directory.appendingPathComponent("prose.pdf").path]).stdout
        #expect(fonts.contains("DejaVuSansMono") && !fonts.contains("NotoSerif"))
        // A monospaced 9 pt font: every full line has the same number of characters.
        let lines = try OTKRunner.pdfText(directory.appendingPathComponent("prose.pdf")).split(separator: "\n")
        #expect(lines.dropLast().allSatisfy { $0.count <= Int(481.88 / (9 * 0.602)) + 1 })
    }
}
