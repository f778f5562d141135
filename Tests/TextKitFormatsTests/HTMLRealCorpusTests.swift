import CLibXML2
import Testing
@testable import TextKitFormats

// HTML nobody here wrote, read by the importer: the tree-construction tests of html5lib-tests
// (Fixtures/html5lib, MIT; see its ORIGIN.md), whose expected trees are what a browser's parser
// builds from each document, and the four Unicode break-test charts that Debian's unicode-data
// (installed by scripts/setup.sh) ships as HTML.
//
// Two comparisons of text, white space aside (the importer collapses it and writes its own line
// feeds and tabs):
// - with libxml2's own tree of the same bytes, outside the elements the reader hides: every
//   document must agree (no text lost, doubled or moved by the walk, the style memo or the deep
//   nesting path);
// - with the html5lib expected tree: libxml2's HTML parser is not an HTML5 parser (misnested
//   formatting, tables and foster parenting, foreign content differ), so only most documents
//   agree; how many is pinned below, so that a change that loses agreement fails.

/// One tree-construction test: its input and the text nodes of its expected tree.
struct HTML5LibTreeTest: CustomStringConvertible {
    var file: String
    var number: Int
    var data: String
    /// Parsed as a fragment in a context element (the importer reads whole documents).
    var isFragment: Bool
    /// `#script-on`: the expected tree assumes scripting.
    var needsScripting: Bool
    /// The expected tree's lines, one node each ("| " and the indent kept), text and comments
    /// that span lines joined with "\n".
    var tree: [String]

    var description: String { "\(file) #\(number)" }

    /// The text a reader shows of the expected tree: text nodes outside hidden elements (and
    /// outside SVG and MathML), with the characters the importer writes for `<hr>` and `<img>`.
    var expectedText: String {
        var hidden: [Int] = []   // depths of the hidden elements we are in
        var text = ""
        for node in tree {
            let body = node.dropFirst(2)
            let depth = body.prefix(while: { $0 == " " }).count / 2
            let content = body.dropFirst(depth * 2)
            while let last = hidden.last, last >= depth { hidden.removeLast() }
            if !hidden.isEmpty { continue }
            if content.hasPrefix("\""), content.count >= 2, content.hasSuffix("\"") {
                text += content.dropFirst().dropLast()
            } else if content.hasPrefix("<"), !content.hasPrefix("<!"), content.hasSuffix(">") {
                let name = String(content.dropFirst().dropLast())
                if name.hasPrefix("svg ") || name.hasPrefix("math ") || HTMLElements.hidden.contains(name) {
                    hidden.append(depth)
                } else if name == "hr" {
                    text += HTMLCorpus.rule
                } else if name == "img" {
                    text += "\u{FFFC}"
                }
            }
        }
        return text
    }
}

enum HTMLCorpus {
    /// What the importer writes for `<hr>`.
    static let rule = "\u{2014}\u{2014}\u{2014}"

