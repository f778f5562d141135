// OpenTextKit's column: THE EXTENSION POINT for the lead.
//
// Until NSLayoutManager lands every workload reports "n/a (engine not yet landed)". To plug the
// engine in, implement the functions below (one per WorkloadKind) and return what
// `timedRuns(runs:cap:prepare:body:)` (Timing.swift) measures. Nothing else in the harness needs
// to change: `bench` already calls `OpenTextKitEngine().measure(_:setup:)` for every row, and the
// table's ratio column (OpenTextKit / Pango) fills itself in.
//
// Rules that keep the columns comparable (the peers follow them; see the notes `bench` prints):
// - The fixed setup: `setup.fontFamily`/`setup.fontFile` at `setup.fontSize` (12 pt, 1 pt = 1 px),
//   container width `setup.containerWidth` (400 pt) with `lineFragmentPadding = 0`, line break
//   mode by word wrapping with a character fallback for over-long words.
// - Reading the file and building the NSTextStorage are untimed (`prepare`); fonts are loaded
//   before timing (`timedRuns` runs one untimed warm-up first).
// - Count line fragments, not the extra line fragment after the file's final newline (the peers
//   count lines of paragraphs; every corpus file ends with "\n").
// - Each timed run starts from a fresh NSLayoutManager (a shaped-word cache that is global to the
//   process may stay warm, as Pango's font and shape-plan caches do; say so in the notes).
import OpenTextKit

struct OpenTextKitEngine: BenchEngine {
    let name = "OpenTextKit"
    let countUnit = "lines"

    /// What every row shows until the engine exists.
    static let notLanded = Outcome.notApplicable("n/a (engine not yet landed)")

    func measure(_ workload: Workload, setup: BenchSetup) -> Outcome {
        switch workload.kind {
        case .fullLayout: fullLayout(setup.path(workload.file), setup)
        case .relayout(let newWidth): relayout(setup.path(workload.file), newWidth: newWidth, setup)
        case .edit(let pageHeight): edit(setup.path(workload.file), pageHeight: pageHeight, setup)
        case .firstPage(let pageHeight): firstPage(setup.path(workload.file), pageHeight: pageHeight, setup)
        case .longWord: longWord(setup.path(workload.file), setup)
        case .memory: memory(setup.path(workload.file), setup)
        case .threads(let count): threads(setup.path(workload.file), count: count, setup)
        }
    }

    /// The text of a corpus file (UTF-8, one paragraph per line, final newline), for `prepare`.
    /// A missing file is a setup error: `bench` checks every file exists before it starts.
    static func corpusText(_ path: String) -> String {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            preconditionFailure("cannot read corpus file \(path)")
        }
        return text
    }

    /// W1/W2 full layout. prepare: `NSTextStorage(string: text, attributes: [.font: font])`, an
    /// `NSLayoutManager`, an `NSTextContainer(size: CGSize(width: 400, height: .greatestFiniteMagnitude))`
    /// with `lineFragmentPadding = 0`. body: `layoutManager.ensureLayout(for: container)`, then count
    /// the line fragments with `enumerateLineFragments(forGlyphRange:using:)`.
    func fullLayout(_ path: String, _ setup: BenchSetup) -> Outcome {
        Self.notLanded
    }

    /// prepare: the document of `fullLayout`, laid out at 400 pt. body: set
    /// `container.size.width = newWidth` (TextKit invalidates the layout), `ensureLayout`, count.
    func relayout(_ path: String, newWidth: Double, _ setup: BenchSetup) -> Outcome {
        Self.notLanded
    }

    /// prepare: the document of `fullLayout`, laid out. body:
    /// `textStorage.replaceCharacters(in: NSRange(location: length / 2, length: 0), with: "x")`
    /// (the peers insert at the middle code point; for this ASCII-heavy text the middle UTF-16
    /// offset is within a few characters of it), then
    /// `ensureLayout(forBoundingRect: CGRect(x: 0, y: 0, width: 400, height: pageHeight), in: container)`;
    /// count the line fragments whose top is above `pageHeight`.
    func edit(_ path: String, pageHeight: Double, _ setup: BenchSetup) -> Outcome {
        Self.notLanded
    }

    /// prepare: a fresh document (storage, layout manager, container), nothing laid out (with
    /// `allowsNonContiguousLayout = true`). body: `ensureLayout(forBoundingRect:in:)` for the first
    /// `pageHeight` points; count the line fragments whose top is above `pageHeight`.
    func firstPage(_ path: String, pageHeight: Double, _ setup: BenchSetup) -> Outcome {
        Self.notLanded
    }

    /// As `fullLayout` on a one-word paragraph, but pass `cap: setup.timeoutSeconds` to `timedRuns`
    /// and return `.timedOut(cap:finished:)` when a sample exceeds it. (An in-process engine cannot
    /// be killed mid-run; if OpenTextKit turns out quadratic here, move this workload into a child
    /// process of `bench`.)
    func longWord(_ path: String, _ setup: BenchSetup) -> Outcome {
        Self.notLanded
    }

    /// Build the storage (untimed), warm up on another document, read `residentBytes()`, lay out
    /// the whole document and keep it, read `residentBytes()` again: `.memory(bytes: after - before,
    /// count: lines)`.
    func memory(_ path: String, _ setup: BenchSetup) -> Outcome {
        Self.notLanded
    }

    /// Full layout of the 10 MB text with `count` threads doing the layout (count 1 is the
    /// baseline the 2-thread row is compared with). The peers split the paragraphs into `count`
    /// contiguous parts of about equal bytes, one part per thread.
    func threads(_ path: String, count: Int, _ setup: BenchSetup) -> Outcome {
        Self.notLanded
    }
}
