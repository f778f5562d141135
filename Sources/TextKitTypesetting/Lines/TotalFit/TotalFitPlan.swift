/// A paragraph's lines as the total-fit breaker chose them, before they are placed: what the line
/// loop takes, line by line, instead of asking the greedy ``LineFitter`` where each line ends.
package struct TotalFitPlan {
    package struct Line: Equatable {
        /// The line's characters (paragraph offsets), trailing white space included.
        package var characters: Range<Int>
        package var isHyphenated: Bool
        /// The width the breaker set the line to: the loop checks that the line really gets it.
        package var width: Double
    }

    package var lines: [Line]
    /// The pass that found the breaks.
    package var pass: TotalFitPass
    package var statistics: TotalFitStatistics

    /// Plans the lines of `fitter`'s paragraph from `start` (a line start) at `widths`, trying the
    /// passes in turn: words only; then hyphenation points (when the settings hyphenate); then
    /// emergency stretch; then any lines not too long, over-long words broken between clusters.
    /// Nil when even that fails (a grapheme cluster wider than a line): the caller breaks greedily.
    /// `memo` keeps the paragraph's hyphenation points for the next time (the paragraph's
    /// analysis holds it).
    package static func make(fitter: LineFitter, from start: Int, widths: TotalFitLineWidths,
                             parameters: TotalFitParameters, memo: HyphenationMemo? = nil) -> TotalFitPlan? {
        var statistics = TotalFitStatistics()
        var hyphenation: HyphenationTable?
        var points = fitter.breakpoints(from: start, hyphenation: nil, characterBreaksWiderThan: nil, parameters: parameters)
        var breaker = TotalFitBreaker(points: points, widths: widths, parameters: parameters)
        for pass in [TotalFitPass.withoutHyphenation, .withHyphenation, .emergencyStretch, .anyFit] {
            if pass == .withHyphenation, fitter.settings.hyphenationFactor > 0, let hyphenator = fitter.settings.hyphenator {
                let make = { HyphenationTable(fitter: fitter, hyphenator: hyphenator) }
                hyphenation = memo?.table(for: hyphenator, make: make) ?? make()
                points = fitter.breakpoints(from: start, hyphenation: hyphenation, characterBreaksWiderThan: nil, parameters: parameters)
                breaker = TotalFitBreaker(points: points, widths: widths, parameters: parameters)
            }
            if pass == .anyFit {
                let narrowest = narrowestWidth(widths)
                // Only words wider than a line get breaks between their clusters.
                if fitter.segments.contains(where: { Double($0.width - $0.trailingWhitespace) > narrowest }) {
                    points = fitter.breakpoints(from: start, hyphenation: hyphenation, characterBreaksWiderThan: narrowest,
                                                parameters: parameters)
                    breaker = TotalFitBreaker(points: points, widths: widths, parameters: parameters)
                }
            }
            if let result = breaker.breaks(in: pass, statistics: &statistics) {
                return TotalFitPlan(lines: lines(of: result, points: points, widths: widths), pass: pass,
                                    statistics: statistics)
            }
        }
        return nil
    }

    /// The narrowest of the first lines (the over-long test of the last pass; a shaped area's
    /// widths are not all asked for).
    private static func narrowestWidth(_ widths: TotalFitLineWidths) -> Double {
        let lines = min(widths.varyingLines, 64)
        return max(0, (0...lines).map(widths.width).min() ?? 0)
    }

    private static func lines(of result: TotalFitResult, points: [Breakpoint], widths: TotalFitLineWidths) -> [Line] {
        var lines: [Line] = []
        lines.reserveCapacity(result.lineEnds.count)
        var start = points[0].offset
        for (n, end) in result.lineEnds.enumerated() {
            let point = points[end]
            lines.append(Line(characters: start..<point.offset, isHyphenated: point.kind == .hyphen,
                              width: widths.width(min(n, widths.varyingLines))))
            start = point.offset
        }
        return lines
    }
}
