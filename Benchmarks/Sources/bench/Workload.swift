// The rows of the comparison table: what is laid out, and how.

/// How a workload exercises an engine. Every kind uses the fixed setup of ``BenchSetup``
/// (DejaVu Serif 12 pt, 1 pt = 1 px, 400 pt wide container, no line fragment padding, word
/// wrapping with a character fallback for over-long words).
enum WorkloadKind: Sendable, Equatable {
    /// Lay out every paragraph of the file from scratch; count lines (glyphs for the floor).
    case fullLayout
    /// With the whole file already laid out at 400 pt (untimed), lay it out again at `newWidth`.
    case relayout(newWidth: Double)
    /// With the whole file already laid out (untimed), insert one character at the middle
    /// character of the text, then lay out the first page (`pageHeight` points) again.
    case edit(pageHeight: Double)
    /// From a fresh start (fonts loaded), lay out only what the first `pageHeight` points show.
    case firstPage(pageHeight: Double)
    /// From a fresh start, the first `pageHeight` points laid out (untimed); then type one
    /// character at character `at` (a Unicode scalar offset, on that page) and lay out the first
    /// page again: the first keystroke after opening a document.
    case firstKeystroke(pageHeight: Double, at: Int)
    /// One paragraph that is a single word without break opportunities (character fallback on
    /// every line), capped at the setup's time limit.
    case longWord
    /// Resident memory retained by the layout of the whole file (RSS delta: after layout, with
    /// everything held, minus before layout, with the text loaded and fonts warm).
    case memory
    /// Full layout of the file split across `threads` threads.
    case threads(Int)
    /// A source file highlighted as it is edited (the edited paragraphs are recoloured during
    /// `processEditing()`: by a delegate of the built-in storage, or by a storage subclass), laid
    /// out whole (untimed): type one character in the middle of the first page, then lay out the
    /// first page again; `keystrokes` times, erasing the character every other time.
    case highlightedKeystroke(pageHeight: Double, subclass: Bool, keystrokes: Int)
    /// The same highlighted file laid out whole (untimed): recolour every paragraph of the first
    /// page with another theme (attributes only, no character changes) in one editing group, then
    /// lay out the first page again.
    case highlightedRecolor(pageHeight: Double)
    /// The same highlighted file laid out whole and its first page's glyphs made, as drawing it
    /// does (untimed): colour every identifier of the first page that has no colour yet (a semantic highlighter's pass: new attribute run boundaries,
    /// no character changes) in one editing group, then lay out the first page again.
    case highlightedIdentifiers(pageHeight: Double)
    /// A `UITextView` of `width`×`height` points over the file (laid out as far as it shows,
    /// untimed): one user action, the view's relayout of what it shows, and the new caret rect.
    case textView(TextViewAction, width: Double, height: Double)
    /// TextKit 2 over the file (content storage and storage built, untimed): the viewport
    /// controller lays out and draws a `pageHeight`-point viewport after `action`.
    case textKit2(TextKit2Action, pageHeight: Double)
    /// Read the file as HTML into an attributed string (`NSAttributedString(data:options:…)` with
    /// `.documentType: .html`): libxml2's parse, the walk that styles it, the attributed string.
    /// The floor column is libxml2's bare parse of the same bytes (`htmlReadMemory` and
    /// `xmlFreeDoc`), and the ratio is taken against it.
    case htmlImport
}

/// One row of the table.
struct Workload: Sendable {
    /// A short stable identifier, used by `bench --only`.
    let id: String
    /// The row's label.
    let title: String
    /// The corpus file (in `Benchmarks/corpus/out/`).
    let file: String
    let kind: WorkloadKind