    /// Every test of the .dat files under Fixtures/html5lib/tree-construction.
    static let html5libTests: [HTML5LibTreeTest] = {
        let folder = Fixtures.directory.appendingPathComponent("html5lib/tree-construction")
        guard let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap({ $0 as? String }) else { return [] }
        var tests: [HTML5LibTreeTest] = []
        for file in files.filter({ $0.hasSuffix(".dat") }).sorted() {
            guard let source = try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8) else { continue }
            // Tests are separated by a blank line before "#data"; text in a tree may hold blank
            // lines, but never one followed by "#data".
            var body = source
            if body.hasPrefix("#data\n") { body.removeFirst(6) }
            for (i, chunk) in body.components(separatedBy: "\n\n#data\n").enumerated() {
                // The data up to the line "#errors", the header up to the line "#document", the tree.
                let lines = chunk.split(separator: "\n", omittingEmptySubsequences: false)
                guard let errors = lines.firstIndex(of: "#errors"),
                      let document = lines[errors...].firstIndex(of: "#document") else { continue }
                let data = lines[..<errors].joined(separator: "\n")
                let header = lines[errors..<document]
                var tree: [String] = []
                for line in lines[(document + 1)...] {
                    if line.hasPrefix("| ") || tree.isEmpty { tree.append(String(line)) } else { tree[tree.count - 1] += "\n" + line }
                }
                while let last = tree.last, last.isEmpty { tree.removeLast() }
                tests.append(HTML5LibTreeTest(file: file, number: i + 1, data: data,
                                              isFragment: header.contains("#document-fragment"),
                                              needsScripting: header.contains("#script-on"), tree: tree))
            }
        }
        return tests
    }()

    /// The text of libxml2's tree of `data` outside the elements the reader hides, with the
    /// characters the importer writes for `<hr>` and `<img>`: walked here on libxml2's own
    /// pointers, apart from the importer's walk.
    static func libxml2Text(_ data: Data) -> String {
        guard let document = HTMLParsedDocument(data: data, encoding: nil), let root = document.root else { return "" }
        var text = ""
        var stack: [xmlNodePtr] = [root]
        while let node = stack.popLast() {
            switch node.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = node.pointee.content { text += String(cString: content) }
            case XML_ELEMENT_NODE:
                let name = node.pointee.name.map { String(cString: $0) } ?? ""
                if HTMLElements.hidden.contains(name) { continue }
                if name == "hr" { text += rule }
                if name == "img" { text += "\u{FFFC}" }
                var children: [xmlNodePtr] = []
                var child = node.pointee.children
                while let c = child { children.append(c); child = c.pointee.next }
                stack.append(contentsOf: children.reversed())
            default:
                break
            }
        }
        return text
    }

    /// List markers as the importer writes them ("\t•\t", "\t3.\t" …).
    static let markers: [String] = {
        let bullets = [NSTextList.MarkerFormat.disc, .circle, .square].map { NSTextList(markerFormat: $0).marker(forItemNumber: 1) }
        return bullets.map { "\t\($0)\t" }
    }()

    /// `s` without list markers and ASCII white space, for comparing text.
    static func comparable(_ s: String, removingMarkers: Bool) -> String {
        var t = s
        if removingMarkers {
            for marker in markers { t = t.replacingOccurrences(of: marker, with: "") }
            t = t.replacingOccurrences(of: "\t-?[0-9]+\\.\t", with: "", options: .regularExpression)
        }
        return String(String.UnicodeScalarView(t.unicodeScalars.filter { !" \t\n\r\u{0C}".unicodeScalars.contains($0) }))
    }

    /// The installed Unicode break-test charts (unicode-data, from scripts/setup.sh).
    static let unicodeCharts = ["GraphemeBreakTest", "LineBreakTest", "SentenceBreakTest", "WordBreakTest"]
        .map { "/usr/share/unicode/auxiliary/\($0).html" }
        .filter { FileManager.default.fileExists(atPath: $0) }
}

@Suite("HTML import: real documents (html5lib-tests, Unicode's charts)")
struct HTMLRealCorpusTests {
    @Test("The html5lib tree-construction tests are all there")
    func corpusPresent() {
        #expect(HTMLCorpus.html5libTests.count == 1796)
        #expect(HTMLCorpus.html5libTests.filter { $0.isFragment }.count == 192)
        let first = HTMLCorpus.html5libTests.first { $0.file == "tests1.dat" }
        #expect(first?.data == "Test")
        #expect(first?.expectedText == "Test")
    }

    @Test("Every html5lib document imports, and its text is libxml2's tree's text outside hidden elements")
    func html5libAgainstLibxml2() throws {
        var checked = 0, withText = 0
        for test in HTMLCorpus.html5libTests {
            let data = Data(test.data.utf8)
            let (string, _) = try readHTML(data)
            let ours = HTMLCorpus.comparable(string.string, removingMarkers: true)
            let tree = HTMLCorpus.comparable(HTMLCorpus.libxml2Text(data), removingMarkers: false)
            #expect(ours == tree, "\(test): \(test.data.debugDescription)")
            checked += 1
            if !tree.isEmpty { withText += 1 }
        }
        #expect(checked == 1796)
        #expect(withText >= 640, "\(withText) documents with text (the others are markup alone)")
    }

