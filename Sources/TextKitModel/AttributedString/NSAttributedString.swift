import TextKitGraphics

/// A string with attributes on ranges of its characters, as Foundation's and UIKit's
/// `NSAttributedString`, reimplemented so that it can be subclassed on Linux (Foundation's class
/// cluster cannot be: its derived methods bypass the primitives).
///
/// Lengths and locations are in UTF-16 code units (`NSRange`), as in Apple's API. The text is kept
/// exactly as given, lone surrogates and NULs included; ``string`` shows a lone surrogate as U+FFFD,
/// which keeps the UTF-16 length.
///
/// ## Subclassing
/// The primitives are ``string`` and ``attributes(at:effectiveRange:)``; every other reading method
/// is written in terms of them (and ``length``), so a subclass that overrides the two to read from a
/// backing store of its own works. The built-in storage is a rope: edits and queries cost O(log n).
///
/// Derived methods take a fast path straight to the built-in storage only when the object's exact
/// class is one whose primitives we wrote (see `_primitives`, internal); any subclass — even one that
/// overrides nothing — goes through the primitives, so overriding them is always honoured.
open class NSAttributedString: NSObject, NSCopying, NSMutableCopying {
    /// Foundation's key type, so `[NSAttributedString.Key: Any]` is the dictionary Foundation uses.
    public typealias Key = Foundation.NSAttributedString.Key
    /// Foundation's options for ``enumerateAttributes(in:options:using:)`` and ``enumerateAttribute(_:in:options:using:)``: `.reverse` and `.longestEffectiveRangeNotRequired`.
    public typealias EnumerationOptions = Foundation.NSAttributedString.EnumerationOptions

    /// Built-in storage; what the base-class primitives read and write. Its accesses skip Swift's
    /// run-time exclusivity check (tens of instructions each, and every query makes one): no
    /// mutation of it calls out of the storage, so no access can overlap another on one thread.
    @exclusivity(unchecked) package var _storage: _AttributedStorage

    /// Which of the primitives are the built-in ones, decided once per object from its exact class
    /// (set only while it is made: reads skip the exclusivity check).
    @exclusivity(unchecked) package var _primitives: _PrimitiveKind

    /// When the primitives are `.builtInNotifying`: what the fast paths of the derived mutators
    /// call after changing the storage directly, as the overridden primitive would have called
    /// `edited(_:range:changeInLength:)` (`mask` in NSTextStorage's raw values: 1 attributes,
    /// 2 characters). Set with the primitives, by ``NSTextStorage``, which lives in a module above.
    @exclusivity(unchecked) package var _builtInEdited: ((_ mask: UInt, _ range: NSRange, _ delta: Int) -> Void)?

    /// For a subclass that reports every change of its characters (an `NSTextStorage` subclass
    /// must call `edited(_:range:changeInLength:)`): a rope of its ``string``'s UTF-16 units, kept
    /// up to date edit by edit, so text and paragraph queries cost O(log n) instead of O(n) each
    /// (see `_withTextRope`).
    package var _reportsCharacterChanges = false
    var _cachedTextRope: _UTF16Rope?
    /// The UTF-8 length of ``string`` when `_cachedTextRope` was last brought up to date.
    var _cachedTextUTF8Count = 0
    /// The character changes reported since `_cachedTextRope` was last brought up to date: the
    /// union of the changed ranges in today's text, and the total change in length.
    var _textRopeLag: (changed: NSRange, delta: Int)?

    /// How an object's primitives relate to the built-in storage.
    package enum _PrimitiveKind: Sendable {
        /// Exactly `NSAttributedString`/`NSMutableAttributedString`: read and write the storage directly.
        case builtIn
        /// Exactly `NSTextStorage`: reads are built in; writes go to the storage and then must call
        /// `edited(_:range:changeInLength:)` (through ``_builtInEdited``).
        case builtInNotifying
        /// A subclass: everything goes through the overridable primitives.
        case custom
    }

    private static func primitiveKind(of object: NSAttributedString) -> _PrimitiveKind {
        let type = Swift.type(of: object)
        return type == NSAttributedString.self || type == NSMutableAttributedString.self ? .builtIn : .custom
    }

    // MARK: Initialisers

    /// An empty attributed string.
    public override init() {
        _storage = _AttributedStorage()
        _primitives = .custom
        super.init()
        _primitives = Self.primitiveKind(of: self)
    }

    /// `str` with no attributes.
    public init(string str: String) {
        _storage = _AttributedStorage(units: _UTF16Rope.utf16Units(of: str), attributes: [:])
        _primitives = .custom
        super.init()
        _primitives = Self.primitiveKind(of: self)
    }

    /// `str` with `attrs` on all of it (none when `attrs` is nil).
    public init(string str: String, attributes attrs: [NSAttributedString.Key: Any]? = nil) {
        _storage = _AttributedStorage(units: _UTF16Rope.utf16Units(of: str), attributes: attrs ?? [:])
        _primitives = .custom
        super.init()
        _primitives = Self.primitiveKind(of: self)
    }

