// OpenTextKit's column: one function per WorkloadKind, each returning what
// `timedRuns(runs:cap:prepare:body:)` (Timing.swift) measures. `bench` calls
// `OpenTextKitEngine().measure(_:setup:)` for every row, and the table's ratio column
// (OpenTextKit / Pango) fills itself in.
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
        case .firstKeystroke(let pageHeight, let at): firstKeystroke(setup.path(workload.file), pageHeight: pageHeight, at: at, setup)
        case .longWord: longWord(setup.path(workload.file), setup)
        case .memory: memory(setup.path(workload.file), setup)
        case .threads(let count): threads(setup.path(workload.file), count: count, setup)
        case .highlightedKeystroke(let pageHeight, let subclass, let keystrokes):
            highlightedKeystroke(setup.path(workload.file), pageHeight: pageHeight, subclass: subclass, keystrokes: keystrokes, setup)
        case .highlightedRecolor(let pageHeight): highlightedRecolor(setup.path(workload.file), pageHeight: pageHeight, setup)
        case .highlightedIdentifiers(let pageHeight): highlightedIdentifiers(setup.path(workload.file), pageHeight: pageHeight, setup)
        case .textView(let action, let width, let height):
            textViewEdit(setup.path(workload.file), action: action, size: CGSize(width: width, height: height), setup)
        case .htmlImport: htmlImport(setup.path(workload.file), setup)
        case .textKit2(let action, let pageHeight): textKit2(setup.path(workload.file), action: action, pageHeight: pageHeight, setup)
        }
    }

    func countUnit(for workload: Workload) -> String {
        workload.kind.comparesWithFloor ? "UTF-16 units" : countUnit
    }

    /// The text of a corpus file (UTF-8, one paragraph per line, final newline), for `prepare`.
    /// A missing file is a setup error: `bench` checks every file exists before it starts.
    static func corpusText(_ path: String) -> String {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            preconditionFailure("cannot read corpus file \(path)")
        }
        return text
    }

    /// A document laid out in one tall 400-pt column with no padding, as the peers lay out.
    struct Document {
        let storage: NSTextStorage
        let layoutManager: NSLayoutManager
        let container: NSTextContainer

        init(_ text: String, _ setup: BenchSetup, width: Double? = nil, threads: Int = 1,
             storage makeStorage: (String, [NSAttributedString.Key: Any]) -> NSTextStorage = NSTextStorage.init) {
            let font = try! UIFont(url: URL(fileURLWithPath: setup.fontFile), size: CGFloat(setup.fontSize))
            storage = makeStorage(text, [.font: font])
            layoutManager = NSLayoutManager()
            layoutManager.maximumLayoutThreads = threads
            storage.addLayoutManager(layoutManager)
            container = NSTextContainer(size: CGSize(width: CGFloat(width ?? setup.containerWidth),
                                                     height: CGFloat.greatestFiniteMagnitude))
            container.lineFragmentPadding = 0
            layoutManager.addTextContainer(container)
        }

        /// Line fragments, not counting the extra line fragment after the final newline.
        func lineCount() -> Int {
            var lines = 0
            layoutManager.enumerateLineFragments(forGlyphRange: NSRange(location: 0, length: layoutManager.numberOfGlyphs)) { _, _, _, _, _ in
                lines += 1
            }
            return lines
        }

        /// Line fragments whose top is above `height`.
        func linesAbove(_ height: Double) -> Int {
            let range = layoutManager.glyphRange(forBoundingRectWithoutAdditionalLayout:
                CGRect(x: 0, y: 0, width: container.size.width, height: CGFloat(height)), in: container)
            var lines = 0
            layoutManager.enumerateLineFragments(forGlyphRange: range) { rect, _, _, _, stop in
                if rect.minY < CGFloat(height) { lines += 1 } else { stop.pointee = true }
            }
            return lines
        }
    }

    /// W1/W2 full layout, one thread, fresh shaped-word cache for every run (prepare empties it).
    func fullLayout(_ path: String, _ setup: BenchSetup) -> Outcome {
        let text = Self.corpusText(path)
        var hits = 0, misses = 0
        let samples = timedRuns(runs: setup.runs, prepare: { () -> Document in
            TypesettingCaches.removeAll()
            return Document(text, setup)
        }, body: { document in
            document.layoutManager.ensureLayout(for: document.container)
            (hits, misses) = TypesettingCaches.shapedWordStatistics
            return document.lineCount()
        })
        Self.note("\((path as NSString).lastPathComponent): shaped-word cache \(hits) hits, \(misses) misses (\(String(format: "%.1f", 100 * Double(hits) / Double(max(1, hits + misses))))% hits) from an empty cache")
        return .samples(samples)
    }

    /// prepare: the document laid out at 400 pt (caches warm). body: the container narrows to the
    /// new width (TextKit invalidates the lines, the glyphs stay), layout again, count.
    func relayout(_ path: String, newWidth: Double, _ setup: BenchSetup) -> Outcome {
        let text = Self.corpusText(path)
        return .samples(timedRuns(runs: setup.runs, prepare: { () -> Document in
            let document = Document(text, setup)
            document.layoutManager.ensureLayout(for: document.container)
            return document
        }, body: { document in
            document.container.size = CGSize(width: CGFloat(newWidth), height: CGFloat.greatestFiniteMagnitude)
            document.layoutManager.ensureLayout(for: document.container)
            return document.lineCount()
        }))
    }

    /// prepare: the document laid out. body: insert one character in the middle, lay out the
    /// first page again; count its lines.
    func edit(_ path: String, pageHeight: Double, _ setup: BenchSetup) -> Outcome {
        let text = Self.corpusText(path)
        let page = CGRect(x: 0, y: 0, width: CGFloat(setup.containerWidth), height: CGFloat(pageHeight))
        return .samples(timedRuns(runs: setup.runs, prepare: { () -> Document in
            let document = Document(text, setup)
            document.layoutManager.ensureLayout(for: document.container)
            return document
        }, body: { document in
            document.storage.replaceCharacters(in: NSRange(location: document.storage.length / 2, length: 0), with: "x")
            document.layoutManager.ensureLayout(forBoundingRect: page, in: document.container)
            return document.linesAbove(pageHeight)
        }))
    }

    /// prepare: a fresh document, nothing laid out, non-contiguous layout allowed. body: lay out
    /// the first page.
    func firstPage(_ path: String, pageHeight: Double, _ setup: BenchSetup) -> Outcome {
        let text = Self.corpusText(path)
        let page = CGRect(x: 0, y: 0, width: CGFloat(setup.containerWidth), height: CGFloat(pageHeight))
        return .samples(timedRuns(runs: setup.runs, prepare: { () -> Document in
            let document = Document(text, setup)
            // A setting made with the stack (it gives every paragraph its estimated height: O(n)).
            document.layoutManager.allowsNonContiguousLayout = true
            return document
        }, body: { document in
            document.layoutManager.ensureLayout(forBoundingRect: page, in: document.container)
            return document.linesAbove(pageHeight)
        }))
    }

    /// prepare: a fresh document, its first page laid out. body: type one character at character
    /// `at` (Unicode scalars, as the peers count), lay out the first page again.
    func firstKeystroke(_ path: String, pageHeight: Double, at: Int, _ setup: BenchSetup) -> Outcome {
        let text = Self.corpusText(path)
        let location = text.unicodeScalars.prefix(at).reduce(0) { $0 + $1.utf16.count }
        let page = CGRect(x: 0, y: 0, width: CGFloat(setup.containerWidth), height: CGFloat(pageHeight))
        return .samples(timedRuns(runs: setup.runs, prepare: { () -> Document in
            let document = Document(text, setup)
            document.layoutManager.allowsNonContiguousLayout = true
            document.layoutManager.ensureLayout(forBoundingRect: page, in: document.container)
            precondition(document.layoutManager.firstUnlaidCharacterIndex() > location, "character \(at) is not on the first page")
            return document
        }, body: { document in
            document.storage.replaceCharacters(in: NSRange(location: location, length: 0), with: "x")
            document.layoutManager.ensureLayout(forBoundingRect: page, in: document.container)
            return document.linesAbove(pageHeight)
        }))
    }

    /// One huge word: as `fullLayout`, with the cap.
    func longWord(_ path: String, _ setup: BenchSetup) -> Outcome {
        let text = Self.corpusText(path)
        let samples = timedRuns(runs: setup.runs, cap: setup.timeoutSeconds, prepare: { Document(text, setup) }, body: { document in
            document.layoutManager.ensureLayout(for: document.container)
            return document.lineCount()
        })
        if let last = samples.last, last.seconds > setup.timeoutSeconds { return .timedOut(cap: setup.timeoutSeconds, finished: samples) }
        return .samples(samples)
    }

    /// Memory retained by the full layout of the document (text storage built before).
    func memory(_ path: String, _ setup: BenchSetup) -> Outcome {
        let text = Self.corpusText(path)
        let warm = Document(String(text.prefix(200_000)), setup)
        warm.layoutManager.ensureLayout(for: warm.container)
        let document = Document(text, setup)
        let before = residentBytes()
        document.layoutManager.ensureLayout(for: document.container)
        let after = residentBytes()
        let lines = document.lineCount()
        Self.note("\((path as NSString).lastPathComponent): \(String(format: "%.1f", Double(after - before) / Double(document.storage.length))) bytes retained per UTF-16 unit by layout (the text storage itself: about 2 bytes per unit more)")
        return .memory(bytes: after - before, count: lines)
    }

    /// Full layout of the document with `count` layout threads (the layout manager's own
    /// parallelism: paragraphs shaped and broken on several threads).
    func threads(_ path: String, count: Int, _ setup: BenchSetup) -> Outcome {
        let text = Self.corpusText(path)
        return .samples(timedRuns(runs: setup.runs, prepare: { Document(text, setup, threads: count) }, body: { document in
            document.layoutManager.ensureLayout(for: document.container)
            return document.lineCount()
        }))
    }

    /// prepare: the file's bytes. body: the HTML read into an attributed string; count: its
    /// length. The string is kept in the state, so that freeing it falls outside the clock.
    func htmlImport(_ path: String, _ setup: BenchSetup) -> Outcome {
        guard let data = FileManager.default.contents(atPath: path) else { preconditionFailure("cannot read \(path)") }
        let options: [NSAttributedString.DocumentReadingOptionKey: Any] = [.documentType: NSAttributedString.DocumentType.html]
        do {
            return .samples(try timedRuns(runs: setup.runs, prepare: { (data, nil as NSAttributedString?) }, body: { state in
                let string = try NSAttributedString(data: state.0, options: options, documentAttributes: nil)
                state.1 = string
                return string.length
            }))
        } catch {
            return .failed("\(error)")
        }
    }

    /// A line for the run's notes (printed to stderr, as the harness prints its own notes).
    static func note(_ message: String) {
        FileHandle.standardError.write(Data(("OpenTextKit: " + message + "\n").utf8))
    }
}