    /// The rows the project's benchmark issue asks for, in table order.
    static let all: [Workload] = [
        Workload(id: "W1-full", title: "W1 full layout", file: "W1.txt", kind: .fullLayout),
        Workload(id: "W1-relayout", title: "W1 relayout at a new width (400 → 300 pt)", file: "W1.txt",
                 kind: .relayout(newWidth: 300)),
        Workload(id: "W2-full", title: "W2 full layout (multilingual)", file: "W2.txt", kind: .fullLayout),
        Workload(id: "edit-10KB", title: "Insert 1 character in the middle + relayout first page, 10 KB",
                 file: "W4-10KB.txt", kind: .edit(pageHeight: 800)),
        Workload(id: "edit-10MB", title: "Insert 1 character in the middle + relayout first page, 10 MB",
                 file: "W4-10MB.txt", kind: .edit(pageHeight: 800)),
        Workload(id: "firstpage-10MB", title: "First page (800 pt) of the 10 MB text", file: "W4-10MB.txt",
                 kind: .firstPage(pageHeight: 800)),
        // Character 1,500 is the middle of that page (its 800 pt hold about 3,000 characters).
        Workload(id: "firstkeystroke-10MB", title: "Insert 1 character in the first page just laid out + relayout it, 10 MB",
                 file: "W4-10MB.txt", kind: .firstKeystroke(pageHeight: 800, at: 1_500)),
        Workload(id: "tk2-firstviewport-10MB", title: "TextKit 2: first viewport (800 pt) laid out and drawn, 10 MB",
                 file: "W4-10MB.txt", kind: .textKit2(.firstViewport, pageHeight: 800)),
        Workload(id: "tk2-keystroke-10MB", title: "TextKit 2: insert 1 character in the viewport + lay out and draw it, 10 MB",
                 file: "W4-10MB.txt", kind: .textKit2(.keystroke(at: 1_500), pageHeight: 800)),
        Workload(id: "tk2-scrollmiddle-10MB", title: "TextKit 2: relocate the viewport to the middle, lay out and draw it, 10 MB",
                 file: "W4-10MB.txt", kind: .textKit2(.scrollToMiddle, pageHeight: 800)),
        Workload(id: "word-8000", title: "One 8,000-character word, 400 pt column", file: "word-8000.txt",
                 kind: .longWord),
        Workload(id: "word-16000", title: "One 16,000-character word", file: "word-16000.txt", kind: .longWord),
        Workload(id: "word-32000", title: "One 32,000-character word", file: "word-32000.txt", kind: .longWord),
        Workload(id: "word-64000", title: "One 64,000-character word", file: "word-64000.txt", kind: .longWord),
        Workload(id: "memory-10MB", title: "Memory retained after full layout of 10 MB", file: "W4-10MB.txt",
                 kind: .memory),
        Workload(id: "threads1-10MB", title: "W4 10 MB full layout, 1 thread", file: "W4-10MB.txt",
                 kind: .threads(1)),
        Workload(id: "threads2-10MB", title: "W4 10 MB full layout, 2 threads", file: "W4-10MB.txt",
                 kind: .threads(2)),
        Workload(id: "keystroke-code-1MB", title: "Keystroke in a syntax-highlighted 1 MB source file + relayout first page",
                 file: "code-1MB.txt", kind: .highlightedKeystroke(pageHeight: 800, subclass: false, keystrokes: 1)),
        Workload(id: "typing-code-1MB", title: "The same, 100 keystrokes in a row (type, erase, …), each relaid out",
                 file: "code-1MB.txt", kind: .highlightedKeystroke(pageHeight: 800, subclass: false, keystrokes: 100)),
        Workload(id: "keystroke-subclass-code-1MB", title: "One keystroke, highlighted by an NSTextStorage subclass (backing store)",
                 file: "code-1MB.txt", kind: .highlightedKeystroke(pageHeight: 800, subclass: true, keystrokes: 1)),
        Workload(id: "recolor-code-1MB", title: "Recolour the first page of a highlighted 1 MB source file + relayout",
                 file: "code-1MB.txt", kind: .highlightedRecolor(pageHeight: 800)),
        Workload(id: "identifiers-code-1MB", title: "Colour the first page's uncoloured identifiers (new run boundaries) + relayout",
                 file: "code-1MB.txt", kind: .highlightedIdentifiers(pageHeight: 800)),
        Workload(id: "textview-insert-10MB", title: "UITextView 600×800 over 10 MB: insertText + relayout shown + caret rect (per keystroke)",
                 file: "W4-10MB.txt", kind: .textView(.insert, width: 600, height: 800)),
        Workload(id: "textview-delete-10MB", title: "UITextView over 10 MB: deleteBackward + relayout shown + caret rect (per keystroke)",
                 file: "W4-10MB.txt", kind: .textView(.deleteBackward, width: 600, height: 800)),
        Workload(id: "textview-spelling-10MB", title: "UITextView over 10 MB: type a space, lay out and re-check the edited paragraph's spelling",
                 file: "W4-10MB.txt", kind: .textView(.insertAndCheckSpelling, width: 600, height: 800)),
        Workload(id: "textview-pagedown-10MB", title: "UITextView over 10 MB: Page Down, lay out what came into view, check its spelling, caret rect",
                 file: "W4-10MB.txt", kind: .textView(.pageDown, width: 600, height: 800)),
        Workload(id: "textview-deleteall-10MB", title: "UITextView over 10 MB: select all, delete",
                 file: "W4-10MB.txt", kind: .textView(.deleteAll, width: 600, height: 800)),
        Workload(id: "textview-undo-10MB", title: "UITextView over 10 MB: undo the deletion of everything",
                 file: "W4-10MB.txt", kind: .textView(.undoDeleteAll, width: 600, height: 800)),
        Workload(id: "html-import-1MB", title: "Import 1 MB of real HTML (the Debian handbook's pages, its style sheet inline) as an attributed string",
                 file: "html-1MB.html", kind: .htmlImport),
        Workload(id: "html-styled-1MB", title: "Import 1 MB of dense markup (W1 in spans with style attributes, classes, links, lists, tables)",
                 file: "html-styled-1MB.html", kind: .htmlImport),
    ]
}

/// The fixed setup every engine must use, and how hard to measure.
struct BenchSetup: Sendable {
    /// The folder of the generated corpus.
    var corpus: String
    /// Timed runs per workload, after an untimed warm-up.
    var runs = 5
    /// The runs of each row are split into this many rounds, and the engines take turns round by
    /// round (in a rotating order), so that a change in the machine's load during a row falls on
    /// every engine alike rather than on one: the ratios then compare like with like. Each round
    /// repeats the engine's warm-up.
    var rounds = 1
    /// The cap on one long-word run; a run past it is reported as "> cap".
    var timeoutSeconds = 60.0
    /// The font: DejaVu Serif at 12 pt, 1 pt = 1 px.
    let fontFamily = "DejaVu Serif"
    let fontFile = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"
    let fontSize = 12.0
    /// The container width in points; line fragment padding is 0.
    let containerWidth = 400.0
    /// Untimed warm-up: the first this many bytes of a file are laid out before timing (fonts
    /// loaded, caches warm); a file of one huge paragraph warms up on its first 200 bytes.
    let warmUpBytes = 1_000_000

    func path(_ file: String) -> String { corpus + "/" + file }
}

extension WorkloadKind {
    /// Whether the row's ratio is OpenTextKit against the floor column rather than against Pango
    /// (the HTML rows: Pango reads no HTML; the floor is libxml2's bare parse).
    var comparesWithFloor: Bool {
        if case .htmlImport = self { return true }
        return false
    }
}