    /// A copy of `attrStr`'s characters and attributes (read through its primitives when it is a subclass).
    public init(attributedString attrStr: NSAttributedString) {
        _storage = attrStr._snapshotStorage()
        _primitives = .custom
        super.init()
        _primitives = Self.primitiveKind(of: self)
    }

    /// Keyed-archive decoding, which Apple's class has through `NSSecureCoding`. Apple's archive
    /// format is not read on Linux (write and read the formats layer's `.archive` document type
    /// instead), so this always fails; it exists because every subclass written for iOS declares
    /// `required init?(coder:)`, and that must compile.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// The built-in storage of this object, or one built from its primitives when it is a subclass.
    package func _snapshotStorage() -> _AttributedStorage {
        if _primitives != .custom { return _storage }
        let s = string
        var storage = _AttributedStorage(units: _UTF16Rope.utf16Units(of: s), attributes: [:])
        var location = 0
        let n = storage.length
        while location < n {
            var range = NSRange()
            let attrs = attributes(at: location, effectiveRange: &range)
            let end = min(n, max(range.location + range.length, location + 1))
            storage.setAttributes(attrs, range: location..<end)
            location = end
        }
        return storage
    }

    // MARK: Primitives

    /// The characters, as a Swift `String` (primitive). On the built-in storage the string is rebuilt
    /// at most once per mutation (O(n) then, O(1) after); code that reads pieces of a long text should
    /// use ``attributedSubstring(from:)`` or the package-level accessors instead.
    open var string: String {
        _storage.string()
    }

    /// The attributes of the character at `location`, and in `range` the range of the run that holds
    /// it — all characters with equal attributes around it in the built-in storage, not necessarily
    /// the longest such range in a subclass (primitive).
    /// - Precondition: `0 <= location < length`.
    open func attributes(at location: Int, effectiveRange range: NSRangePointer?) -> [NSAttributedString.Key: Any] {
        _checkIndex(location)
        let (attrs, r, _) = _storage.attributes(at: location)
        range?.pointee = NSRange(location: r.lowerBound, length: r.count)
        return attrs
    }

    /// The length in UTF-16 code units. O(1) on the built-in storage; a subclass that only overrides
    /// ``string`` pays `string.utf16.count` (a text storage subclass, once per change of characters).
    open var length: Int {
        guard _primitives == .custom else { return _storage.length }
        return _reportsCharacterChanges ? _withTextRope { $0.count } : string.utf16.count
    }

    // MARK: Range checks (programmer errors trap, as TextKit raises NSRangeException)

    /// Whether `range` lies within the string (`0...length`, an empty range at the end
    /// included): the check every range-taking method makes before trapping. An addition to
    /// Foundation's API for code that gets ranges from outside (a request, a file): an
    /// out-of-range argument is a programmer error that stops the process, so validate such
    /// ranges here first. Never traps, whatever the range (negative, or overflowing `Int` when
    /// added).
    public func isValidRange(_ range: NSRange) -> Bool {
        guard range.location >= 0, range.length >= 0 else { return false }
        let (end, overflow) = range.location.addingReportingOverflow(range.length)
        return !overflow && end <= length
    }

    /// Whether `index` is the index of a character (`0..<length`), as ``attributes(at:effectiveRange:)``
    /// and the other index-taking methods require. An addition, as ``isValidRange(_:)``.
    public func isValidIndex(_ index: Int) -> Bool {
        index >= 0 && index < length
    }

    package func _checkIndex(_ location: Int, _ function: StaticString = #function) {
        let n = length
        checkPrecondition(location >= 0 && location < n, "\(function): index \(location) out of bounds; string length \(n)")
    }

    package func _checkRange(_ range: NSRange, _ function: StaticString = #function) {
        let n = length
        checkPrecondition(range.location >= 0 && range.length >= 0 && range.location <= n && range.length <= n - range.location,
                     "\(function): range {\(range.location), \(range.length)} out of bounds; string length \(n)")
    }

    /// Whether any character in `range` carries an `.attachment` (UIKit's addition).
    /// - Precondition: `range` lies within the string.
    open func containsAttachments(in range: NSRange) -> Bool {
        _checkRange(range)
        var found = false
        enumerateAttribute(.attachment, in: range, options: .longestEffectiveRangeNotRequired) { value, _, stop in
            if value != nil { found = true; stop.pointee = true }
        }
        return found
    }

    // MARK: NSCopying

    /// An immutable copy (O(1) on the built-in storage: the ropes are shared until either side mutates).
    open func copy(with zone: NSZone? = nil) -> Any {
        NSAttributedString(attributedString: self)
    }

