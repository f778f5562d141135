import TextKitGraphics
import TextKitModel

/// What supplies a TextKit 2 document's elements, as TextKit's `NSTextElementProvider`.
///
/// Linux note: Swift protocols without Objective-C have no optional requirements; the protocol
/// extension gives the optional ones (``location(_:offsetBy:)``, ``offset(from:to:)``,
/// ``adjustedRange(from:forEditingTextSelection:)``) defaults that say "not supported".
public protocol NSTextElementProvider: AnyObject {
    /// The whole document.
    var documentRange: NSTextRange { get }
    /// Calls `block` with each element from the one holding `textLocation` (the document's start
    /// for nil) onwards, or backwards with `.reverse`, until it returns false. Returns the
    /// location enumeration reached (past the last element given), nil when it gave none.
    @discardableResult
    func enumerateTextElements(from textLocation: (any NSTextLocation)?, options: NSTextContentManager.EnumerationOptions,
                               using block: (NSTextElement) -> Bool) -> (any NSTextLocation)?
    /// Replaces the content of `range` with `textElements` (removes it for nil).
    func replaceContents(in range: NSTextRange, with textElements: [NSTextElement]?)
    /// Writes pending changes to the backing store, then calls `completionHandler`.
    func synchronizeToBackingStore(_ completionHandler: ((Error?) -> Void)?)
    /// The location `offset` units after `location` (before it, for a negative offset); nil
    /// outside the document.
    func location(_ location: any NSTextLocation, offsetBy offset: Int) -> (any NSTextLocation)?
    /// The units from `from` to `to` (negative when `to` comes first).
    func offset(from: any NSTextLocation, to: any NSTextLocation) -> Int
    /// `textRange` adjusted to whole units of editing or selection (grapheme clusters, for a
    /// content storage); nil when it needs no adjustment.
    func adjustedRange(from textRange: NSTextRange, forEditingTextSelection: Bool) -> NSTextRange?
}

extension NSTextElementProvider {
    /// Default: nil (the provider cannot offset locations).
    public func location(_ location: any NSTextLocation, offsetBy offset: Int) -> (any NSTextLocation)? { nil }
    /// Default: `NSNotFound` (the provider cannot measure).
    public func offset(from: any NSTextLocation, to: any NSTextLocation) -> Int { NSNotFound }
    /// Default: nil (no adjustment).
    public func adjustedRange(from textRange: NSTextRange, forEditingTextSelection: Bool) -> NSTextRange? { nil }
}

/// What a content manager asks its delegate, as TextKit's `NSTextContentManagerDelegate`. Both
/// methods are optional (defaults in the extension).
public protocol NSTextContentManagerDelegate: AnyObject {
    /// An element to use at `location` instead of the one the content manager would make; nil
    /// for the usual one.
    func textContentManager(_ textContentManager: NSTextContentManager, textElementAt location: any NSTextLocation) -> NSTextElement?
    /// Whether `textElement` is enumerated (and so laid out and shown); true by default. Returning
    /// false hides an element without changing the document.
    func textContentManager(_ textContentManager: NSTextContentManager, shouldEnumerate textElement: NSTextElement,
                            options: NSTextContentManager.EnumerationOptions) -> Bool
}

extension NSTextContentManagerDelegate {
    /// Default: nil (the content manager's own element).
    public func textContentManager(_ textContentManager: NSTextContentManager, textElementAt location: any NSTextLocation) -> NSTextElement? { nil }
    /// Default: true (every element is shown).
    public func textContentManager(_ textContentManager: NSTextContentManager, shouldEnumerate textElement: NSTextElement,
                                   options: NSTextContentManager.EnumerationOptions) -> Bool { true }
}

