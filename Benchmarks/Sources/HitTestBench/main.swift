// Hit testing and carets on long lines, OpenTextKit beside Pango in the same process (release
// build; Benchmarks/README.md quotes it):
//
//   cd Benchmarks && swift build -c release --product HitTestBench && .build/release/HitTestBench
//   .build/release/HitTestBench --queries 1000 --rounds 5 --only marks
//
// Three texts of 10,000 and 20,000 UTF-16 units, each one paragraph: Latin and Hebrew letters with
// alternating RLM and LRM marks (a bidi run every two characters, a zero-width mark in each),
// decomposed Hangul (conjoining jamo, three characters a syllable, Noto CJK by fallback) and
// words full of soft hyphens (zero-width, invisible mid-line). Each is laid out on one line
// fragment (a container 10,000,000 points wide; Pango without wrapping), and the 20,000-unit texts
// also wrapped at 400 points (hundreds of lines: each query must find its line first).
//
// Setup as `bench`'s: DejaVu Serif at 12 pt (1 pt = 1 px), no line fragment padding, no inset.
// Query kinds, each on a fresh layout (laid out untimed), its first query timed alone ("first":
// what making a line's glyph positions or caret geometry costs; the median of three fresh
// layouts), then `--rounds` rounds of the same `--queries` random points (or offsets) followed by
// as many points sweeping the text left to right, line by line:
//   charIndex    NSLayoutManager.characterIndex(for:in:fractionOfDistanceBetweenInsertionPoints:)
//   glyphIndex   NSLayoutManager.glyphIndex(for:in:fractionOfDistanceThroughGlyph:)
//   glyphRect    NSLayoutManager.boundingRect(forGlyphRange:in:) of one glyph
//   caret (LM)   NSLayoutManager.enclosingRects(forGlyphRange:withinSelectedGlyphRange:in:) of an
//                empty glyph range: the insertion point's caret
//   closestPos   UITextView.closestPosition(to:)
//   caretRect    UITextView.caretRect(for:)
// Pango's peers: pango_layout_xy_to_index for the point queries, pango_layout_index_to_pos for the
// glyph rect, pango_layout_get_cursor_pos for the carets, at the same points and offsets (as
// UTF-8 byte indices).
//
// Each query is timed alone, in every round; its time is its median over the rounds (the same
// query after the same one before it: on this shared machine a single timing otherwise shows
// whatever the scheduler did to it, and a query slow by itself is slow in most rounds).
// avg: the mean of the queries' times. worst: the slowest query's time. max: the slowest single
// timing, scheduler included.
//
// The wrapped texts also have a "cold" row: on a fresh layout each round, one characterIndex query
// on each line in turn, top to bottom — every query the first on its line, so it pays for the
// line's caret geometry (what a query on a line not asked about recently costs).
import Foundation
import HitTestPango
import OpenTextKit
import PeerSupport

// MARK: Options

var queries = 1000
var rounds = 5
var only: [String] = []
var kinds: [String] = []
var withPango = true
do {
    var arguments = CommandLine.arguments.dropFirst().makeIterator()
    while let argument = arguments.next() {
        switch argument {
        case "--queries": queries = Int(arguments.next() ?? "") ?? queries
        case "--rounds": rounds = Int(arguments.next() ?? "") ?? rounds
        case "--only": only = (arguments.next() ?? "").split(separator: ",").map(String.init)
        case "--kinds": kinds = (arguments.next() ?? "").split(separator: ",").map(String.init)
        case "--no-pango": withPango = false
        default:
            print("usage: HitTestBench [--queries 1000] [--rounds 5] [--only marks,jamo,shy,wrapped] [--kinds charIndex,…] [--no-pango]")
            exit(2)
        }
    }
}

// MARK: Texts

/// SplitMix64: the same texts and points in every run.
struct Random {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }
    mutating func double(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * Double(next() >> 11) / Double(1 << 53)
    }
}

