import TextKitGraphics
import TextKitModel

/// The text of a TextKit stack, as UIKit's `NSTextStorage`: an attributed string that reports its
/// changes to its layout managers, its delegate and `NotificationCenter`.
///
/// Every change goes through ``edited(_:range:changeInLength:)``. Outside a ``beginEditing()`` /
/// ``endEditing()`` group that immediately runs ``processEditing()``; inside one, the changes are
/// collected (their ranges unioned and shifted into the final text's coordinates) and processed once
/// at the outermost ``endEditing()``.
///
/// ## Subclassing
/// As with Apple's class, a subclass may keep its own backing store: override the primitives
/// `string`, `attributes(at:effectiveRange:)`, `replaceCharacters(in:with:)` and
/// `setAttributes(_:range:)`, and call ``edited(_:range:changeInLength:)`` from the two mutating
/// ones. Every other method goes through those overrides. Override ``processEditing()`` to restyle
/// text after an edit (e.g. syntax highlighting) and call `super.processEditing()` last: attribute
/// changes made there are folded into the same notification.
open class NSTextStorage: NSMutableAttributedString {

    /// What an edit changed.
    public struct EditActions: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Attributes changed (characters did not).
        public static let editedAttributes = EditActions(rawValue: 1 << 0)
        /// Characters changed (possibly attributes too).
        public static let editedCharacters = EditActions(rawValue: 1 << 1)
    }

    /// Posted (object: the text storage) at the start of ``processEditing()``, after the delegate's
    /// `willProcessEditing` call.
    public static let willProcessEditingNotification = NSNotification.Name("NSTextStorageWillProcessEditingNotification")
    /// Posted (object: the text storage) after attributes were fixed, after the delegate's
    /// `didProcessEditing` call and before the layout managers are told.
    public static let didProcessEditingNotification = NSNotification.Name("NSTextStorageDidProcessEditingNotification")

    // Unchecked exclusivity (as the layout manager's `delegate` and `textContainers`): read several
    // times in every edit, and only ever read or set whole.
    /// Told before and after each round of processing.
    @exclusivity(unchecked) open weak var delegate: NSTextStorageDelegate?

    /// The layout managers laying out this text, in the order they were added (the storage owns them).
    @exclusivity(unchecked) open private(set) var layoutManagers: [NSLayoutManager] = []

    /// The TextKit 2 content storage that shows this text (set by `NSTextContentStorage`), told of
    /// each round of edits after the layout managers. Weak: the content storage owns its storage.
    @exclusivity(unchecked) open weak var textStorageObserver: NSTextStorageObserving?

    /// What the pending edits changed; empty outside editing.
    @exclusivity(unchecked) open internal(set) var editedMask: EditActions = []
    /// The range of the pending edits in the current text; `{NSNotFound, 0}` outside editing.
    @exclusivity(unchecked) open internal(set) var editedRange = NSRange(location: NSNotFound, length: 0)
    /// The net change in length of the pending edits; 0 outside editing.
    @exclusivity(unchecked) open internal(set) var changeInLength = 0

    /// Nesting depth of beginEditing()/endEditing().
    var editingDepth = 0
    /// True while processEditing() runs: edits made then are folded into the current round.
    var isProcessingEdits = false
    /// With lazy fixing: the union of ranges whose attributes still need fixing.
    var pendingFixRange: NSRange?
    /// The part of ``editedRange`` whose characters changed (in the current text), nil when the
    /// pending edits changed attributes only. Layout managers reshape only these paragraphs and
    /// restyle the rest of the edited range (Layout/TextFlow+Invalidation.swift).
    var editedCharacterRange: NSRange?

    // MARK: Initialisers

    public override init() {
        super.init()
        adoptBuiltInPrimitives()
    }

    public override init(string str: String) {
        super.init(string: str)
        adoptBuiltInPrimitives()
    }

    public override init(string str: String, attributes attrs: [NSAttributedString.Key: Any]? = nil) {
        super.init(string: str, attributes: attrs)
        adoptBuiltInPrimitives()
    }

    public override init(attributedString attrStr: NSAttributedString) {
        super.init(attributedString: attrStr)
        adoptBuiltInPrimitives()
    }

    /// Keyed-archive decoding: always fails on Linux (as `NSAttributedString.init(coder:)`).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        adoptBuiltInPrimitives()
    }

    /// Exactly `NSTextStorage` (not a subclass): its primitives are the built-in storage's plus a
    /// notification, so derived methods may use the storage directly and then call `edited` — which
    /// is what these primitives would do. A subclass always goes through its primitives.
    private func adoptBuiltInPrimitives() {
        if type(of: self) == NSTextStorage.self {
            _primitives = .builtInNotifying
            _builtInEdited = { [unowned(unsafe) self] in self.edited(EditActions(rawValue: $0), range: $1, changeInLength: $2) }
        }
        _reportsCharacterChanges = true  // a subclass calls edited(_:range:changeInLength:)
        prepareNotificationPosting()
    }

    /// The storage classes whose notifications have been prepared in this process.
    private static let notifyingClasses = Locked(Set<ObjectIdentifier>())

    /// Makes the first storage of each class pay for what the first edit would otherwise pay.
    ///
    /// Posting a notification with a storage as its object makes Foundation bridge the storage to
    /// `AnyObject`, a dynamic cast; the first such cast of each class in a process makes the Swift
    /// runtime scan the protocol conformances of every loaded image (about 730,000 instructions,
    /// 0.3–0.9 ms here), and later casts find the answer cached. Left to itself, that scan lands on
    /// the first keystroke; this makes the same cast when the first storage of the class is made.
    private func prepareNotificationPosting() {
        let isFirst = Self.notifyingClasses.withLock { $0.insert(ObjectIdentifier(type(of: self))).inserted }
        if isFirst { _ = Self.bridgedForPosting(self) }
    }

    /// `object as AnyObject` as `NotificationCenter.post` does it: through `Any`, not inlined.
    @inline(never)
    private static func bridgedForPosting(_ object: Any) -> AnyObject { object as AnyObject }

    // MARK: Primitives: the built-in storage, plus edited(...)

    /// Replaces characters (see ``NSMutableAttributedString``) and reports `.editedCharacters`.
    open override func replaceCharacters(in range: NSRange, with str: String) {
        let delta = str.utf16.count - range.length
        super.replaceCharacters(in: range, with: str)
        edited(.editedCharacters, range: range, changeInLength: delta)
    }

    /// Sets attributes (see ``NSMutableAttributedString``) and reports `.editedAttributes`.
    open override func setAttributes(_ attrs: [NSAttributedString.Key: Any]?, range: NSRange) {
        super.setAttributes(attrs, range: range)
        edited(.editedAttributes, range: range, changeInLength: 0)
    }

    // MARK: Layout managers

    /// Attaches `aLayoutManager` (the storage keeps it) and sets its `textStorage`.
    open func addLayoutManager(_ aLayoutManager: NSLayoutManager) {
        guard !layoutManagers.contains(where: { $0 === aLayoutManager }) else { return }
        aLayoutManager.textStorage?.removeLayoutManager(aLayoutManager)
        layoutManagers.append(aLayoutManager)
        aLayoutManager.textStorage = self
        shareGlyphBudget()
    }

    /// Detaches `aLayoutManager` and clears its `textStorage`.
    open func removeLayoutManager(_ aLayoutManager: NSLayoutManager) {
        guard let i = layoutManagers.firstIndex(where: { $0 === aLayoutManager }) else { return }
        layoutManagers.remove(at: i)
        aLayoutManager.textStorage = nil
        aLayoutManager.flow.shareAnalysisBudget(among: 1)
        shareGlyphBudget()
    }

    /// Splits the glyph memory a text's layout managers keep between them (see `AnalysisBudget`).
    private func shareGlyphBudget() {
        for layoutManager in layoutManagers {
            layoutManager.flow.shareAnalysisBudget(among: layoutManagers.count)
        }
    }

    // MARK: Editing

    /// Starts a group of edits processed together at the matching ``endEditing()``. Calls nest.
    open override func beginEditing() {
        editingDepth += 1
    }

    /// Ends a group of edits; the outermost call runs ``processEditing()`` once for all of them.
    /// - Precondition: a matching ``beginEditing()`` was called.
    open override func endEditing() {
        checkPrecondition(editingDepth > 0, "NSTextStorage.endEditing() without beginEditing()")
        editingDepth -= 1
        if editingDepth == 0 && !isProcessingEdits && !editedMask.isEmpty { runProcessEditing() }
    }

    /// Records a change; a subclass's mutating primitives must call it after changing their store.
    ///
    /// `editedRange` is the range *before* the change (as given to the primitive) and `delta` the
    /// change in length. Pending edits are combined as Apple does: the earlier range is shifted into
    /// the new text's coordinates (by `delta` when it lies after the change; clipped to the replacement
    /// when it overlaps it) and unioned with the new range `{location, length + delta}`. Outside a
    /// ``beginEditing()`` group (and outside processing) this runs ``processEditing()`` at once.
    open func edited(_ editedMask: EditActions, range editedRange: NSRange, changeInLength delta: Int) {
        let newRange = NSRange(location: editedRange.location, length: editedRange.length + delta)
        checkPrecondition(newRange.length >= 0, "edited(_:range:changeInLength:): range {\(editedRange.location), \(editedRange.length)} with change \(delta) has negative length")
        if self.editedMask.isEmpty || self.editedRange.location == NSNotFound {
            self.editedRange = newRange
        } else {
            self.editedRange = NSUnionRange(Self.shift(self.editedRange, by: editedRange, delta: delta), newRange)
        }
        if let pending = pendingFixRange {
            pendingFixRange = Self.shift(pending, by: editedRange, delta: delta)
        }
        if editedMask.contains(.editedCharacters) {
            _charactersDidChange(in: editedRange, changeInLength: delta)  // a subclass's text index
            // Shifted like `editedRange`; attribute edits (no change in length) leave it alone.
            editedCharacterRange = editedCharacterRange.map {
                NSUnionRange(Self.shift($0, by: editedRange, delta: delta), newRange)
            } ?? newRange
        }
        self.editedMask.formUnion(editedMask)
        changeInLength += delta
        if editingDepth == 0 && !isProcessingEdits { runProcessEditing() }
    }

    /// Processes the pending edits, in Apple's order:
    /// 1. the delegate's `textStorage(_:willProcessEditing:range:changeInLength:)`, then
    ///    ``willProcessEditingNotification``;
    /// 2. ``invalidateAttributes(in:)`` over the edited range extended to whole paragraphs, which fixes
    ///    attributes now unless ``fixesAttributesLazily``;
    /// 3. the delegate's `textStorage(_:didProcessEditing:range:changeInLength:)`, then
    ///    ``didProcessEditingNotification``;
    /// 4. each layout manager's `processEditing(for:edited:range:changeInLength:invalidatedRange:)`,
    ///    then the ``textStorageObserver``'s (TextKit 2).
    ///
    /// Attribute changes made by an override before calling `super`, or by the delegate, are folded
    /// into ``editedRange``/``editedMask`` of this same round. Changing characters then is a
    /// programmer error in Apple's TextKit; here it is folded in too.
    open func processEditing() {
        delegate?.textStorage(self, willProcessEditing: editedMask, range: editedRange, changeInLength: changeInLength)
        NotificationCenter.default.post(name: NSTextStorage.willProcessEditingNotification, object: self)

        let edited = clippedEditedRange
        let editedParagraphs = paragraphRange(for: edited)
        let version = _storageVersion
        invalidateAttributes(in: editedParagraphs)

        delegate?.textStorage(self, didProcessEditing: editedMask, range: editedRange, changeInLength: changeInLength)
        NotificationCenter.default.post(name: NSTextStorage.didProcessEditingNotification, object: self)

        // The paragraphs again, unless nothing changed since (the built-in storage counts changes).
        let unchanged = version != nil && version == _storageVersion && clippedEditedRange == edited
        let invalidated = unchanged ? editedParagraphs : paragraphRange(for: clippedEditedRange)
        for layoutManager in layoutManagers {
            layoutManager.processEditing(for: self, edited: editedMask, range: editedRange,
                                         changeInLength: changeInLength, invalidatedRange: invalidated)
        }
        textStorageObserver?.processEditing(for: self, edited: editedMask, range: editedRange,
                                            changeInLength: changeInLength, invalidatedRange: invalidated)
    }

    /// Whether attributes are fixed only when someone asks (``ensureAttributesAreFixed(in:)``) instead
    /// of during every ``processEditing()``. False here — a divergence: Apple's concrete class is lazy
    /// and relies on its layout managers asking. Our fixing costs O(paragraph) per edit, and eager
    /// fixing means every reader sees fixed attributes. A subclass may return true; then readers must
    /// call ``ensureAttributesAreFixed(in:)`` before they read.
    open var fixesAttributesLazily: Bool { false }

    /// Marks the attributes in `range` as needing fixing: fixes them now (``NSMutableAttributedString/fixAttributes(in:)``)
    /// unless ``fixesAttributesLazily``, in which case it remembers the range.
    open func invalidateAttributes(in range: NSRange) {
        if fixesAttributesLazily {
            pendingFixRange = pendingFixRange.map { NSUnionRange($0, range) } ?? range
        } else {
            fixAttributes(in: range)
        }
    }

    /// With lazy fixing, fixes any remembered attributes that meet `range` (whole paragraphs).
    /// Does nothing otherwise.
    open func ensureAttributesAreFixed(in range: NSRange) {
        guard fixesAttributesLazily, let pending = pendingFixRange else { return }
        let overlap = NSIntersectionRange(pending, range)
        guard overlap.length > 0 || (range.length == 0 && NSLocationInRange(range.location, pending)) else { return }
        let fix = paragraphRange(for: overlap)
        fixAttributes(in: fix)
        if fix.location <= pending.location && fix.location + fix.length >= pending.location + pending.length {
            pendingFixRange = nil
        }
    }
}
