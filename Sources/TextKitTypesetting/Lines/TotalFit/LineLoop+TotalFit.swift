import Foundation
import TextKitGraphics
import TextKitModel

/// Where the line loop stands with the total-fit plan of its paragraph.
struct TotalFitProgress {
    var plan: TotalFitPlan?
    /// The plan's next line.
    var next = 0
    /// No plan for the rest of the paragraph: it is broken greedily (the paragraph does not ask
    /// for total fit, or its lines did not get the widths the plan assumed).
    var isGreedy = false
}

/// Counts the total-fit plans made while it is the task's ``TotalFitPlan/recorder``: how tests
/// see which paragraphs an edit re-broke, and how much work breaking them took.
package final class TotalFitRecorder: @unchecked Sendable {  // `recorded` is only touched under its lock (`Locked`)
    private let recorded = Locked<[(start: Int, statistics: TotalFitStatistics, pass: TotalFitPass)]>([])
    package init() {}

    /// The plans made: the paragraph's first character (in the text) and the breaker's work.
    package var plans: [(start: Int, statistics: TotalFitStatistics, pass: TotalFitPass)] { recorded.withLock { $0 } }

    func record(start: Int, plan: TotalFitPlan) {
        recorded.withLock { $0.append((start, plan.statistics, plan.pass)) }
    }
}

extension TotalFitPlan {
    /// Set in tests to see the plans the line loop makes.
    @TaskLocal package static var recorder: TotalFitRecorder?
}

/// The total-fit breaker in the line loop. Where the loop would ask ``LineFitter`` for the next
/// line's break, it takes the next line of a plan made for the whole rest of the paragraph at
/// its first line, so greedy breaking stays the default and is unchanged.
///
/// The plan needs every line's width before any line is placed. It asks the area: the first line
/// gets the rect the loop carved for it; each later line the band below it, assuming each line is
/// as tall as the paragraph's font at the line's start says and is followed by the style's line
/// spacing (a band with no room is passed over, as the loop does). When a line then gets a width
/// other than the plan's (a taller line met an exclusion further down, an exclusion split a row,
/// the flow moved to a container of another width), the rest of the paragraph is broken
/// greedily from there. Paragraphs with tabs, truncation, a line limit or no wrapping are broken
/// greedily throughout.
extension LineLoop {
    /// How many lines of a shaped area the plan tells apart by width; later ones take the width of
    /// the last of these (and most likely fall back to greedy if they differ).
    static var probedLines: Int { 1000 }

    /// The planned line that starts at ``offset``, when the plan holds and `rect` gives it the
    /// width it was planned for; nil for a greedy line.
    mutating func plannedLine(in rect: CGRect, area geometry: LineArea) -> TotalFitPlan.Line? {
        guard settings.breaksByTotalFit, !totalFit.isGreedy else { return nil }
        if totalFit.plan == nil {
            guard usesTotalFit(in: geometry), let plan = makePlan(firstRect: rect, area: geometry) else {
                totalFit.isGreedy = true
                return nil
            }
            TotalFitPlan.recorder?.record(start: characterStart + offset, plan: plan)
            totalFit.plan = plan
        }
        let lines = totalFit.plan!.lines
        while totalFit.next < lines.count, lines[totalFit.next].characters.lowerBound < offset { totalFit.next += 1 }
        guard totalFit.next < lines.count, lines[totalFit.next].characters.lowerBound == offset,
              abs(Self.lineWidth(in: rect, area: geometry) - lines[totalFit.next].width) < 0.01 else {
            totalFit = TotalFitProgress(plan: nil, next: 0, isGreedy: true)
            return nil
        }
        return lines[totalFit.next]
    }

    /// The planned line as the fitter would report it.
    func fittedLine(_ planned: TotalFitPlan.Line, lineStartX: Float) -> FittedLine {
        var line = fitter.unbrokenLine(planned.characters, lineStartX: lineStartX)
        if planned.isHyphenated {
            line.width += settings.hyphenWidth(planned.characters.upperBound - 1)
            line.isHyphenated = true
        }
        line.shrinksToFit = analysis.paragraphStyle.alignment == .justified
        if settings.hangsPunctuation { line.hangs = fitter.hangs(of: line) }
        return line
    }