    /// A mutable copy.
    open func mutableCopy(with zone: NSZone? = nil) -> Any {
        NSMutableAttributedString(attributedString: self)
    }

    // MARK: NSObject

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? NSAttributedString else { return false }
        return isEqual(to: other)
    }

    /// Hashes the length and the text's first units (consistent with ``isEqual(to:)``).
    open override var hash: Int {
        var hasher = Hasher()
        let n = length
        hasher.combine(n)
        if _primitives != .custom {
            for u in _storage.text.units(in: 0..<min(n, 32)) { hasher.combine(u) }
        } else {
            for u in string.utf16.prefix(32) { hasher.combine(u) }
        }
        return hasher.finalize()
    }

    /// Each run as `text{ key = value; … }`, in the style of Apple's description.
    open override var description: String {
        var out = ""
        let all = NSRange(location: 0, length: length)
        _forEachAttributeRun(in: all) { attrs, r in
            out += String(decoding: _utf16(in: r), as: UTF16.self)
            out += "{\n"
            for (key, value) in attrs.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                out += "    \(key.rawValue) = \(value);\n"
            }
            out += "}"
            return true
        }
        return out
    }

    // MARK: Overridable, implemented in NSAttributedString+Queries.swift

    /// The attributes at `location` and, in `range`, the longest range within `rangeLimit` over which
    /// they are equal (values compare with `isEqual`, numbers by value).
    /// O(log n) per run visited.
    /// - Precondition: `rangeLimit` lies within the string and holds `location`.
    open func attributes(at location: Int, longestEffectiveRange range: NSRangePointer?,
                           in rangeLimit: NSRange) -> [NSAttributedString.Key: Any] {
        _attributes(at: location, longestEffectiveRange: range, in: rangeLimit)
    }

    /// The value of `attrName` at `location` (nil when absent) and, in `range`, the run it was found in.
    open func attribute(_ attrName: NSAttributedString.Key, at location: Int,
                          effectiveRange range: NSRangePointer?) -> Any? {
        _attribute(attrName, at: location, effectiveRange: range)
    }

    /// The value of `attrName` at `location` and, in `range`, the longest range within `rangeLimit`
    /// over which that one attribute has an equal value (or is absent throughout).
    open func attribute(_ attrName: NSAttributedString.Key, at location: Int,
                          longestEffectiveRange range: NSRangePointer?, in rangeLimit: NSRange) -> Any? {
        _attribute(attrName, at: location, longestEffectiveRange: range, in: rangeLimit)
    }

    /// Calls `block` for each range of `enumerationRange` with uniform attributes, in order (or in
    /// reverse with `.reverse`). Ranges are the longest possible unless
    /// `.longestEffectiveRangeNotRequired` is given. Setting `stop.pointee = true` ends the enumeration.
    ///
    /// On a mutable string the block may change the string within the range it was given; the
    /// enumeration then continues after that range, shifted by the change in length (Apple's rule).
    /// O(log n) per range reported.
    open func enumerateAttributes(in enumerationRange: NSRange, options opts: EnumerationOptions = [],
                                    using block: ([NSAttributedString.Key: Any], NSRange, UnsafeMutablePointer<ObjCBool>) -> Void) {
        _enumerateAttributes(in: enumerationRange, options: opts, using: block)
    }

    /// Calls `block` for each range of `enumerationRange` over which `attrName` has one value (nil when
    /// absent), as ``enumerateAttributes(in:options:using:)``.
    open func enumerateAttribute(_ attrName: NSAttributedString.Key, in enumerationRange: NSRange,
                                   options opts: EnumerationOptions = [],
                                   using block: (Any?, NSRange, UnsafeMutablePointer<ObjCBool>) -> Void) {
        _enumerateAttribute(attrName, in: enumerationRange, options: opts, using: block)
    }

    /// The characters and attributes in `range`, as a new immutable attributed string.
    /// O(log n + k) on the built-in storage.
    open func attributedSubstring(from range: NSRange) -> NSAttributedString {
        _attributedSubstring(from: range)
    }

    /// Whether both strings have the same UTF-16 units and equal attributes on every character.
    open func isEqual(to other: NSAttributedString) -> Bool {
        _isEqual(to: other)
    }

    // MARK: Overridable, implemented in NSAttributedString+Paragraphs.swift

    /// The range of the paragraphs holding `range`, separators included, as `NSString.paragraphRange(for:)`.
    /// A range at the very end after a final separator gives an empty range at the end.
    /// - Precondition: `range` lies within the string.
    open func paragraphRange(for range: NSRange) -> NSRange {
        _paragraphRange(for: range)
    }

    /// The range of the lines holding `range`, terminators included, as `NSString.lineRange(for:)`.
    /// Unlike paragraphs, lines also end at U+2028 and U+0085.
    open func lineRange(for range: NSRange) -> NSRange {
        _lineRange(for: range)
    }
}
