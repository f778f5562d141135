import TextKitFonts
import TextKitGraphics
import TextKitModel
import TextKitTypesetting

/// The layout engine behind an `NSLayoutManager`: it owns the paragraph store, every
/// paragraph's glyphs and lines, and every cache derived from them, and it does the engine's work:
///
/// | file | concept |
/// |---|---|
/// | TextFlow+Glyphs.swift | making a paragraph's glyphs, as far as a glyph or a character |
/// | TextFlow+Lines.swift | laying out as far as a query needs; container tops; the end of the text |
/// | TextFlow+NonContiguous.swift, HeightEstimate.swift | laying out only what a query asks about, below estimated heights |
/// | TextFlow+Paragraph.swift | one paragraph's lines, through the line loop |
/// | TextFlow+Parallel.swift | many paragraphs on several threads |
/// | TextFlow+Invalidation.swift | what an edit or a setting throws away, by cause |
/// | TextFlow+ParagraphBoundaries.swift, ParagraphPieces.swift | where paragraphs (and pieces of very long ones) start and end |
/// | TextFlow+Reporting.swift | new lines reported to the layout manager's overridable primitives |
/// | TextFlow+Walks.swift | walks over the laid-out paragraphs; the first unlaid glyph; the lines in a rect |
/// | TextFlow+Locating.swift | the paragraph of a glyph or a character, the line fragment of a glyph |
/// | TextFlow+HitTesting.swift | the line under a point, the glyph under an x, a line's carets |
/// | TextFlow+GlyphEdits.swift | glyphs changed after shaping (the glyph-generation delegate's answers) |
/// | TextFlow+Display.swift | what each container must paint again |
///
/// Why a type of its own: `NSLayoutManager` is an open class with Apple's API, overridable hooks
/// and a delegate. Keeping the engine's state and work apart from it leaves the layout manager a
/// façade — Apple's names, `Int`/`NSRange` indices, the hooks a subclass overrides — over an
/// engine with no Apple names whose own API speaks in ``UTF16Offset`` and ``GlyphIndex``
/// (Layout/TextIndices.swift), so that a glyph index and a character offset cannot be mixed up.
///
/// ```
///  NSLayoutManager (façade: Apple API, open hooks, delegate, textStorage, textContainers)
///        │ let flow ─────────────► TextFlow (store, caches, engine functions)
///        ◄──────── unowned(unsafe) manager: any TextFlowHost (settings, containers, hooks)
/// ```
///
/// The engine calls back out only through ``manager``, a ``TextFlowHost`` (TextFlowHost.swift,
/// the one protocol of those calls): for the storage, the containers and the settings the layout
/// manager holds (a subclass may override them), for the delegate's say (``LayoutHooks``, whose
/// methods are called in the same order as before the engine had a type of its own), and for the
/// overridable layout primitives and glyph-generation hooks. It is internal to TextKit, made
/// once per layout manager and never shared between layout managers. It changes its own state;
/// the façade asks it to through its methods (EngineShapeTests).
final class TextFlow {
    /// The layout manager this engine lays out for. Not reference-counted: the layout manager owns
    /// its engine (so it always outlives it), and parallel layout's workers read it without
    /// contending for its reference count. Set once, by the layout manager's initializer
    /// (``attach(to:)``).
    unowned(unsafe) private(set) var manager: (any TextFlowHost)!

    // MARK: Paragraphs

    /// The paragraphs, with their glyphs and lines once made (Layout/ParagraphStore.swift).
    ///
    /// Unchecked exclusivity here and on the store's nodes and records: Swift checks every access
    /// to a class's stored property at run time (some fifty instructions), and a keystroke's
    /// layout reads the store hundreds of times. The engine changes it from one thread at a time;
    /// parallel layout's workers only read it (a long paragraph's direction,
    /// ``continuedDirection(ofPieceAt:)``) while the calling thread waits for them, so no access
    /// overlaps a mutation of it.
    @exclusivity(unchecked) var store = ParagraphStore() { didSet { changeCount &+= 1 } }
    /// Counts changes of ``store`` and of ``extraLineFragment``: every edit, every paragraph given
    /// glyphs or lines or losing them goes through one of the two (NSLayoutManager.layoutChangeCount).
    @exclusivity(unchecked) private(set) var changeCount = 0
    /// Makes glyphs; owns HarfBuzz and ICU scratch (used on the caller's thread). Taken warm from
    /// those earlier layout managers left, and left for the next one (ParagraphAnalyzer+Reuse.swift).
    let analyzer = ParagraphAnalyzer.reused()
    /// One analyzer per worker thread of parallel layout, taken on first use.
    var workerAnalyzers: [ParagraphAnalyzer] = []
    /// Which paragraphs keep their glyphs (Layout/AnalysisBudget.swift).
    var analysisBudget = AnalysisBudget()
    /// The layout manager's `allowsNonContiguousLayout` (TextFlow+NonContiguous.swift).
    var allowsNonContiguousLayout = false
    /// Whether a paragraph has been cut into pieces (ParagraphPieces.swift) since the records were
    /// last made from scratch. While not, every record is a whole paragraph, and asking the text
    /// whether one starts or ends its paragraph can be skipped.
    var hasPieces = false