extension OpenTextKitEngine {
    /// A highlighted source file, highlighted and laid out whole, its highlighter, and the first
    /// page's rect. `subclass`: a storage subclass highlights, else a delegate of the built-in storage.
    static func highlightedDocument(_ text: String, _ setup: BenchSetup, pageHeight: Double,
                                    subclass: Bool) -> (Document, SyntaxHighlighter, CGRect) {
        let document = Document(text, setup, storage: { subclass ? HighlightingStorage(text: $0, attributes: $1) : NSTextStorage(string: $0, attributes: $1) })
        let highlighter = (document.storage as? HighlightingStorage)?.highlighter ?? SyntaxHighlighter()
        document.storage.beginEditing()
        highlighter.highlight(document.storage, in: NSRange(location: 0, length: document.storage.length))
        document.storage.endEditing()
        if !subclass { document.storage.delegate = highlighter }
        document.layoutManager.ensureLayout(for: document.container)
        return (document, highlighter, CGRect(x: 0, y: 0, width: CGFloat(setup.containerWidth), height: CGFloat(pageHeight)))
    }

    /// prepare: the highlighted file laid out. body: type "x" at the start of the line in the middle
    /// of the first page (the highlighter recolours that paragraph), lay out the first page again;
    /// `keystrokes` times, erasing the "x" every other time.
    func highlightedKeystroke(_ path: String, pageHeight: Double, subclass: Bool, keystrokes: Int,
                              _ setup: BenchSetup) -> Outcome {
        let text = Self.corpusText(path)
        return .samples(timedRuns(runs: setup.runs, prepare: { () -> (Document, SyntaxHighlighter, CGRect, Int) in
            let (document, highlighter, page) = Self.highlightedDocument(text, setup, pageHeight: pageHeight, subclass: subclass)
            let glyph = document.layoutManager.glyphIndex(for: CGPoint(x: 0, y: pageHeight / 2), in: document.container)
            return (document, highlighter, page, document.layoutManager.characterIndexForGlyph(at: glyph))
        }, body: { state in
            let (document, _, page, location) = state
            // One keystroke, or a burst of typing: a character typed and erased, again and again.
            for i in 0..<keystrokes {
                let erase = i % 2 == 1
                document.storage.replaceCharacters(in: NSRange(location: location, length: erase ? 1 : 0), with: erase ? "" : "x")
                document.layoutManager.ensureLayout(forBoundingRect: page, in: document.container)
            }
            return document.linesAbove(pageHeight)
        }))
    }

