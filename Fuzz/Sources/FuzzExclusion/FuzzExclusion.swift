#if canImport(FuzzReplay)  // (the main package's FuzzRegressionTests compile this file with FuzzReplay's)
import FuzzReplay
#endif
import Foundation
import OpenTextKit

// libFuzzer's entry point (fuzzing builds only; replay and the regression tests call the function below).
#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> CInt { fuzzExclusion(bytes, size) }
#endif

/// Lays out text around hostile exclusion geometry: rectangles, ovals, rounded rectangles,
/// polygons (self-intersecting ones too), curves, paths of up to thousands of subpaths (rings with
/// holes, reversed subpaths), thousands of separate paths, under both fill rules, with coordinates
/// and sizes that may be NaN, infinite, huge or negative, and degenerate paths (empty, a point, a
/// line, zero-size rectangles); in a container of hostile size and padding.
///
/// Invariants: layout finishes (libFuzzer's -timeout catches a hang) and never traps; the line
/// fragments' glyph ranges follow each other from glyph 0 without gaps or overlaps; no two line
/// fragment rects overlap; no line fragment rect crosses the inside of an exclusion path over the
/// band its line was carved from (points sampled inside the fragment, a hundredth of a point in from
/// its edges, are outside every path — as `contains(_:)` decides, on the same flattened polygon the
/// container uses); and the container's own answers for random proposed rects, in both writing
/// directions, lie inside the proposal and outside every path.
public func fuzzExclusion(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(bytes, size)
    let container = NSTextContainer(size: CGSize(width: input.hostileFloat(ordinary: 0...600),
                                                 height: input.bool() ? CGFloat.greatestFiniteMagnitude : input.hostileFloat(ordinary: 0...2000)))
    container.lineFragmentPadding = input.bool() ? 5 : input.hostileFloat(ordinary: 0...20)
    var paths: [UIBezierPath] = []
    for _ in 0..<input.int(below: 8) { paths.append(hostilePath(&input)) }
    if input.bool() { paths += manyPaths(&input) }
    container.exclusionPaths = paths

    let words = ["lorem ", "ipsum ", "dolor ", "a", " ", "\n", "consectetur ", "\u{05E9}\u{05DC}\u{05D5}\u{05DD} ", "\u{0645}\u{0631}\u{062D}\u{0628}\u{0627} ",
                 "\u{4E2D}\u{6587}", "\u{1F600}", "\u{0301}", "\t", "supercalifragilistic", "\u{00AD}", "\u{2028}"]
    var text = ""
    for _ in 0..<input.int(below: 120) { text += input.pick(words) }
    let storage = NSTextStorage(string: text)
    let layoutManager = NSLayoutManager()
    storage.addLayoutManager(layoutManager)
    layoutManager.addTextContainer(container)
    layoutManager.ensureLayout(for: container)

    var fragments: [(rect: CGRect, used: CGRect, glyphs: NSRange)] = []
    layoutManager.enumerateLineFragments(forGlyphRange: NSRange(location: 0, length: layoutManager.numberOfGlyphs)) { rect, used, _, range, _ in
        fragments.append((rect, used, range))
    }
    let boxes = paths.map(\.bounds)
    let describe = { "container \(container.size), padding \(container.lineFragmentPadding), \(paths.count) paths with bounds \(paths.prefix(12).map(\.bounds)), text \(text.debugDescription)" }
    // Glyph ranges tile from glyph 0.
    var next = 0
    for fragment in fragments {
        require(fragment.glyphs.location == next && fragment.glyphs.length > 0,
                "line fragment glyphs \(fragment.glyphs) do not follow \(next): \(describe())")
        next = fragment.glyphs.location + fragment.glyphs.length
    }
    // No two fragments overlap (by more than rounding).
    let byTop = fragments.indices.sorted { fragments[$0].rect.minY < fragments[$1].rect.minY }
    for (k, i) in byTop.enumerated() {
        let a = fragments[i].rect.insetBy(dx: 0.01, dy: 0.01)
        for j in byTop[(k + 1)...] {
            let b = fragments[j].rect
            if b.minY >= a.maxY { break }
            require(a.isEmpty || b.isEmpty || !a.intersects(b), "fragments \(fragments[i].rect) and \(b) overlap: \(describe())")
        }
    }
    // No fragment crosses an exclusion over the band it was carved from: the line's own height from
    // its top (the used rect's height; a line that grew taller than its band was carved again).
    for fragment in fragments {
        let band = CGRect(x: fragment.rect.minX, y: fragment.rect.minY, width: fragment.rect.width,
                          height: min(fragment.rect.height, fragment.used.height))
        if let point = excludedPoint(in: band, paths: paths, boxes: boxes) {
            require(false, "fragment \(fragment.rect) (band \(band)) holds \(point), inside an exclusion: \(describe())")
        }
    }
    // The container's own answers.
    for _ in 0..<input.int(below: 8) {
        let proposed = CGRect(x: input.hostileFloat(ordinary: -50...650), y: input.hostileFloat(ordinary: -50...2050),
                              width: input.hostileFloat(ordinary: 0...700), height: input.hostileFloat(ordinary: 0...60))
        for direction in [NSWritingDirection.leftToRight, .rightToLeft] {
            var remaining = CGRect.zero
            let rect = container.lineFragmentRect(forProposedRect: proposed, at: 0, writingDirection: direction, remaining: &remaining)
            guard !rect.isEmpty else { continue }
            require(rect.minX >= proposed.minX - 0.001 && rect.maxX <= proposed.maxX + 0.001 && rect.minY == proposed.minY
                    && rect.height == proposed.height && rect.maxX <= container.size.width + 0.001,
                    "\(rect) is not inside the proposed \(proposed): \(describe())")
            require(remaining.isEmpty || (remaining.minX >= proposed.minX - 0.001 && remaining.maxX <= proposed.maxX + 0.001),
                    "remaining \(remaining) is not inside the proposed \(proposed): \(describe())")
            if let point = excludedPoint(in: rect, paths: paths, boxes: boxes) {
                require(false, "lineFragmentRect \(rect) for \(proposed) holds \(point), inside an exclusion: \(describe())")
            }
        }
    }
    return 0
}

