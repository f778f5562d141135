/// The widths of a paragraph's lines as the total-fit breaker sees them: line `n` (from 0) is
/// `width(min(n, varyingLines))` points wide, so lines from `varyingLines` on share one width and
/// the breaker need not tell them apart by number (TeX's "easy lines").
package struct TotalFitLineWidths {
    package var varyingLines: Int
    package var width: (Int) -> Double

    package init(varyingLines: Int, width: @escaping (Int) -> Double) {
        self.varyingLines = max(0, varyingLines)
        self.width = width
    }

    /// Every line `width` points wide.
    package static func constant(_ width: Double) -> TotalFitLineWidths {
        TotalFitLineWidths(varyingLines: 0) { _ in width }
    }
}

/// The passes of the total-fit breaker, in the order it tries them (TeX's, plus a last resort).
package enum TotalFitPass: Int, Sendable, Comparable {
    /// Word breaks only, every line within the pretolerance.
    case withoutHyphenation
    /// Hyphenation points too, every line within the tolerance.
    case withHyphenation
    /// As the previous pass, with emergency stretch added to every line.
    case emergencyStretch
    /// Any line that is not too long, breaking over-long words between clusters.
    case anyFit

    package static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}

/// What one run of the breaker did, for tests that bound its work.
package struct TotalFitStatistics: Sendable {
    /// Breakpoints considered, summed over the passes.
    package var breakpoints = 0
    /// Active nodes looked at, summed over the passes: linear in the paragraph when each
    /// breakpoint looks at a bounded number of them.
    package var activeNodeVisits = 0
    /// The longest the active list grew.
    package var largestActiveList = 0
    package var passes = 0
}

/// The breaks the total-fit breaker chose.
package struct TotalFitResult: Sendable {
    /// The breakpoints ending each line, as indices into the list the breaker was given.
    package var lineEnds: [Int]
    /// The pass that found them.
    package var pass: TotalFitPass
    /// The sum of the lines' demerits.
    package var demerits: Double
}

