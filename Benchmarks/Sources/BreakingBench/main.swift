// Total-fit (Knuth–Plass) line breaking beside greedy, on the same text in the same run (release
// build; the README's "Optimal line breaking" table comes from it):
//
//   cd Benchmarks && swift build -c release -j 1 --product BreakingBench && .build/release/BreakingBench
//
// W1 (the corpus's 1 MB of English) in DejaVu Serif 12 pt, every paragraph justified and
// hyphenated (hyphenation factor 1, US English), in one column 400 pt and then 200 pt wide, no
// line fragment padding. Three breakers: greedy (TextKit's), total fit, and total fit with glyph
// expansion (NSParagraphStyle.glyphExpansionLimit, 2 % unless --expansion says otherwise). For each
// width and each breaker: the mean squared adjustment ratio of the justified lines — the spread of
// their gaps (NSLayoutManager.adjustmentRatio(ofLineFragmentAt:), one definition for all, the
// spaces' ratio after expansion took its share),
// the line count, and two medians of wall time: a full layout by a fresh layout manager (glyphs
// included, the shaped-word cache warm), and a relayout at the width from another width (lines
// only: the glyphs stay), on one thread. Then each total fit / greedy as ratios.
import Foundation
import OpenTextKit
import PeerSupport

struct Options {
    var corpus = ""
    var runs = 5
    var widths: [Double] = [400, 200]
    var hyphenation: Float = 1
    /// The third breaker's glyph expansion limit (a fraction).
    var expansion: CGFloat = 0.02
    /// Write the picture of one paragraph set both ways here, instead of measuring.
    var picture: String?
    /// The paragraph (line of W1, from 1) the picture shows.
    var pictureParagraph = 1157
    /// The picture's column width.
    var pictureWidth: Double = 300
}

func parseOptions() -> Options {
    var options = Options()
    let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    var url = URL(fileURLWithPath: exe).deletingLastPathComponent()
    while url.path != "/", !FileManager.default.fileExists(atPath: url.appendingPathComponent("corpus/make-corpus.sh").path) {
        url = url.deletingLastPathComponent()
    }
    options.corpus = url.appendingPathComponent("corpus/out").path
    var arguments = Array(CommandLine.arguments.dropFirst())
    while !arguments.isEmpty {
        let name = arguments.removeFirst()
        if name == "--help" || name == "-h" {
            print("usage: BreakingBench [--corpus DIR] [--runs N] [--widths 400,200] [--hyphenation 0…1] [--expansion 0…0.05] "
                  + "[--png FILE [--paragraph N] [--picture-width POINTS]]")
            exit(0)
        }
        guard let value = arguments.first else { fatalError("\(name) needs a value") }
        arguments.removeFirst()
        switch name {
        case "--corpus": options.corpus = value
        case "--runs": options.runs = max(1, Int(value) ?? 5)
        case "--widths": options.widths = value.split(separator: ",").compactMap { Double($0) }
        case "--hyphenation": options.hyphenation = Float(value) ?? 1
        case "--expansion": options.expansion = CGFloat(Double(value) ?? 0.02)
        case "--png": options.picture = value
        case "--paragraph": options.pictureParagraph = max(1, Int(value) ?? 1)
        case "--picture-width": options.pictureWidth = min(2000, max(20, Double(value) ?? 400))
        default: fatalError("unknown option \(name)")
        }
    }
    return options
}

/// One breaker's figures at one width.
struct Figures {
    var meanSquaredRatio: Double
    var justifiedLines: Int
    var lines: Int
    var layoutSeconds: Double
    var relayoutSeconds: Double
}

/// W1 laid out by one breaker.
struct Document {
    let storage: NSTextStorage
    let layoutManager = NSLayoutManager()
    let container: NSTextContainer

    init(text: String, font: UIFont, style: NSParagraphStyle, width: Double) {
        storage = NSTextStorage(string: text, attributes: [.font: font, .paragraphStyle: style])
        layoutManager.maximumLayoutThreads = 1  // one thread, as the comparison suite's full layout
        storage.addLayoutManager(layoutManager)
        container = NSTextContainer(size: CGSize(width: width, height: .greatestFiniteMagnitude))
        container.lineFragmentPadding = 0
        layoutManager.addTextContainer(container)
    }

    /// Lines (the extra line fragment after the final newline not counted) and the adjustment
    /// ratios of the justified ones.
    func lines() -> (count: Int, ratios: [Double]) {
        var count = 0
        var ratios: [Double] = []
        layoutManager.enumerateLineFragments(forGlyphRange: NSRange(location: 0, length: layoutManager.numberOfGlyphs)) { _, _, _, range, _ in
            count += 1
            if let ratio = layoutManager.adjustmentRatio(ofLineFragmentAt: range.location) { ratios.append(Double(ratio)) }
        }
        return (count, ratios)
    }
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
}