    // MARK: Flow

    /// Outside the stacked case: paragraphs before this one are known to be laid out where they
    /// belong.
    var validatedParagraphs = 0
    /// The extra line fragment (after a final paragraph separator, or for empty text), computed
    /// when layout reaches the end.
    var extraLineFragment: (rect: CGRect, usedRect: CGRect, container: Int)? {
        // Made again (or found absent again) each time layout reaches the end: counted only when
        // it differs.
        didSet {
            switch (oldValue, extraLineFragment) {
            case (nil, nil): break
            case let (old?, new?) where old.rect == new.rect && old.usedRect == new.usedRect && old.container == new.container: break
            default: changeCount &+= 1
            }
        }
    }
    /// Whether the delegate has heard that layout reached the end of the text (or ran out of
    /// containers) since the last invalidation.
    var hasReportedCompletion = false
    /// The tops of the containers in the stacked flow (``containerTop(_:)``), cleared when a
    /// container is added, removed or changes size.
    @exclusivity(unchecked) var containerTops: [CGFloat] = []  // read or assigned whole; workers only read it
    /// ``isStacked`` as last asked, cleared with ``containerTops`` (nil: ask the containers).
    @exclusivity(unchecked) var stackedAnswer: Bool?
    /// How many lines from before an edit laying out took again (PriorLines.swift; for tests).
    var takenPriorLineCount = 0

    // MARK: Reporting to the layout manager's hooks

    /// While a paragraph's new lines are reported through the layout primitives: the paragraph,
    /// its first glyph and its top in the stacked flow.
    var reportingParagraph: (paragraph: Int, glyphBase: GlyphIndex, top: CGFloat)?

    // MARK: Caches of derived geometry

    /// The paragraph the last glyph or character query located, while ``changeCount`` is what it
    /// was then: one user action asks about the caret's paragraph many times (its glyphs, its
    /// line, its carets), each a few walks down the paragraph tree. Read and written by the
    /// layout manager's queries only (the calling thread), never by parallel layout's workers.
    var locatedParagraph: LocatedParagraph?
    struct LocatedParagraph {
        let changeCount: Int
        let paragraph: Int
        let record: ParagraphRecord
        let characters: Range<UTF16Offset>
        let glyphs: Range<GlyphIndex>
    }

    /// Per container: what needs display (NSLayoutManager+Display.swift).
    @exclusivity(unchecked) var invalidDisplayRects: [CGRect] = []
    /// What hit testing and caret queries derived from the lines asked about last (their glyph
    /// positions, glyph search and caret geometry), most recent first, within
    /// ``LineGeometry/keptLines`` lines and ``LineGeometry/keptCharacters`` characters: a caller
    /// that alternates between lines (a drag across lines, a caret on one line and a click on
    /// another, a pointer moving over a page) does not make them again each time. See
    /// TextFlow+HitTesting.swift.
    var lineGeometries: [LineGeometry] = []
    /// The characters of the lines in ``lineGeometries``.
    var keptLineCharacters = 0
    /// Whether the fragments of the last eight paragraphs hit testing asked about are stacked
    /// (see `stackedFragments(_:record:)`).
    var fragmentOrders: [FragmentOrder] = []
    /// What hit-testing queries looked at: fragments weighed, glyph and grapheme boxes or search
    /// table entries. Tests read it to tell a search from a walk; nothing else does.
    var hitTestSteps = 0
    /// For tests: hit testing walks every fragment of the paragraphs near the point and every box
    /// of the line, as the searches must answer.
    var hitTestingWalks = false

    /// Makes `manager` the layout manager this engine lays out for (its initializer calls this once).
    func attach(to manager: any TextFlowHost) {
        self.manager = manager
    }

    /// Keeps glyphs for this text's share of the glyph memory, `sharers` layout managers laying out
    /// one text (NSTextStorage.addLayoutManager): drops what is over the share at once.
    func shareAnalysisBudget(among sharers: Int) {
        analysisBudget.sharers = sharers
        analysisBudget.dropToShare()
    }

    deinit {
        ParagraphAnalyzer.recycle(analyzer)
        for worker in workerAnalyzers { ParagraphAnalyzer.recycle(worker) }
    }
}