    @Test("Most html5lib documents give the text a browser's parser gives (the expected tree's), white space aside")
    func html5libAgainstBrowsers() throws {
        let documents = HTMLCorpus.html5libTests.filter { !$0.isFragment && !$0.needsScripting && !$0.file.hasPrefix("scripted/") }
        var agree = 0, agreeWithText = 0
        var differ: [String] = []
        for test in documents {
            let (string, _) = try readHTML(Data(test.data.utf8))
            let expected = HTMLCorpus.comparable(test.expectedText, removingMarkers: false)
            if HTMLCorpus.comparable(string.string, removingMarkers: true) == expected {
                agree += 1
                if !expected.isEmpty { agreeWithText += 1 }
            } else {
                differ.append(test.description)
            }
        }
        // Measured when this test was written (libxml2 2.9.14): 1,384 of the 1,592 documents, 443
        // of those whose expected tree holds text (most of the tests are markup alone). The
        // rest are where libxml2's parser is not HTML5's: character references without a semicolon
        // ("FOO&gtBAR"), text moved out of tables (foster parenting), misnested formatting
        // elements (the adoption agency), foreign content (see the file's comment).
        #expect(documents.count == 1592)
        #expect(agree >= 1384, "\(agree) agree; these differ: \(differ.prefix(40))")
        #expect(agreeWithText >= 443, "\(agreeWithText) of the documents with text agree")
    }

    @Test("Unicode's break-test charts read: title, headings, paragraphs, list items and table rows as a browser shows them")
    func unicodeCharts() throws {
        for path in HTMLCorpus.unicodeCharts {
            let url = URL(fileURLWithPath: path)
            var attributes: [NSAttributedString.DocumentAttributeKey: Any] = [:]
            let s = try NSAttributedString(url: url, options: [:], documentAttributes: &attributes)
            let text = s.string
            let name = url.deletingPathExtension().lastPathComponent.replacingOccurrences(of: "BreakTest", with: "")
            #expect(attributes[.title] as? String == "\(name) Break Chart", "\(path)")
            #expect(HTMLCorpus.comparable(text, removingMarkers: true)
                    == HTMLCorpus.comparable(HTMLCorpus.libxml2Text(try Data(contentsOf: url)), removingMarkers: false), "\(path)")
            let lines = text.components(separatedBy: "\n")
            // The heading, bold at h2's 18 points, on a line of its own.
            let heading = try #require(lines.first, "\(path)")
            #expect(heading.hasSuffix(" Chart") && heading.contains("_"), "\(path): \(heading)")
            #expect(s.font(at: 0)?.pointSize == 18 && s.isBold(at: 0))
            // "<p><b>Unicode Version:</b> 15.0.0</p>": one line, the label bold.
            let version = try #require(lines.first { $0.hasPrefix("Unicode Version:") }, "\(path)")
            #expect(version.hasPrefix("Unicode Version: "), "\(path): \(version)")
            #expect(s.isBold(at: s.offset(of: "Unicode Version:")))
            #expect(!s.isBold(at: s.offset(of: version) + version.utf16.count - 1))
            // The first item of the numbered list of how the rules were rewritten.
            #expect(lines.contains { $0.hasPrefix("\t1.\tThe rules are cast into a form that is more like regular expressions.") }, "\(path)")
        }
        // A rule of the word-break chart: a table row of four cells, a tab between cells.
        if let word = HTMLCorpus.unicodeCharts.first(where: { $0.hasSuffix("WordBreakTest.html") }) {
            let text = try NSAttributedString(url: URL(fileURLWithPath: word), options: [:], documentAttributes: nil).string
            let rows = text.components(separatedBy: "\n").map { $0.components(separatedBy: "\t").map { $0.trimmingCharacters(in: .whitespaces) } }
            #expect(rows.contains(["3.0", "CR", "×", "LF"]))
            #expect(rows.contains(["0.2", "sot", "÷", ""]))
        }
    }
}