/// A point a hundredth of a point or more inside `rect` that one of `paths` (whose bounds are
/// `boxes`) fills, if the samples find one: up to 32 columns by 4 rows.
func excludedPoint(in rect: CGRect, paths: [UIBezierPath], boxes: [CGRect]) -> CGPoint? {
    let inner = rect.insetBy(dx: 0.01, dy: 0.01)
    guard !paths.isEmpty, !inner.isNull, !inner.isEmpty, inner.width.isFinite, inner.height.isFinite,
          inner.width < 1e9, inner.height < 1e9 else { return nil }
    // Only paths whose bounds meet the rect can fill a point of it.
    let near = paths.indices.filter { !boxes[$0].isNull && boxes[$0].insetBy(dx: -1, dy: -1).intersects(inner) }
    guard !near.isEmpty else { return nil }
    let columns = min(32, max(2, Int(inner.width / 2))), rows = min(4, max(2, Int(inner.height / 3)))
    for r in 0..<rows {
        let y = inner.minY + inner.height * CGFloat(r) / CGFloat(rows - 1)
        for c in 0..<columns {
            let point = CGPoint(x: inner.minX + inner.width * CGFloat(c) / CGFloat(columns - 1), y: y)
            for i in near where boxes[i].insetBy(dx: -1, dy: -1).contains(point) && paths[i].contains(point) { return point }
        }
    }
    return nil
}