func measure(text: String, font: UIFont, style: NSParagraphStyle, width: Double, runs: Int) -> Figures {
    // Untimed warm-up: fonts, hyphenation dictionary, shaped-word cache.
    let warm = Document(text: text, font: font, style: style, width: width)
    warm.layoutManager.ensureLayout(for: warm.container)
    let (count, ratios) = warm.lines()
    var layout: [Double] = []
    var relayout: [Double] = []
    for _ in 0..<runs {
        let document = Document(text: text, font: font, style: style, width: width)
        var start = peer_now()
        document.layoutManager.ensureLayout(for: document.container)
        layout.append(peer_now() - start)
        // Relayout: lines only, from another width back to this one.
        document.container.size = CGSize(width: width * 0.75, height: .greatestFiniteMagnitude)
        document.layoutManager.ensureLayout(for: document.container)
        document.container.size = CGSize(width: width, height: .greatestFiniteMagnitude)
        start = peer_now()
        document.layoutManager.ensureLayout(for: document.container)
        relayout.append(peer_now() - start)
    }
    let meanSquare = ratios.reduce(0) { $0 + $1 * $1 } / Double(max(1, ratios.count))
    return Figures(meanSquaredRatio: meanSquare, justifiedLines: ratios.count, lines: count,
                   layoutSeconds: median(layout), relayoutSeconds: median(relayout))
}

func style(optimal: Bool, hyphenation: Float, expansion: CGFloat = 0) -> NSParagraphStyle {
    let style = NSMutableParagraphStyle()
    style.alignment = .justified
    style.hyphenationFactor = hyphenation
    if optimal { style.lineBreakStrategy = [.optimal] }
    style.glyphExpansionLimit = expansion
    return style
}

func fixed(_ value: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", value) }

let options = parseOptions()
let path = options.corpus + "/W1.txt"
guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
    FileHandle.standardError.write(Data("BreakingBench: cannot read \(path) (run corpus/make-corpus.sh, or pass --corpus)\n".utf8))
    exit(2)
}
let font = try! UIFont(url: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"), size: 12)
if let picture = options.picture {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let paragraph = options.pictureParagraph <= lines.count ? String(lines[options.pictureParagraph - 1]) : ""
    let png = Picture(paragraph: paragraph, font: font, hyphenation: options.hyphenation, columnWidth: CGFloat(options.pictureWidth),
                      expansion: options.expansion).pngData()
    guard !png.isEmpty, FileManager.default.createFile(atPath: picture, contents: png) else { fatalError("cannot write \(picture)") }
    print("wrote \(picture)")
    exit(0)
}
print("W1 (\(text.utf8.count) bytes), DejaVu Serif 12 pt, justified, hyphenation factor \(options.hyphenation), "
      + "expansion \(fixed(Double(options.expansion) * 100, 1)) %, median of \(options.runs) runs after a warm-up")
print("")
print("| width | breaker | mean squared adjustment ratio | lines | layout | relayout (lines only) |")
print("|---|---|---|---|---|---|")
var summary: [String] = []
for width in options.widths {
    let greedy = measure(text: text, font: font, style: style(optimal: false, hyphenation: options.hyphenation), width: width, runs: options.runs)
    let optimal = measure(text: text, font: font, style: style(optimal: true, hyphenation: options.hyphenation), width: width, runs: options.runs)
    let expanded = measure(text: text, font: font, style: style(optimal: true, hyphenation: options.hyphenation, expansion: options.expansion),
                           width: width, runs: options.runs)
    let rows = [("greedy", greedy), ("total fit", optimal), ("total fit + expansion", expanded)]
    for (name, f) in rows {
        print("| \(Int(width)) pt | \(name) | \(fixed(f.meanSquaredRatio, 3)) (\(f.justifiedLines) justified lines) | \(f.lines) | "
              + "\(fixed(f.layoutSeconds * 1000, 1)) ms | \(fixed(f.relayoutSeconds * 1000, 1)) ms |")
    }
    for (name, f) in rows.dropFirst() {
        summary.append("| \(Int(width)) pt | \(name) | ×\(fixed(f.meanSquaredRatio / greedy.meanSquaredRatio, 2)) | "
                       + "×\(fixed(Double(f.lines) / Double(greedy.lines), 4)) | ×\(fixed(f.layoutSeconds / greedy.layoutSeconds, 2)) | "
                       + "×\(fixed(f.relayoutSeconds / greedy.relayoutSeconds, 2)) |")
    }
}
print("")
print("| width | breaker | / greedy: mean squared ratio | lines | layout time | relayout time |")
print("|---|---|---|---|---|---|")
for line in summary { print(line) }