/// Knuth and Plass's total-fit line breaking ("Breaking Paragraphs into Lines", 1981): the breaks
/// of a paragraph that minimise the sum over its lines of (line penalty + badness)² plus the
/// penalties' squares and the demerits for hyphens in a row, a hyphen before the last line and
/// lines of non-adjacent fitness classes; looseness 0 (the best paragraph, whatever its line
/// count). One pass over the breakpoints keeps a list of active nodes — the feasible breaks from
/// which a line could still reach the current breakpoint — and drops a node as soon as a line
/// from it would be too long, so the list only ever holds breaks within a line's length of the
/// current one: the work is linear in the paragraph for a bounded line width.
package struct TotalFitBreaker {
    package let points: [Breakpoint]
    package let widths: TotalFitLineWidths
    package var parameters: TotalFitParameters

    package init(points: [Breakpoint], widths: TotalFitLineWidths, parameters: TotalFitParameters = TotalFitParameters()) {
        self.points = points
        self.widths = widths
        self.parameters = parameters
    }

    /// A break from which a line may start, as the active list holds it: what the best way to
    /// reach it costs, and the running sums where its next line starts (copied from its
    /// breakpoint, so that the hot loop reads one contiguous array).
    private struct Node {
        var startWidth: Double
        var startStretch: Double
        var startShrink: Double
        /// How far the first mark of the node's next line hangs before it.
        var startHang: Double
        var startGlyphs: Double
        var demerits: Double
        /// Where the node is in the list of chosen breaks (``Chosen``).
        var chosen: Int32
        /// Lines before this break's next line (its number counting from 0), capped at the last
        /// line number whose width differs.
        var line: Int32
        var fitness: UInt8
        /// Lines in a row ending in a hyphen, this break's line included.
        var hyphens: UInt8
    }

    /// A break as the path back from the paragraph's end follows it.
    private struct Chosen {
        var point: Int32
        var previous: Int32
    }

    /// What a pass allows.
    private struct PassRules {
        var hyphenation: Bool
        var characterBreaks: Bool
        var largestRatio: Double
        var emergencyStretch: Double
    }

    private func rules(for pass: TotalFitPass) -> PassRules {
        let p = parameters
        switch pass {
        case .withoutHyphenation:
            return PassRules(hyphenation: false, characterBreaks: false,
                             largestRatio: TotalFitParameters.ratio(forBadness: p.pretolerance), emergencyStretch: 0)
        case .withHyphenation:
            return PassRules(hyphenation: true, characterBreaks: false,
                             largestRatio: TotalFitParameters.ratio(forBadness: p.tolerance), emergencyStretch: 0)
        case .emergencyStretch:
            return PassRules(hyphenation: true, characterBreaks: false,
                             largestRatio: TotalFitParameters.ratio(forBadness: p.tolerance),
                             emergencyStretch: p.emergencyStretchFraction)
        case .anyFit:
            return PassRules(hyphenation: true, characterBreaks: true, largestRatio: .infinity,
                             emergencyStretch: p.emergencyStretchFraction)
        }
    }

    /// The best breaks in `pass`, or nil when no way through the paragraph keeps every line
    /// within the pass's limits. `statistics` gathers the work done.
    package func breaks(in pass: TotalFitPass, statistics: inout TotalFitStatistics) -> TotalFitResult? {
        let rules = rules(for: pass)
        statistics.passes += 1
        var chosen = [Chosen(point: 0, previous: -1)]
        var active = [Node(startWidth: 0, startStretch: 0, startShrink: 0, startHang: points[0].startHang, startGlyphs: 0,
                           demerits: 0, chosen: 0, line: 0, fitness: 2, hyphens: 0)]
        var candidates: [Node] = []
        var lineWidths = LineWidthTable(widths)
        for j in 1..<points.count {
            let point = points[j]
            if point.kind == .hyphen && !rules.hyphenation { continue }
            if point.kind == .character && !rules.characterBreaks { continue }
            statistics.breakpoints += 1
            statistics.activeNodeVisits += active.count
            candidates.removeAll(keepingCapacity: true)
            var kept = 0
            for a in active.indices {
                let node = active[a]
                let width = lineWidths[Int(node.line)]
                guard let line = line(from: node, to: point, width: width, rules: rules) else { continue }  // too long: dropped
                if point.kind != .forced {
                    active[kept] = node
                    kept += 1
                }
                if line.judged > rules.largestRatio { continue }
                let next = Node(startWidth: point.nextWidth, startStretch: point.nextStretch, startShrink: point.nextShrink,
                                startHang: point.startHang, startGlyphs: point.glyphWidth,
                                demerits: node.demerits + demerits(of: line.ratio, from: node, to: point),
                                chosen: node.chosen, line: Int32(min(Int(node.line) + 1, widths.varyingLines)),
                                fitness: TotalFitParameters.fitnessClass(line.ratio),
                                hyphens: point.kind == .hyphen ? node.hyphens + 1 : 0)
                consider(next, into: &candidates)
            }
            active.removeLast(active.count - kept)
            keepBestLineNumbers(in: &candidates)
            for var candidate in candidates {
                // `chosen` held the break the line starts from: now the line's own.
                chosen.append(Chosen(point: Int32(j), previous: candidate.chosen))
                candidate.chosen = Int32(chosen.count - 1)
                active.append(candidate)
            }
            statistics.largestActiveList = max(statistics.largestActiveList, active.count)
            if active.isEmpty { return nil }
        }
        return result(chosen: chosen, active: active, pass: pass)
    }

    /// The line from `node` to `to`, `width` wide: its adjustment ratio, and the ratio the pass
    /// judges it by (with the pass's emergency stretch); nil when it is too long even at its
    /// tightest (the node can reach nothing further).
    @inline(__always)
    private func line(from node: Node, to: Breakpoint, width: Double, rules: PassRules) -> (ratio: Double, judged: Double)? {
        // Marks hanging into the margins take no room (both hangs are 0 unless the paragraph hangs punctuation).
        let natural = max(0, to.contentWidth - node.startWidth - node.startHang - to.endHang)
        if to.kind == .forced {
            // A paragraph's last line (or one before a hard break) is not justified: it must fit
            // as it is, and it may be as short as it likes (TeX's \parfillskip).
            return natural <= width + 0.001 ? (0, 0) : nil
        }
        let stretch = max(0, to.contentStretch - node.startStretch)
        let shrink = parameters.allowsShrinking ? max(0, to.contentShrink - node.startShrink) : 0
        // Glyph expansion gives too (0 unless the paragraph allows it; only while shrinking is
        // allowed, that is for justified lines).
        let glyphGive = parameters.allowsShrinking ? parameters.glyphExpansion * max(0, to.glyphWidth - node.startGlyphs) : 0
        let ratio = AdjustmentRatio.ratio(target: width, natural: natural, stretch: stretch, shrink: shrink, glyphGive: glyphGive)
        guard ratio >= -1 else { return nil }
        guard rules.emergencyStretch > 0, ratio > 0 else { return (ratio, ratio) }
        let judged = AdjustmentRatio.ratio(target: width, natural: natural, stretch: stretch + rules.emergencyStretch * width,
                                           shrink: shrink, glyphGive: glyphGive)
        // Lines are still ranked by their real ratio; one with no space to stretch by the
        // emergency one, made worse than any line with spaces.
        return (ratio.isFinite ? ratio : judged + 100, judged)
    }

    /// The demerits of a line at `ratio` from `node` ending at `point`.
    @inline(__always)
    private func demerits(of ratio: Double, from node: Node, to point: Breakpoint) -> Double {
        let p = parameters
        let afterHyphen = node.hyphens > 0
        let base = p.linePenalty + TotalFitParameters.badness(ratio)
        var demerits = base * base
        if point.kind != .forced, point.penalty > 0 { demerits += point.penalty * point.penalty }
        if afterHyphen && point.kind == .hyphen { demerits += p.doubleHyphenDemerits }
        if afterHyphen && point.kind == .forced { demerits += p.finalHyphenDemerits }
        let fitness = TotalFitParameters.fitnessClass(ratio)
        if abs(Int(fitness) - Int(node.fitness)) > 1 { demerits += p.adjacentFitnessDemerits }
        return demerits
    }

    /// Keeps `node` if it is the best way yet to this breakpoint for its fitness class, hyphen
    /// count and line number (the breaks after it cannot tell two such nodes apart).
    @inline(__always)
    private func consider(_ node: Node, into candidates: inout [Node]) {
        if node.hyphens > parameters.maximumConsecutiveHyphens { return }
        for i in candidates.indices where candidates[i].fitness == node.fitness && candidates[i].hyphens == node.hyphens
            && candidates[i].line == node.line {
            if node.demerits < candidates[i].demerits { candidates[i] = node }
            return
        }
        candidates.append(node)
    }

    /// When lines vary in width, keeps the candidates of the few best line numbers only, so that
    /// the active list stays bounded however long the paragraph is.
    private func keepBestLineNumbers(in candidates: inout [Node]) {
        let limit = max(1, parameters.lineNumbersPerBreakpoint)
        guard widths.varyingLines > 1, candidates.count > limit else { return }
        var best: [Int32: Double] = [:]
        for c in candidates { best[c.line] = min(best[c.line] ?? .infinity, c.demerits) }
        guard best.count > limit else { return }
        let kept = Set(best.sorted { $0.value < $1.value }.prefix(limit).map(\.key))
        candidates.removeAll { !kept.contains($0.line) }
    }

    /// The breaks of the best node at the paragraph's end (after the last, forced, breakpoint
    /// only its nodes are active).
    private func result(chosen: [Chosen], active: [Node], pass: TotalFitPass) -> TotalFitResult? {
        guard let best = active.min(by: { $0.demerits < $1.demerits }) else { return nil }
        var ends: [Int] = []
        var n = best.chosen
        while n > 0 {
            ends.append(Int(chosen[Int(n)].point))
            n = chosen[Int(n)].previous
        }
        return TotalFitResult(lineEnds: ends.reversed(), pass: pass, demerits: best.demerits)
    }
}

/// The widths of the line numbers the breaker tells apart, asked once each and kept in an array
/// (the hot loop reads them for every active node).
private struct LineWidthTable {
    private let widths: TotalFitLineWidths
    private var known: [Double] = []

    init(_ widths: TotalFitLineWidths) { self.widths = widths }

    subscript(line: Int) -> Double {
        mutating get {
            let n = min(line, widths.varyingLines)
            while known.count <= n { known.append(widths.width(known.count)) }
            return known[n]
        }
    }
}
