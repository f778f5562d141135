import Dispatch
import TextKitGraphics
import TextKitModel
import TextKitTypesetting

/// Laying out many paragraphs on several threads.
///
/// In the stacked case (one simple container of unbounded height) a paragraph's glyphs and lines
/// do not depend on the paragraphs around it, so a long stretch of paragraphs without layout —
/// a document just loaded, or a width change — is shaped and broken in parallel, one
/// `ParagraphAnalyzer` per worker, and only the bookkeeping (storing the results in the tree) is
/// sequential. A delegate makes layout sequential again: its methods are called on the thread
/// that asked for layout, as TextKit users expect.
extension TextFlow {
    /// Below this many paragraphs without layout, one thread does the work.
    static let parallelThreshold = 48
    /// At most about this many UTF-16 units are laid out in one parallel stretch (glyphs take about
    /// 15 bytes a character until they are stored; see AnalysisBudget.swift).
    static let parallelStretchLength = 1 << 18

    /// Lays out the paragraphs without layout from `first` (which has none) up to `target` in
    /// parallel, and returns true; returns false (doing nothing) when the stretch is short, only
    /// one thread is allowed, a delegate is set, the layout manager is a subclass (its primitives
    /// must be called in order), the storage is a subclass (its primitives may not be safe to
    /// call from several threads: a backing store's `string` may fill a cache), or the text holds
    /// an attachment of a subclass (its `attachmentBounds` is asked as glyphs are made).
    /// `pendingUnits`: ``pendingUnits(from:start:through:)`` for the pass; glyphs the pass would drop
    /// anyway are freed by the worker that made them, as soon as it has their lines.
    func layOutInParallel(from first: Int, through target: Int, characterStart: UTF16Offset, pendingUnits: Int?) -> Bool {
        let threads = min(manager.maximumLayoutThreads, 64)
        guard threads > 1, manager.layoutHooks == nil, let storage = manager.textStorage, storage._primitives != .custom,
              !reportsLayoutToPrimitives, target - first + 1 >= Self.parallelThreshold else { return false }
        // The stretch: consecutive paragraphs without layout.
        var jobs: [ParallelJob] = []
        var start = characterStart
        var pending = pendingUnits
        store.forEach(from: first) { p, record in
            // The stretch's glyphs are all held until they are stored: keep them within the budget.
            guard p <= target, !record.hasLayout, (start - characterStart).rawValue < Self.parallelStretchLength else { return false }
            let keeps = keepsGlyphs(length: record.length, pending: &pending) || record.analysis != nil
            jobs.append((p, start, record.length, record, keeps))
            start += UTF16Offset(record.length)
            return true
        }
        guard jobs.count >= Self.parallelThreshold else { return false }
        // An attachment subclass's `attachmentBounds` is the app's code: call it on this thread only.
        var subclassedAttachment = false
        storage._forEachAttributeRun(in: NSRange(characterStart, length: (start - characterStart).rawValue)) { attributes, _ in
            if let attachment = attributes[.attachment] as? NSTextAttachment, type(of: attachment) != NSTextAttachment.self {
                subclassedAttachment = true
            }
            return !subclassedAttachment
        }
        if subclassedAttachment { return false }

        var results = [WorkerResult?](repeating: nil, count: jobs.count)
        // The workers' analyzers live as long as the layout manager, so their front caches stay warm.
        while workerAnalyzers.count < threads { workerAnalyzers.append(ParagraphAnalyzer.reused()) }
        let analyzers = workerAnalyzers
        // Everything the workers read is made now: they must not fill a lazy cache behind each other.
        _ = containerTop(0)
        _ = isStacked
        let next = WorkCounter()
        let shared = UncheckedSendable((self, jobs, analyzers, storage))
        results.withUnsafeMutableBufferPointer { buffer in
            let out = UncheckedSendable(buffer)
            DispatchQueue.concurrentPerform(iterations: threads) { worker in
                let (flow, jobs, analyzers, storage) = shared.value
                // Work is handed out in small batches, so long and short paragraphs even out.
                while let batch = next.take(8, of: jobs.count) {
                    for i in batch {
                        let job = jobs[i]
                        let text = job.length > 0 ? storage._utf16(in: NSRange(job.start, length: job.length)) : nil
                        let analysis = job.record.analysis
                            ?? flow.analyze(paragraphAt: job.start, length: job.length, using: analyzers[worker], text: text)
                        let layout = flow.paragraphLayout(analysis: analysis, paragraph: job.paragraph,
                                                          characterStart: job.start, length: job.length,
                                                          from: FlowState(y: 0, container: 0, linesInContainer: 0), text: text)
                        out.value[i] = WorkerResult(analysis: job.keepsGlyphs ? analysis : nil, glyphCount: analysis.glyphs.count,
                                                    bytes: analysis.byteCount, layout: layout)
                    }
                }
            }
        }
        placeResults(results, of: jobs, threads: threads)
        return true
    }