/// Exactly `length` UTF-16 units of what `unit` appends, again and again.
func text(length: Int, seed: UInt64, _ unit: (inout Random) -> [UInt16]) -> String {
    var random = Random(state: seed)
    var units: [UInt16] = []
    while units.count < length { units += unit(&random) }
    return String(decoding: units.prefix(length), as: UTF16.self)
}

func marks(_ length: Int) -> String {
    var n = 0
    return text(length: length, seed: 1) { random in
        n += 1
        let latin = UInt16(0x61 + random.int(0...25)), hebrew = UInt16(0x5D0 + random.int(0...26))
        return [latin, 0x200F, hebrew, 0x200E] + (n % 4 == 0 ? [0x20] : [])
    }
}

func jamo(_ length: Int) -> String {
    text(length: length, seed: 2) { random in
        var units: [UInt16] = []
        for _ in 0..<random.int(1...4) {
            units.append(UInt16(0x1100 + random.int(0...18)))        // leading consonant
            units.append(UInt16(0x1161 + random.int(0...20)))        // vowel
            if random.int(0...2) > 0 { units.append(UInt16(0x11A8 + random.int(0...26))) }  // trailing consonant
        }
        return units + [0x20]
    }
}

func softHyphens(_ length: Int) -> String {
    text(length: length, seed: 3) { random in
        var units: [UInt16] = []
        for piece in 0..<random.int(3...6) {
            if piece > 0 { units.append(0xAD) }
            for _ in 0..<random.int(2...3) { units.append(UInt16(0x61 + random.int(0...25))) }
        }
        return units + [0x20]
    }
}

struct Case {
    let name: String
    let text: String
    /// Nil: one line fragment.
    let width: Double?
    var length: Int { text.utf16.count }
}

let oneLineWidth: CGFloat = 10_000_000
var cases: [Case] = []
for length in [10_000, 20_000] {
    cases.append(Case(name: "marks \(length / 1000)k, one line", text: marks(length), width: nil))
    cases.append(Case(name: "jamo \(length / 1000)k, one line", text: jamo(length), width: nil))
    cases.append(Case(name: "shy \(length / 1000)k, one line", text: softHyphens(length), width: nil))
}
cases.append(Case(name: "marks 20k, wrapped 400", text: marks(20_000), width: 400))
cases.append(Case(name: "jamo 20k, wrapped 400", text: jamo(20_000), width: 400))
cases.append(Case(name: "shy 20k, wrapped 400", text: softHyphens(20_000), width: 400))
if !only.isEmpty {
    cases = cases.filter { c in only.contains { c.name.hasPrefix($0) || ($0 == "wrapped" && c.width != nil) || ($0 == "one" && c.width == nil) } }
}

// MARK: Engines

