import TextKitGraphics

/// An attributed string that can change, as Foundation's `NSMutableAttributedString`.
///
/// ## Subclassing
/// The mutating primitives are ``replaceCharacters(in:with:)-(_,String)`` and
/// ``setAttributes(_:range:)``; every other mutator is written in terms of them (plus the reading
/// primitives) and brackets its work in ``beginEditing()``/``endEditing()``. A subclass that
/// overrides the four primitives to forward to a backing store therefore sees every change.
open class NSMutableAttributedString: NSAttributedString {

    // MARK: Primitives

    /// Replaces the characters in `range` with `str` (primitive). The new characters take the
    /// attributes of the first replaced character; when `range` is empty, those of the character
    /// before it, or at location 0 of the character after it, or none in an empty string.
    /// O(log n + str.utf16.count) on the built-in storage.
    /// - Precondition: `range` lies within the string.
    open func replaceCharacters(in range: NSRange, with str: String) {
        _checkRange(range)
        _storage.replaceCharacters(in: range.location..<(range.location + range.length), with: _UTF16Rope.utf16Units(of: str))
    }

    /// Sets the attributes of the characters in `range` to exactly `attrs` (none when nil), replacing
    /// whatever they had (primitive). O(log n + runs replaced) on the built-in storage.
    /// - Precondition: `range` lies within the string.
    open func setAttributes(_ attrs: [NSAttributedString.Key: Any]?, range: NSRange) {
        _checkRange(range)
        _storage.setAttributes(attrs ?? [:], range: range.location..<(range.location + range.length))
    }

    // MARK: Batching

    /// Starts a group of changes. Does nothing here; ``NSTextStorage`` delays its processing until the
    /// matching ``endEditing()``. Calls nest.
    open func beginEditing() {}

    /// Ends a group of changes started by ``beginEditing()``.
    open func endEditing() {}

    /// Repairs attributes that are inconsistent after an edit, as UIKit's `fixAttributes(in:)`:
    /// - paragraph styles are made uniform per paragraph: the style of the paragraph's first character
    ///   wins (or none, if the first character has none);
    /// - `.attachment` is removed from every character that is not U+FFFC.
    ///
    /// `range` is extended to whole paragraphs. Font fixing (substituting a font that has the glyphs) is
    /// not done here: it is the typesetter's business, through the font fallback cascade, and it never
    /// changes the stored attributes. Works through the primitives, so subclasses see the changes.
    /// Override to add fixes (call `super`); ``NSTextStorage`` calls it from `processEditing()`.
    open func fixAttributes(in range: NSRange) {
        _fixAttributes(in: range)
    }

    // MARK: Fast-path plumbing

    /// Whether mutators may change the built-in storage directly (see ``NSAttributedString/_primitives``).
    private var _writesBuiltIn: Bool { _primitives != .custom }

    /// After a fast-path change: tell an ``NSTextStorage`` what its primitives would have told it.
    private func _noteEdit(_ mask: UInt, _ range: NSRange, _ delta: Int) {
        if _primitives == .builtInNotifying, let edited = _builtInEdited { edited(mask, range, delta) }
    }

    // MARK: Derived mutators

    /// Replaces the characters in `range` with the characters and attributes of `attrString`.
    open func replaceCharacters(in range: NSRange, with attrString: NSAttributedString) {
        _checkRange(range)
        let r = range.location..<(range.location + range.length)
        if _writesBuiltIn {
            let source = attrString._snapshotStorage()
            _storage.replace(r, with: source, range: 0..<source.length)
            _noteEdit(3, range, source.length - range.length)
            return
        }
        // Through the primitives. The text travels as a String, so a lone surrogate in `attrString`
        // arrives as U+FFFD (same length).
        beginEditing()
        let n = attrString.length
        replaceCharacters(in: range, with: attrString.string)
        var location = 0
        while location < n {
            var run = NSRange()
            let attrs = attrString.attributes(at: location, effectiveRange: &run)
            let end = min(n, max(location + 1, run.location + run.length))
            setAttributes(attrs, range: NSRange(location: range.location + location, length: end - location))
            location = end
        }
        endEditing()
    }

    /// Adds `value` for `name` to the characters in `range`, keeping their other attributes.
    open func addAttribute(_ name: NSAttributedString.Key, value: Any, range: NSRange) {
        _modifyAttributes(in: range, edit: _classInstance(value).map { (name, $0) }) { $0[name] = value }
    }

    /// Adds `attrs` to the characters in `range`; keys already present take the new values.
    open func addAttributes(_ attrs: [NSAttributedString.Key: Any] = [:], range: NSRange) {
        _modifyAttributes(in: range) { $0.merge(attrs) { _, new in new } }
    }

    /// Removes the attribute `name` from the characters in `range`.
    open func removeAttribute(_ name: NSAttributedString.Key, range: NSRange) {
        _modifyAttributes(in: range, edit: (name, nil)) { $0[name] = nil }
    }