    /// Whether the paragraph can be broken by total fit here.
    private func usesTotalFit(in geometry: LineArea) -> Bool {
        settings.mode == .byWordWrapping && !placesAtNaturalWidth && rules.truncation == nil && geometry.maximumLines == 0
            && !analysis.segments.contains { $0.flags.contains(.containsTab) }
    }

    /// The room a line carved as `rect` has for text (the paddings taken off), as the fitter gets it.
    static func lineWidth(in rect: CGRect, area geometry: LineArea) -> Double {
        Double(max(0, rect.width - 2 * geometry.padding))
    }

    private func makePlan(firstRect: CGRect, area geometry: LineArea) -> TotalFitPlan? {
        let first = Self.lineWidth(in: firstRect, area: geometry)
        guard first > 0 else { return nil }
        var parameters = TotalFitParameters()
        parameters.allowsShrinking = analysis.paragraphStyle.alignment == .justified
        parameters.glyphExpansion = Double(analysis.paragraphStyle.glyphExpansionLimit)
        let widths: TotalFitLineWidths
        if geometry.isSimple {
            // A rectangle's bands are alike at every height: the first line's, with the head indent
            // of the lines after it (asked there, not below, where the area may already end).
            let later = Self.lineWidth(in: laterBand(height: firstRect.height, at: firstRect.minY, area: geometry), area: geometry)
            widths = TotalFitLineWidths(varyingLines: 1) { $0 == 0 ? first : later }
        } else {
            let probe = BandProbe(first: first, below: firstRect, loop: self, area: geometry)
            widths = TotalFitLineWidths(varyingLines: Self.probedLines) { probe.width(ofLine: $0) }
        }
        return TotalFitPlan.make(fitter: fitter, from: offset, widths: widths, parameters: parameters,
                                 memo: analysis.hyphenationMemo)
    }

    /// The band of a line after the first, `height` tall with its top at `y` (area coordinates),
    /// as the area carves it between the paragraph's head and tail indents.
    func laterBand(height: CGFloat, at y: CGFloat, area geometry: LineArea) -> CGRect {
        let tail = rules.tailIndent > 0 ? rules.tailIndent : geometry.width + rules.tailIndent
        let band = CGRect(x: rules.headIndent, y: y, width: max(0, tail - rules.headIndent), height: height)
        var remaining = CGRect.zero
        return geometry.carve(band, characterStart + offset, rules.direction, &remaining)
    }
}

/// The widths of the lines of a shaped area, asked band by band as the breaker needs them and
/// remembered: line n's band starts where line n − 1's ends plus the line spacing.
private final class BandProbe {
    private var widths: [Double]
    private var nextTop: CGFloat
    private let first: CGRect
    private let loop: LineLoop
    private let geometry: LineArea

    init(first: Double, below rect: CGRect, loop: LineLoop, area geometry: LineArea) {
        widths = [first]
        nextTop = rect.maxY + loop.rules.lineSpacing
        self.first = rect
        self.loop = loop
        self.geometry = geometry
    }

    func width(ofLine n: Int) -> Double {
        while widths.count <= n { widths.append(probeNextLine()) }
        return widths[n]
    }

    /// The next band with room (up to a few steps down, as the loop searches), or the last width.
    private func probeNextLine() -> Double {
        let step = max(1, first.height / 4)
        for _ in 0..<16 {
            let rect = loop.laterBand(height: first.height, at: nextTop, area: geometry)
            let width = LineLoop.lineWidth(in: rect, area: geometry)
            if !rect.isEmpty, width > 0 {
                nextTop = rect.minY + first.height + loop.rules.lineSpacing
                return width
            }
            nextTop += step
        }
        return widths.last ?? 0
    }
}