    /// prepare: the highlighted file laid out. body: recolour the first page's paragraphs with the
    /// other theme in one editing group, lay out the first page again.
    func highlightedRecolor(_ path: String, pageHeight: Double, _ setup: BenchSetup) -> Outcome {
        let text = Self.corpusText(path)
        return .samples(timedRuns(runs: setup.runs, prepare: { () -> (Document, SyntaxHighlighter, CGRect, NSRange) in
            let (document, highlighter, page) = Self.highlightedDocument(text, setup, pageHeight: pageHeight, subclass: false)
            let glyphs = document.layoutManager.glyphRange(forBoundingRect: page, in: document.container)
            return (document, highlighter, page, document.layoutManager.characterRange(forGlyphRange: glyphs, actualGlyphRange: nil))
        }, body: { state in
            let (document, highlighter, page, visible) = state
            highlighter.theme = 1
            document.storage.beginEditing()
            highlighter.highlight(document.storage, in: document.storage.paragraphRange(for: visible))
            document.storage.endEditing()
            document.layoutManager.ensureLayout(forBoundingRect: page, in: document.container)
            return document.linesAbove(pageHeight)
        }))
    }

    /// prepare: the highlighted file laid out, and the identifiers of its first page that have no
    /// colour. body: colour them in one editing group, lay out the first page again.
    func highlightedIdentifiers(_ path: String, pageHeight: Double, _ setup: BenchSetup) -> Outcome {
        let text = Self.corpusText(path)
        let identifier = try! NSRegularExpression(pattern: #"\b[A-Za-z_][A-Za-z0-9_]*\b"#)
        return .samples(timedRuns(runs: setup.runs, prepare: { () -> (Document, CGRect, [NSRange]) in
            let (document, _, page) = Self.highlightedDocument(text, setup, pageHeight: pageHeight, subclass: false)
            document.storage.delegate = nil  // attributes only: the highlighter would not run anyway
            let glyphs = document.layoutManager.glyphRange(forBoundingRect: page, in: document.container)
            // The page is shown: drawing made its glyphs again (the whole file's layout pushed them
            // out of the layout manager's budget).
            for g in glyphs.location..<NSMaxRange(glyphs) { _ = document.layoutManager.cgGlyph(at: g) }
            let visible = document.layoutManager.characterRange(forGlyphRange: glyphs, actualGlyphRange: nil)
            let string = document.storage.attributedSubstring(from: visible).string
            let words = identifier.matches(in: string, range: NSRange(location: 0, length: visible.length)).map {
                NSRange(location: visible.location + $0.range.location, length: $0.range.length)
            }.filter { document.storage.attribute(.foregroundColor, at: $0.location, effectiveRange: nil) == nil }
            return (document, page, words)
        }, body: { state in
            let (document, page, words) = state
            document.storage.beginEditing()
            for word in words { document.storage.addAttribute(.foregroundColor, value: UIColor.systemIndigo, range: word) }
            document.storage.endEditing()
            document.layoutManager.ensureLayout(forBoundingRect: page, in: document.container)
            return document.linesAbove(pageHeight)
        }))
    }
}