    /// Rewrites the attributes of each run in `range` with `change`, via the primitives. `edit`
    /// names the change when it adds one object or removes one key: on the built-in storage, the
    /// set it makes of each run's set is then remembered (see `_AttributeTable.Edit`).
    private final func _modifyAttributes(in range: NSRange, edit: (key: NSAttributedString.Key, value: AnyObject?)? = nil,
                                         _ change: (inout [NSAttributedString.Key: Any]) -> Void) {
        _checkRange(range)
        guard range.length > 0 else { return }
        if _writesBuiltIn {
            // Run by run, each found afresh (no list of pieces to allocate). A write may merge its
            // piece with the run after it, which then already had the set written; the changes made
            // here (set, merge or remove keys) give that set back, so the merged run keeps it.
            var location = range.location
            let end = range.location + range.length
            while location < end {
                let run = _storage.runs.run(at: location)
                let pieceEnd = min(run.range.upperBound, end)
                // A piece that keeps its set is not written (each write is a few walks of the run tree).
                let made = _storage.changedSet(run.id, edit: edit, change)
                if made != run.id { _storage.setAttributeID(made, range: location..<pieceEnd) }
                location = pieceEnd
            }
            _storage.compactIfNeeded()
            _noteEdit(1, range, 0)
            return
        }
        beginEditing()
        var location = range.location
        let end = range.location + range.length
        while location < end {
            var run = NSRange()
            var attrs = attributes(at: location, effectiveRange: &run)
            let runEnd = min(end, max(location + 1, run.location + run.length))
            change(&attrs)
            setAttributes(attrs, range: NSRange(location: location, length: runEnd - location))
            location = runEnd
        }
        endEditing()
    }

    /// Inserts `attrString` at `loc`. - Precondition: `0 <= loc <= length`.
    open func insert(_ attrString: NSAttributedString, at loc: Int) {
        replaceCharacters(in: NSRange(location: loc, length: 0), with: attrString)
    }

    /// Appends `attrString`.
    open func append(_ attrString: NSAttributedString) {
        replaceCharacters(in: NSRange(location: length, length: 0), with: attrString)
    }

    /// Deletes the characters in `range`.
    open func deleteCharacters(in range: NSRange) {
        replaceCharacters(in: range, with: "")
    }

    /// Replaces all characters and attributes with those of `attrString`.
    /// The characters as a Foundation `NSMutableString` whose edits are edits of this string, as
    /// Apple's: `textStorage.mutableString.replaceCharacters(in:with:)` or `.setString("")` go
    /// through ``replaceCharacters(in:with:)-(NSRange,String)`` (inserted text takes the attributes
    /// of the text it replaces or follows). Each call returns a new proxy over the same string.
    open var mutableString: NSMutableString { _AttributedMutableString(owner: self) }

    /// Replaces the whole contents (characters and attributes) with `attrString`'s, through the `replaceCharacters(in:with:)` primitive, so an `NSTextStorage` reports it as one edit.
    open func setAttributedString(_ attrString: NSAttributedString) {
        replaceCharacters(in: NSRange(location: 0, length: length), with: attrString)
    }

    /// An immutable copy.
    open override func copy(with zone: NSZone? = nil) -> Any {
        NSAttributedString(attributedString: self)
    }
}

/// The proxy behind ``NSMutableAttributedString/mutableString``: Foundation's `NSMutableString`
/// subclass over the attributed string's characters (its primitives: `length`, `character(at:)`,
/// `replaceCharacters(in:with:)`; Foundation derives the rest from them).
final class _AttributedMutableString: NSMutableString {
    private let owner: NSMutableAttributedString

    init(owner: NSMutableAttributedString) {
        self.owner = owner
        super.init(capacity: 0)
    }

    // Foundation's NSMutableString requires these of a subclass; a proxy is only made by its owner.
    required init?(coder aDecoder: NSCoder) { return nil }
    required init(unicodeScalarLiteral value: StaticString) { preconditionFailure("mutableString proxies are made by their attributed string") }
    required init(extendedGraphemeClusterLiteral value: StaticString) { preconditionFailure("mutableString proxies are made by their attributed string") }
    required init(stringLiteral value: StaticString) { preconditionFailure("mutableString proxies are made by their attributed string") }
    required init(capacity: Int) { preconditionFailure("mutableString proxies are made by their attributed string") }
    required init(string aString: String) { preconditionFailure("mutableString proxies are made by their attributed string") }
    required init(characters: UnsafePointer<unichar>, length: Int) { preconditionFailure("mutableString proxies are made by their attributed string") }

    override var length: Int { owner.length }

    override func character(at index: Int) -> unichar {
        checkPrecondition(index >= 0 && index < owner.length, "mutableString: index \(index) out of bounds; string length \(owner.length)")
        return owner._utf16Unit(at: index)
    }

    override func replaceCharacters(in range: NSRange, with aString: String) {
        owner.replaceCharacters(in: range, with: aString)
    }
}