/// The model side of TextKit 2, as TextKit's `NSTextContentManager`: an abstract document of
/// elements, the layout managers that show it, and editing transactions. ``NSTextContentStorage``
/// is the concrete one, over an `NSTextStorage`; subclass this class for a document model of your
/// own and override the ``NSTextElementProvider`` members.
open class NSTextContentManager: NSObject, NSTextElementProvider {
    /// How elements are enumerated.
    public struct EnumerationOptions: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// From the given location towards the document's start.
        public static let reverse = EnumerationOptions(rawValue: 1 << 0)
    }

    /// The delegate (held weakly).
    open weak var delegate: NSTextContentManagerDelegate?

    private var layoutManagers: [NSTextLayoutManager] = []
    private weak var primary: NSTextLayoutManager?
    private var transactionDepth = 0

    public override init() {
        super.init()
    }

    /// Whether changes are pushed to the layout managers as they are made (true by default).
    open var automaticallySynchronizesTextLayoutManagers = true
    /// Whether changes are written to the backing store at the end of a transaction (false by
    /// default; a content storage's backing store is its text storage, always up to date).
    open var automaticallySynchronizesToBackingStore = false

    // MARK: Layout managers

    /// The layout managers showing this content, in the order they were added (the content
    /// manager owns them).
    open var textLayoutManagers: [NSTextLayoutManager] { layoutManagers }

    /// Adds a layout manager: it lays out this content from now on.
    open func addTextLayoutManager(_ textLayoutManager: NSTextLayoutManager) {
        guard !layoutManagers.contains(where: { $0 === textLayoutManager }) else { return }
        textLayoutManager.textContentManager?.removeTextLayoutManager(textLayoutManager)
        layoutManagers.append(textLayoutManager)
        if primary == nil { primary = textLayoutManager }
        textLayoutManager.attach(to: self)
    }

    /// Removes a layout manager.
    open func removeTextLayoutManager(_ textLayoutManager: NSTextLayoutManager) {
        guard let index = layoutManagers.firstIndex(where: { $0 === textLayoutManager }) else { return }
        layoutManagers.remove(at: index)
        if primary === textLayoutManager { primary = layoutManagers.first }
        textLayoutManager.attach(to: nil)
    }

    /// The layout manager whose selections editing follows (the first added, unless set).
    open var primaryTextLayoutManager: NSTextLayoutManager? {
        get { primary }
        set { primary = newValue.flatMap { candidate in layoutManagers.first { $0 === candidate } } }
    }

    /// Brings every layout manager up to date with the content, then calls `completionHandler`.
    /// Layout managers here are told of each change as it happens, so this only calls back.
    open func synchronizeTextLayoutManagers(_ completionHandler: ((Error?) -> Void)? = nil) {
        completionHandler?(nil)
    }

    // MARK: Elements

    /// The elements that intersect `range`, in document order.
    open func textElements(for range: NSTextRange) -> [NSTextElement] {
        var elements: [NSTextElement] = []
        enumerateTextElements(from: range.location, options: []) { element in
            if range.isEmpty {  // the one element holding the location
                elements.append(element)
                return false
            }
            if let start = element.elementRange?.location, !start.isBefore(range.endLocation) { return false }
            elements.append(element)
            return true
        }
        return elements
    }

    // MARK: Editing transactions

    /// Whether ``performEditingTransaction(_:)`` is running.
    open var hasEditingTransaction: Bool { transactionDepth > 0 }

    /// Runs `transaction`, which edits the content (for a content storage: its text storage), as one
    /// change for the layout managers. Transactions nest; the layout managers and the backing store
    /// are brought up to date when the outermost one ends.
    open func performEditingTransaction(_ transaction: () -> Void) {
        transactionDepth += 1
        transaction()
        transactionDepth -= 1
        guard transactionDepth == 0 else { return }
        if automaticallySynchronizesToBackingStore { synchronizeToBackingStore(nil) }
        if automaticallySynchronizesTextLayoutManagers { synchronizeTextLayoutManagers(nil) }
    }

    /// Tells the layout managers that `originalTextRange` was replaced by content now at
    /// `newTextRange`: they lay that part out again. A content manager of your own calls it after
    /// each change; a content storage does so itself.
    open func recordEditAction(in originalTextRange: NSTextRange, newTextRange: NSTextRange) {
        for layoutManager in layoutManagers {
            layoutManager.invalidateLayout(for: newTextRange)
        }
    }

    // MARK: NSTextElementProvider (abstract here)

    /// The whole document. Abstract: a subclass overrides it.
    open var documentRange: NSTextRange {
        preconditionFailure("NSTextContentManager.documentRange: a subclass must override it (NSTextContentStorage does)")
    }

    @discardableResult
    /// The elements from `textLocation` on (see ``NSTextElementProvider``). Abstract: a subclass overrides it.
    open func enumerateTextElements(from textLocation: (any NSTextLocation)?, options: EnumerationOptions = [],
                                    using block: (NSTextElement) -> Bool) -> (any NSTextLocation)? {
        preconditionFailure("NSTextContentManager.enumerateTextElements(from:options:using:): a subclass must override it (NSTextContentStorage does)")
    }

    /// Replaces the content of `range`. Abstract: a subclass overrides it.
    open func replaceContents(in range: NSTextRange, with textElements: [NSTextElement]?) {
        preconditionFailure("NSTextContentManager.replaceContents(in:with:): a subclass must override it (NSTextContentStorage does)")
    }

    /// Writes pending changes to the backing store; here there are none, so it only calls back.
    open func synchronizeToBackingStore(_ completionHandler: ((Error?) -> Void)? = nil) {
        completionHandler?(nil)
    }

    /// The location `offset` units from `location`; nil here (a subclass overrides it).
    open func location(_ location: any NSTextLocation, offsetBy offset: Int) -> (any NSTextLocation)? { nil }

    /// The units between two locations; `NSNotFound` here (a subclass overrides it).
    open func offset(from: any NSTextLocation, to: any NSTextLocation) -> Int { NSNotFound }

    /// `textRange` adjusted to whole editing units; nil here (no adjustment).
    open func adjustedRange(from textRange: NSTextRange, forEditingTextSelection: Bool) -> NSTextRange? { nil }
}