/// One path: a shape of a random kind, sometimes hostile, sometimes of many subpaths.
func hostilePath(_ input: inout FuzzInput) -> UIBezierPath {
    func rect() -> CGRect {
        CGRect(x: input.hostileFloat(ordinary: -50...650), y: input.hostileFloat(ordinary: -50...1500),
               width: input.hostileFloat(ordinary: -100...300), height: input.hostileFloat(ordinary: -100...300))
    }
    func point() -> CGPoint { CGPoint(x: input.hostileFloat(ordinary: -50...650), y: input.hostileFloat(ordinary: -50...1500)) }
    let path: UIBezierPath
    switch input.byte() % 9 {
    case 0: path = UIBezierPath(rect: rect())
    case 1: path = UIBezierPath(ovalIn: rect())
    case 2: path = UIBezierPath(roundedRect: rect(), cornerRadius: input.hostileFloat(ordinary: 0...50))
    case 3:
        // A polygon, self-intersecting or not, closed or left open.
        path = UIBezierPath()
        path.move(to: point())
        for _ in 0..<(2 + input.int(below: 10)) { path.addLine(to: point()) }
        if input.bool() { path.close() }
    case 4:
        // Curves and an arc.
        path = UIBezierPath()
        path.move(to: point())
        path.addQuadCurve(to: point(), controlPoint: point())
        path.addCurve(to: point(), controlPoint1: point(), controlPoint2: point())
        path.addArc(withCenter: point(), radius: input.hostileFloat(ordinary: 0...200), startAngle: input.hostileFloat(ordinary: 0...7),
                    endAngle: input.hostileFloat(ordinary: 0...7), clockwise: input.bool())
        path.close()
    case 5:
        // Degenerate: empty, a point, a line, a zero-size rectangle.
        path = UIBezierPath()
        switch input.byte() % 4 {
        case 0: break
        case 1: path.move(to: point())
        case 2: path.move(to: point()); path.addLine(to: point())
        default: path.append(UIBezierPath(rect: CGRect(origin: point(), size: .zero)))
        }
    case 6:
        // A ring: a rectangle or oval with a hole, the hole reversed or not.
        let outer = rect()
        let inner = outer.insetBy(dx: outer.width / 4, dy: outer.height / 4)
        path = input.bool() ? UIBezierPath(rect: outer) : UIBezierPath(ovalIn: outer)
        let hole = input.bool() ? UIBezierPath(rect: inner) : UIBezierPath(ovalIn: inner)
        path.append(input.bool() ? hole.reversing() : hole)
    default:
        // Many subpaths: small shapes on a jittered grid or scattered, some overlapping.
        path = UIBezierPath()
        for shape in manyShapes(&input) {
            path.append(input.bool() || shape.width < 4 ? UIBezierPath(rect: shape) : UIBezierPath(ovalIn: shape))
        }
    }
    path.usesEvenOddFillRule = input.bool()
    return path
}

/// Up to a thousand rectangles, from a few parameters: a grid of a hostile pitch and size, or a
/// scatter from a seed. (A line costs the shapes it meets: 2,535 ovals 10¹² points wide, which every
/// line of a container too narrow for a glyph meets, took 59 s under AddressSanitizer; the first
/// run's timeout, `Regressions/exclusion-huge-ovals-1`.)
func manyShapes(_ input: inout FuzzInput) -> [CGRect] {
    let count = input.int(below: 1000)
    let size = CGSize(width: input.hostileFloat(ordinary: 0...40), height: input.hostileFloat(ordinary: 0...40))
    if input.bool() {
        let pitch = input.hostileFloat(ordinary: 0...50), across = 1 + input.int(below: 40)
        let origin = CGPoint(x: input.hostileFloat(ordinary: -20...600), y: input.hostileFloat(ordinary: -20...600))
        return (0..<count).map { i in
            CGRect(x: origin.x + CGFloat(i % across) * pitch, y: origin.y + CGFloat(i / across) * pitch, width: size.width, height: size.height)
        }
    }
    var state = UInt64(input.byte()) << 8 | UInt64(input.byte())
    func next() -> CGFloat {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return CGFloat(state >> 11) / CGFloat(1 << 53)
    }
    let extent = CGSize(width: input.hostileFloat(ordinary: 0...700), height: input.hostileFloat(ordinary: 0...3000))
    return (0..<count).map { _ in CGRect(x: next() * extent.width, y: next() * extent.height, width: size.width, height: size.height) }
}

/// Many separate paths (rectangles and ovals).
func manyPaths(_ input: inout FuzzInput) -> [UIBezierPath] {
    let ovals = input.bool()
    return manyShapes(&input).map { ovals ? UIBezierPath(ovalIn: $0) : UIBezierPath(rect: $0) }
}

#if !FUZZING && !FUZZ_REGRESSION_TESTS
@main
enum ReplayExclusion {
    static func main() { Replay.run(CommandLine.arguments.dropFirst(), fuzzExclusion) }
}
#endif