    /// A paragraph of a parallel pass: where it starts, its record, whether its glyphs are kept.
    typealias ParallelJob = (paragraph: Int, start: UTF16Offset, length: Int, record: ParagraphRecord, keepsGlyphs: Bool)

    /// Stores the workers' results in order, placing each paragraph after the previous one (on the
    /// calling thread, once the workers are done).
    private func placeResults(_ results: [WorkerResult?], of jobs: [ParallelJob], threads: Int) {
        let first = jobs[0].paragraph
        var y = store.top(ofParagraph: first)
        var tops: [Int64] = []
        tops.reserveCapacity(jobs.count)
        var dropped: [ParagraphAnalysis] = []  // the glyphs of earlier paragraphs, over the budget
        for (i, job) in jobs.enumerated() {
            tops.append(y)
            guard let result = results[i] else { continue }
            var placed = result.layout
            placed.start.y = y
            placed.end.y = y + placed.height
            y += placed.height
            if job.record.analysis == nil {
                if let analysis = result.analysis {
                    job.record.analysis = analysis
                    analysisBudget.add(analysis, of: job.record, droppingInto: &dropped)
                } else {
                    job.record.setUnkeptAnalysis(glyphCount: result.glyphCount)
                    analysisBudget.countUnkept(bytes: result.bytes, units: job.length)
                }
            }
            job.record.layout = placed
        }
        Self.free(&dropped, threads: threads)
        store.refresh(first..<(jobs[jobs.count - 1].paragraph + 1))
        extraLineFragment = nil
        for (job, top) in zip(jobs, tops) {
            markDisplay(ofParagraph: job.paragraph, top: FixedHeight.points(top), record: job.record)
        }
    }

    /// Frees `analyses` (which nothing else holds, unless a query kept one) on `threads` threads,
    /// leaving it empty: freeing a paragraph's glyph arrays is cache misses more than instructions,
    /// and in a long parallel layout it would otherwise be the largest part done on one thread.
    private static func free(_ analyses: inout [ParagraphAnalysis], threads: Int) {
        guard analyses.count >= parallelThreshold else { return analyses = [] }
        let share = (analyses.count + threads - 1) / threads
        var shares = stride(from: 0, to: analyses.count, by: share).map { start in
            Array(analyses[start..<min(start + share, analyses.count)])
        }
        analyses = []
        shares.withUnsafeMutableBufferPointer { buffer in
            let out = UncheckedSendable(buffer)
            DispatchQueue.concurrentPerform(iterations: out.value.count) { worker in out.value[worker] = [] }
        }
    }
}

/// What a worker made of one paragraph: its lines, and its glyphs unless the pass would drop them
/// (then the worker freed them, and only their count and size come back).
private struct WorkerResult {
    var analysis: ParagraphAnalysis?
    var glyphCount: Int
    var bytes: Int
    var layout: ParagraphLayout
}

/// Hands out ranges of indices to worker threads.
private final class WorkCounter: @unchecked Sendable {  // `next` is only touched under its lock (`Locked`)
    private let next = Locked(0)

    func take(_ count: Int, of total: Int) -> Range<Int>? {
        next.withLock { next in
            guard next < total else { return nil }
            let range = next..<min(total, next + count)
            next = range.upperBound
            return range
        }
    }
}

/// Carries values into `concurrentPerform` workers. Sound here because the workers only read the
/// engine, its layout manager, the storage and the containers (none of which change during the call), each
/// worker uses its own analyzer, and each writes only its own result slots.
private struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