let font = try! UIFont(url: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"), size: 12)

/// A text storage, layout manager and container laid out whole, as `bench` makes them.
@MainActor
final class Stack {
    let storage: NSTextStorage
    let layoutManager = NSLayoutManager()
    let container: NSTextContainer
    lazy var view: UITextView = {
        let view = UITextView(frame: CGRect(x: 0, y: 0, width: min(container.size.width, 1_000_000), height: 800),
                              textContainer: container)
        view.textContainerInset = .zero
        return view
    }()

    init(_ c: Case) {
        storage = NSTextStorage(string: c.text, attributes: [.font: font])
        container = NSTextContainer(size: CGSize(width: c.width.map { CGFloat($0) } ?? oneLineWidth, height: .greatestFiniteMagnitude))
        container.lineFragmentPadding = 0
        container.widthTracksTextView = false
        storage.addLayoutManager(layoutManager)
        layoutManager.addTextContainer(container)
        layoutManager.ensureLayout(for: container)
    }

    var lineCount: Int {
        var lines = 0
        layoutManager.enumerateLineFragments(forGlyphRange: NSRange(location: 0, length: layoutManager.numberOfGlyphs)) { _, _, _, _, _ in
            lines += 1
        }
        return lines
    }

    /// The used rect of each line fragment, top to bottom.
    var lineRects: [CGRect] {
        var rects: [CGRect] = []
        layoutManager.enumerateLineFragments(forGlyphRange: NSRange(location: 0, length: layoutManager.numberOfGlyphs)) { _, used, _, _, _ in
            rects.append(used)
        }
        return rects
    }
}

/// The queries of one kind: random ones, then a sweep.
struct Workload {
    var points: [CGPoint] = []
    var offsets: [Int] = []      // UTF-16 offsets (carets) or glyph indices (glyph rects)
    var bytes: [Int32] = []      // the same offsets as UTF-8 byte indices, for Pango
}

/// Random points over the lines' used rects, then points sweeping each line left to right.
func points(lines: [CGRect], count: Int, seed: UInt64) -> [CGPoint] {
    var random = Random(state: seed)
    let top = lines.first!.minY, bottom = lines.last!.maxY
    let left = lines.map(\.minX).min()!, right = lines.map(\.maxX).max()!
    var result: [CGPoint] = []
    for _ in 0..<count {
        result.append(CGPoint(x: random.double(Double(left - 10)...Double(right + 10)), y: random.double(Double(top)...Double(bottom))))
    }
    let perLine = max(1, count / lines.count)
    for line in lines {
        for i in 0..<perLine {
            let x = Double(line.minX) - 10 + (Double(line.width) + 20) * Double(i) / Double(max(1, perLine - 1))
            result.append(CGPoint(x: x, y: Double(line.midY)))
        }
    }
    return result
}

/// Random offsets in `0..<limit`, then offsets sweeping it in order.
func offsets(limit: Int, count: Int, seed: UInt64) -> [Int] {
    var random = Random(state: seed)
    var result = (0..<count).map { _ in random.int(0...(limit - 1)) }
    for i in 0..<count { result.append(i * limit / count) }
    return result
}

/// UTF-8 byte offset of each UTF-16 offset of `text` (every character of these texts is in the BMP).
func byteOffsets(_ text: String) -> [Int32] {
    var result: [Int32] = []
    var byte: Int32 = 0
    for scalar in text.unicodeScalars {
        result.append(byte)
        byte += Int32(String(scalar).utf8.count)
    }
    result.append(byte)
    return result
}

// MARK: Timing

struct Timings {
    var first = 0.0
    var perRound: [[Double]] = []   // seconds, [round][query]

    /// Each query's median over the rounds.
    var perQuery: [Double] {
        guard let firstRound = perRound.first else { return [] }
        return firstRound.indices.map { q in
            let times = perRound.map { $0[q] }.sorted()
            return times[times.count / 2]
        }
    }
    var average: Double { perQuery.reduce(0, +) / Double(Swift.max(1, perQuery.count)) }
    var worst: Double { perQuery.max() ?? 0 }
    var slowest: Double { perRound.flatMap { $0 }.max() ?? 0 }
}

/// Times `query` on each index of `0..<count`, one timing a query: a first query alone, then
/// `rounds` rounds over all of them, each after `prepare` (untimed).
@MainActor
func time(count: Int, prepare: () -> Void = {}, _ query: (Int) -> Double) -> Timings {
    var sink = 0.0
    var timings = Timings()
    prepare()
    let start = peer_now()
    sink += query(0)
    timings.first = peer_now() - start
    for _ in 0..<rounds {
        prepare()
        var round = [Double](repeating: 0, count: count)
        for q in 0..<count {
            let t0 = peer_now()
            sink += query(q)
            round[q] = peer_now() - t0
        }
        timings.perRound.append(round)
    }
    if sink == .infinity { print("") }  // keeps the results alive
    return timings
}

func format(_ seconds: Double) -> String {
    let ms = seconds * 1000
    return ms >= 10 ? String(format: "%.1f", ms) : ms >= 0.1 ? String(format: "%.3f", ms) : String(format: "%.4f", ms)
}

// MARK: Run

print("HitTestBench: \(queries) random + \(queries) sweeping queries a kind, \(rounds) rounds; times in ms")
print("a query's time: its median over the rounds; avg = mean of the queries' times; worst = slowest query's time; max = slowest single timing; first = first query on a fresh layout (median of 3)")
print("")
func column(_ text: String, _ width: Int) -> String { text.padding(toLength: width, withPad: " ", startingAt: 0) }
let header = column("case", 25) + " " + column("kind", 11) + " | OpenTextKit: " + ["avg", "worst", "max", "first"].map { column($0, 8) }.joined(separator: " ")
    + " | Pango: " + ["avg", "worst", "max"].map { column($0, 8) }.joined(separator: " ") + " | avg ratio"
print(header)
print(String(repeating: "-", count: header.count))

for c in cases {
    let probe = Stack(c)
    let lines = probe.lineRects
    let glyphCount = probe.layoutManager.numberOfGlyphs
    let pts = points(lines: lines, count: queries, seed: 11)
    let characterOffsets = offsets(limit: c.length + 1, count: queries, seed: 12)
    let glyphs = offsets(limit: glyphCount, count: queries, seed: 13)
    let bytes = byteOffsets(c.text)
    let utf8 = Array(c.text.utf8)
    let pango: OpaquePointer? = withPango
        ? utf8.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { htp_layout_new($0.baseAddress, Int32($0.count), c.width ?? 0) }
        } : nil
    let pangoLines = pango.map { Int(htp_line_count($0)) }
    print("\(c.name): \(c.length) UTF-16 units, \(glyphCount) glyphs, \(lines.count) line fragments"
          + (pangoLines.map { " (Pango \($0) lines)" } ?? "") + ", widest \(Int(lines.map(\.width).max()!)) pt")
    if let pango { htp_layout_free(pango) }

    typealias Kind = (name: String, count: Int, ours: @MainActor (Stack) -> (Int) -> Double,
                      peer: ((OpaquePointer) -> (Int) -> Double)?)
    let pointPeer: (OpaquePointer) -> (Int) -> Double = { layout in
        { q in var trailing: Int32 = 0; return Double(htp_xy_to_index(layout, Double(pts[q].x), Double(pts[q].y), &trailing) + trailing) }
    }
    let caretPeer: (OpaquePointer) -> (Int) -> Double = { layout in
        { q in var x = 0.0, y = 0.0, h = 0.0; htp_cursor_pos(layout, bytes[characterOffsets[q]], &x, &y, &h); return x + h }
    }
    let kindsToRun: [Kind] = [
        ("charIndex", pts.count, { s in { q in
            var fraction: CGFloat = 0
            return Double(s.layoutManager.characterIndex(for: pts[q], in: s.container, fractionOfDistanceBetweenInsertionPoints: &fraction)) + Double(fraction)
        } }, pointPeer),
        ("glyphIndex", pts.count, { s in { q in
            var fraction: CGFloat = 0
            return Double(s.layoutManager.glyphIndex(for: pts[q], in: s.container, fractionOfDistanceThroughGlyph: &fraction)) + Double(fraction)
        } }, pointPeer),
        ("glyphRect", glyphs.count, { s in { q in
            Double(s.layoutManager.boundingRect(forGlyphRange: NSRange(location: glyphs[q], length: 1), in: s.container).minX)
        } }, { layout in
            // The glyph's character as a byte index.
            let glyphBytes = glyphs.map { bytes[probe.layoutManager.characterIndexForGlyph(at: $0)] }
            return { q in var x = 0.0, y = 0.0, w = 0.0, h = 0.0; htp_index_to_pos(layout, glyphBytes[q], &x, &y, &w, &h); return x + w }
        }),
        ("caret (LM)", characterOffsets.count, { s in
            let caretGlyphs = characterOffsets.map { s.layoutManager.glyphIndexForCharacter(at: $0) }
            return { q in
                let rects = s.layoutManager.enclosingRects(forGlyphRange: NSRange(location: caretGlyphs[q], length: 0),
                                                           withinSelectedGlyphRange: NSRange(location: NSNotFound, length: 0), in: s.container)
                return Double(rects.first?.minX ?? 0)
            }
        }, caretPeer),
        ("closestPos", pts.count, { s in
            let view = s.view
            return { q in Double(view.offset(from: view.beginningOfDocument, to: view.closestPosition(to: pts[q])!)) }
        }, pointPeer),
        ("caretRect", characterOffsets.count, { s in
            let view = s.view
            let positions = characterOffsets.map { view.position(from: view.beginningOfDocument, offset: $0)! }
            return { q in Double(view.caretRect(for: positions[q]).minX) }
        }, caretPeer),
    ]
    for kind in kindsToRun where kinds.isEmpty || kinds.contains(kind.name) {
        // The first query on a fresh layout, three times (a single timing is at the scheduler's mercy).
        var firsts: [Double] = []
        for _ in 0..<3 {
            let stack = Stack(c)
            let query = kind.ours(stack)
            if kind.name == "closestPos" || kind.name == "caretRect" { stack.view.layoutIfNeeded() }
            let start = peer_now()
            _ = query(0)
            firsts.append(peer_now() - start)
        }
        let stack = Stack(c)
        let query = kind.ours(stack)
        _ = stack.layoutManager.numberOfGlyphs
        if kind.name == "closestPos" || kind.name == "caretRect" { stack.view.layoutIfNeeded() }
        var ours = time(count: kind.count, query)
        ours.first = firsts.sorted()[1]
        var peerColumns = column("n/a", 26)
        var ratio = ""
        if withPango, let peer = kind.peer {
            let layout = utf8.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { htp_layout_new($0.baseAddress, Int32($0.count), c.width ?? 0) }
            }!
            let theirs = time(count: kind.count, peer(layout))
            htp_layout_free(layout)
            peerColumns = [theirs.average, theirs.worst, theirs.slowest].map { column(format($0), 8) }.joined(separator: " ")
            ratio = String(format: "×%.2f", ours.average / theirs.average)
        }
        let oursColumns = [ours.average, ours.worst, ours.slowest, ours.first].map { column(format($0), 8) }.joined(separator: " ")
        print(column(c.name, 25) + " " + column(kind.name, 11) + " |              " + oursColumns + " |        " + peerColumns + " | " + ratio)
    }
    if c.width != nil && (kinds.isEmpty || kinds.contains("cold")) {
        // One point on each line, top to bottom, on a fresh layout each round.
        var random = Random(state: 17)
        let coldPoints = lines.map { CGPoint(x: random.double(Double($0.minX)...Double($0.maxX)), y: Double($0.midY)) }
        var stack = Stack(c)
        let ours = time(count: coldPoints.count, prepare: { stack = Stack(c) }) { q in
            var fraction: CGFloat = 0
            return Double(stack.layoutManager.characterIndex(for: coldPoints[q], in: stack.container,
                                                             fractionOfDistanceBetweenInsertionPoints: &fraction))
        }
        var peerColumns = column("n/a", 26)
        var ratio = ""
        if withPango {
            func newLayout() -> OpaquePointer {
                utf8.withUnsafeBufferPointer { buffer in
                    buffer.withMemoryRebound(to: CChar.self) { htp_layout_new($0.baseAddress, Int32($0.count), c.width ?? 0) }
                }!
            }
            var layout: OpaquePointer? = nil
            let theirs = time(count: coldPoints.count, prepare: { layout.map(htp_layout_free); layout = newLayout() }) { q in
                var trailing: Int32 = 0
                return Double(htp_xy_to_index(layout!, Double(coldPoints[q].x), Double(coldPoints[q].y), &trailing) + trailing)
            }
            layout.map(htp_layout_free)
            peerColumns = [theirs.average, theirs.worst, theirs.slowest].map { column(format($0), 8) }.joined(separator: " ")
            ratio = String(format: "×%.2f", ours.average / theirs.average)
        }
        let oursColumns = [ours.average, ours.worst, ours.slowest, ours.first].map { column(format($0), 8) }.joined(separator: " ")
        print(column(c.name, 25) + " " + column("cold", 11) + " |              " + oursColumns + " |        " + peerColumns + " | " + ratio)
    }
}
