// Many exclusion paths: 10 KB of text laid out in a 600-pt column of unbounded height around
// 100,000 small exclusion rectangles, as separate paths and as one path of 100,000 subpaths
// (release build; the README's "Exclusion paths" table comes from it):
//
//   cd Benchmarks && swift build -c release -j 1 --product ExclusionBench && .build/release/ExclusionBench
//
// There is no peer: Pango has no exclusion paths. Each row prints the milliseconds per line (a
// row of line fragments: the fragments an exclusion splits one band into count once) and per
// line fragment, against the goal of 1 ms per line. Timed: setting `exclusionPaths` on a fresh
// container, then `ensureLayout(for:)` of a fresh layout manager (its glyphs included; the
// shaped-word cache is warm after the untimed first run): the first layout, whose figures per
// line include indexing the paths once; then the lines alone, laid out again after
// `invalidateLayout(forCharacterRange:actualCharacterRange:)` (glyphs and index kept). Median of
// `--runs` runs.
import Foundation
import OpenTextKit
import PeerSupport

struct Options {
    var runs = 3
    var cases: Set<String>? = nil
    var count = 100_000
}

func parseOptions() -> Options {
    var options = Options()
    var arguments = Array(CommandLine.arguments.dropFirst())
    while !arguments.isEmpty {
        let name = arguments.removeFirst()
        if name == "--help" || name == "-h" {
            print("usage: ExclusionBench [--runs N] [--cases margin,grid,grid-one-path,scatter,scatter-one-path,ovals] [--count N]")
            exit(0)
        }
        guard let value = arguments.first else { fatalError("\(name) needs a value") }
        arguments.removeFirst()
        switch name {
        case "--runs": options.runs = max(1, Int(value) ?? 3)
        case "--cases": options.cases = Set(value.split(separator: ",").map(String.init))
        case "--count": options.count = max(1, Int(value) ?? 100_000)
        default: fatalError("unknown option \(name)")
        }
    }
    return options
}

/// A small deterministic generator (SplitMix64), so every run scatters the same squares.
struct SplitMix64 {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}

/// One benchmark case: what it is called, what the table says about it, and its paths.
struct Case {
    let name: String
    let description: String
    let makePaths: (Int) -> [UIBezierPath]
}

func oneOf(_ rects: [CGRect]) -> [UIBezierPath] {
    let path = UIBezierPath()
    for rect in rects { path.append(UIBezierPath(rect: rect)) }
    return [path]
}

func gridRects(_ count: Int) -> [CGRect] {
    (0..<count).map { i in CGRect(x: CGFloat(i % 30) * 20, y: CGFloat(i / 30) * 20, width: 2, height: 2) }
}

func scatterRects(_ count: Int) -> [CGRect] {
    var random = SplitMix64(state: 0x0E8C_1A51_0000_0001)
    return (0..<count).map { _ in CGRect(x: random.unit() * 597, y: random.unit() * 19_997, width: 3, height: 3) }
}

let cases: [Case] = [
    Case(name: "margin", description: "4×4 squares down the right margin, 10 pt apart (separate paths)") { count in
        (0..<count).map { UIBezierPath(rect: CGRect(x: 590, y: CGFloat($0) * 10, width: 4, height: 4)) }
    },
    Case(name: "grid", description: "2×2 squares on a 20-pt grid, 30 across (separate paths)") { count in
        gridRects(count).map { UIBezierPath(rect: $0) }
    },
    Case(name: "grid-one-path", description: "the same grid appended into one UIBezierPath") { count in
        oneOf(gridRects(count))
    },
    Case(name: "scatter", description: "3×3 squares at random over 600 × 20,000 pt (separate paths)") { count in
        scatterRects(count).map { UIBezierPath(rect: $0) }
    },
    Case(name: "scatter-one-path", description: "the same scatter appended into one UIBezierPath") { count in
        oneOf(scatterRects(count))
    },
    Case(name: "ovals", description: "3×3 ovals at random over 600 × 20,000 pt (separate paths)") { count in
        scatterRects(count).map { UIBezierPath(ovalIn: $0) }
    },
]

let text = String(repeating: "lorem ipsum dolor sit amet consectetur ", count: 250)

struct Run {
    var setSeconds: Double
    var layoutSeconds: Double
    var relayoutSeconds: Double
    var fragments: Int
    var lines: Int
}

func run(_ paths: [UIBezierPath]) -> Run {
    let storage = NSTextStorage(string: text)
    let layoutManager = NSLayoutManager()
    layoutManager.maximumLayoutThreads = 1
    storage.addLayoutManager(layoutManager)
    let container = NSTextContainer(size: CGSize(width: 600, height: CGFloat.greatestFiniteMagnitude))
    layoutManager.addTextContainer(container)
    var start = peer_now()
    container.exclusionPaths = paths
    let set = peer_now() - start
    start = peer_now()
    layoutManager.ensureLayout(for: container)
    let layout = peer_now() - start
    layoutManager.invalidateLayout(forCharacterRange: NSRange(location: 0, length: storage.length), actualCharacterRange: nil)
    start = peer_now()
    layoutManager.ensureLayout(for: container)
    let relayout = peer_now() - start
    var fragments = 0
    var rows = Set<Double>()
    layoutManager.enumerateLineFragments(forGlyphRange: NSRange(location: 0, length: layoutManager.numberOfGlyphs)) { rect, _, _, _, _ in
        fragments += 1
        rows.insert(Double(rect.minY))
    }
    return Run(setSeconds: set, layoutSeconds: layout, relayoutSeconds: relayout, fragments: fragments, lines: rows.count)
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
}

func fixed(_ value: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", value) }

let options = parseOptions()
print("10 KB (\"lorem ipsum dolor sit amet consectetur \" × 250, the default font), a 600-pt container of unbounded "
      + "height, \(options.count) exclusion rectangles; median of \(options.runs) runs after an untimed one; goal: 1 ms a line")
print("")
print("| case | set paths | first layout | lines | fragments | ms per line | ms per fragment | relayout | ms per line | ms per fragment | per line / 1 ms |")
print("|---|---|---|---|---|---|---|---|---|---|---|")
_ = run([])  // fonts and the shaped-word cache
for item in cases where options.cases?.contains(item.name) ?? true {
    let paths = item.makePaths(options.count)
    let first = run(paths)
    var runs = [first]
    for _ in 1..<options.runs { runs.append(run(paths)) }
    let set = median(runs.map(\.setSeconds)), layout = median(runs.map(\.layoutSeconds))
    let relayout = median(runs.map(\.relayoutSeconds))
    let lines = Double(max(1, first.lines)), fragments = Double(max(1, first.fragments))
    let perLine = (set + layout) * 1000 / lines
    print("| \(item.name): \(item.description) | \(fixed(set * 1000, 1)) ms | \(fixed(layout * 1000, 1)) ms | \(first.lines) | "
          + "\(first.fragments) | \(fixed(perLine, 3)) | \(fixed((set + layout) * 1000 / fragments, 3)) | "
          + "\(fixed(relayout * 1000, 1)) ms | \(fixed(relayout * 1000 / lines, 3)) | \(fixed(relayout * 1000 / fragments, 3)) | ×\(fixed(perLine, 2)) |")
}
