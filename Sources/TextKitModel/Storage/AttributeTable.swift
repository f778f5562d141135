import TextKitFonts
import TextKitGraphics

/// Equality of attribute values, which are `Any`.
///
/// - Numbers compare by value whatever their type, as `NSNumber.isEqual(_:)` does: `1`, `1.0`,
///   `CGFloat(1)` and `NSNumber(value: 1)` are equal (Foundation hands numbers back as `NSNumber`).
///   Arrays compare element by element under these rules (Foundation hands `[Int]` back as `[Any]`).
/// - Other `Hashable` values (strings, URLs, `NSObject`s — which compare with `isEqual(_:)` — and our
///   value classes such as ``NSParagraphStyle``) compare through `AnyHashable`.
/// - Other class instances compare by identity (`===`), as `NSObject.isEqual(_:)` does by default.
/// - Other values (non-hashable structs, closures) are never equal to anything, not even to
///   themselves: runs carrying them are never merged with their neighbours. Make such values
///   `Hashable` to get merging.
@usableFromInline
func _attributeValuesEqual(_ a: Any, _ b: Any) -> Bool {
    if type(of: a) is AnyClass, type(of: b) is AnyClass, (a as AnyObject) === (b as AnyObject) { return true }
    if let ha = _canonicalAttributeValue(a), let hb = _canonicalAttributeValue(b) { return ha == hb }
    if type(of: a) is AnyClass, type(of: b) is AnyClass { return (a as AnyObject) === (b as AnyObject) }
    return false
}

/// `value` when it is an instance of a class, else nil. Not `value as AnyObject`: on Linux that
/// bridges through the runtime's dynamic casts (about 2,600 instructions; a highlighter adds
/// attributes for every token).
func _classInstance(_ value: Any) -> AnyObject? {
    func opened<T>(_ value: T) -> AnyObject? {
        T.self is AnyClass ? unsafeBitCast(value, to: AnyObject.self) : nil
    }
    return _openExistential(value, do: opened)  // T is then the value's own type, not `Any`
}

/// The hashable form of an attribute value under the rules of ``_attributeValuesEqual(_:_:)``, or nil
/// when it has none (compared by identity or never equal).
func _canonicalAttributeValue(_ value: Any) -> AnyHashable? {
    _CanonicalValue(value)?.value
}

/// Whether two attribute dictionaries are equal under ``_attributeValuesEqual(_:_:)``.
func _attributesEqual(_ a: [NSAttributedString.Key: Any], _ b: [NSAttributedString.Key: Any]) -> Bool {
    guard a.count == b.count else { return false }
    for (key, value) in a {
        guard let other = b[key], _attributeValuesEqual(value, other) else { return false }
    }
    return true
}

/// An attribute dictionary as a hash key, with the equality above. The canonical form of each value
/// is worked out once, when the key is made (an intern does that once for the new dictionary
/// instead of once per hash and per comparison). Non-hashable, non-class values make the key equal
/// to nothing (and hash a fresh serial number), so two dictionaries holding them never compare equal.
struct _AttributeSetKey: Hashable {
    let attributes: [NSAttributedString.Key: Any]
    /// Values with a hashable form, by key.
    private let canonical: [NSAttributedString.Key: _CanonicalValue]
    /// Class instances without one, compared by identity (`attributes` keeps them alive).
    private let identities: [NSAttributedString.Key: ObjectIdentifier]
    /// Whether some value is never equal to anything.
    let isUnique: Bool
    private let hash: Int

    init(_ attributes: [NSAttributedString.Key: Any], serial: inout Int) {
        self.attributes = attributes
        var canonical: [NSAttributedString.Key: _CanonicalValue] = [:]
        canonical.reserveCapacity(attributes.count)
        var identities: [NSAttributedString.Key: ObjectIdentifier] = [:]
        var isUnique = false
        var h = 0
        for (key, value) in attributes {  // order-independent: sum of per-entry hashes
            var hasher = Hasher()
            hasher.combine(key)
            if let v = _CanonicalValue(value) {
                canonical[key] = v
                hasher.combine(v)  // as its value would, as AnyHashable
            } else if type(of: value) is AnyClass {
                let id = ObjectIdentifier(value as AnyObject)
                identities[key] = id
                hasher.combine(id)
            } else {
                isUnique = true
                serial += 1
                hasher.combine(serial)
            }
            h &+= hasher.finalize()
        }
        self.canonical = canonical
        self.identities = identities
        self.isUnique = isUnique
        hash = h
    }

    static func == (a: Self, b: Self) -> Bool {
        a.hash == b.hash && !a.isUnique && !b.isUnique && a.canonical == b.canonical && a.identities == b.identities
    }
    func hash(into hasher: inout Hasher) { hasher.combine(hash) }
}

/// A value's hashable form (``_canonicalAttributeValue(_:)``). A font, a colour or a paragraph
/// style is kept as itself: an attribute-set key compares the same object as equal without
/// `AnyHashable`'s comparison, which casts both sides dynamically (about 4 K instructions; an edit
/// that makes a set the table already has, such as a highlighter's colour removed, compares the
/// two), and hashes it as `AnyHashable` would, without making one (its initializer casts the value
/// dynamically too: a thousand instructions a value, when a reader interns thousands of sets).
struct _CanonicalValue: Hashable {
    private enum Form {
        case font(UIFont)
        case color(UIColor)
        case paragraphStyle(NSParagraphStyle)
        case other(AnyHashable)
    }

    private let form: Form

    /// The value as `AnyHashable`.
    var value: AnyHashable {
        switch form {
        case .font(let font): AnyHashable(font)
        case .color(let color): AnyHashable(color)
        case .paragraphStyle(let style): AnyHashable(style)
        case .other(let value): value
        }
    }

    init?(_ value: Any) {
        let type = type(of: value)
        // The attribute classes of this project, by exact type: then the value is a class instance
        // of that very class, taken without a cast (a cast from `Any` goes through the runtime).
        if type == UIFont.self {
            form = .font(Self.instance(value, of: UIFont.self))
        } else if type == UIColor.self {
            form = .color(Self.instance(value, of: UIColor.self))
        } else if type == NSParagraphStyle.self || type == NSMutableParagraphStyle.self {
            form = .paragraphStyle(Self.instance(value, of: NSParagraphStyle.self))
        } else {
            guard let form = Self.hashableForm(of: value, type: type) else { return nil }
            self.form = .other(form)
        }
    }

    /// `value`, an instance of class `C` (or of a subclass): without a runtime cast when the
    /// instance itself is in the `Any` (not an `AnyObject` holding it).
    private static func instance<C: AnyObject>(_ value: Any, of: C.Type) -> C {
        if let object = _classInstance(value) { return unsafeDowncast(object, to: C.self) }
        return value as! C
    }

    static func == (a: Self, b: Self) -> Bool {
        switch (a.form, b.form) {
        case (.font(let x), .font(let y)): return x === y || x == y
        case (.color(let x), .color(let y)): return x === y || x == y
        case (.paragraphStyle(let x), .paragraphStyle(let y)): return x === y || x == y
        case (.other(let x), .other(let y)): return x == y
        default: return a.value == b.value
        }
    }

    /// As `AnyHashable` hashes: by the value's own `hash(into:)`.
    func hash(into hasher: inout Hasher) {
        switch form {
        case .font(let font): hasher.combine(font)
        case .color(let color): hasher.combine(color)
        case .paragraphStyle(let style): hasher.combine(style)
        case .other(let value): hasher.combine(value)
        }
    }

    /// The hashable form of a value other than the attribute classes.
    private static func hashableForm(of value: Any, type: Any.Type) -> AnyHashable? {
        // Fast paths by exact type, before the general casts below: casting an `Any` to `String`
        // or `NSNumber` may first bridge the value to an Objective-C-style object (a URL becomes
        // an NSURL), which made interning an attribute set cost microseconds.
        if type == String.self { return AnyHashable(value as! String) }
        if type == Int.self { return AnyHashable(Double(value as! Int)) }
        if type == Double.self { return AnyHashable(value as! Double) }
        if type == CGFloat.self { return AnyHashable(Double(value as! CGFloat)) }
        if type == Float.self { return AnyHashable(Double(value as! Float)) }
        if type == URL.self { return AnyHashable(value as! URL) }
        if type is AnyClass {
            if let number = value as? NSNumber { return AnyHashable(number.doubleValue) }
            return value as? AnyHashable
        }
        switch value {
        case let s as String: return AnyHashable(s)
        case let n as NSNumber: return AnyHashable(n.doubleValue)
        case let i as any BinaryInteger: return AnyHashable(Double(i))
        case let f as any BinaryFloatingPoint: return AnyHashable(Double(f))
        case let array as [Any]:
            var elements: [AnyHashable] = []
            elements.reserveCapacity(array.count)
            for element in array {
                guard let e = _canonicalAttributeValue(element) else { return nil }
                elements.append(e)
            }
            return AnyHashable(elements)
        default: return value as? AnyHashable
        }
    }
}

/// The attribute sets of one storage, interned: equal dictionaries get the same small id, so runs
/// compare attribute sets by id and `attributes(at:)` returns a stored dictionary (no copy).
///
/// The table belongs to one storage (no global lock, no global growth). Unused entries are dropped by
/// ``_AttributedStorage/compactIfNeeded()`` when they outnumber the runs.
/// - Invariant: id 0 is the empty dictionary.
struct _AttributeTable {
    private(set) var sets: [[NSAttributedString.Key: Any]] = [[:]]
    private var ids: [_AttributeSetKey: UInt32]
    private var serial = 0

    /// A table holding only the empty set: a copy of one made once (its arrays and dictionaries
    /// are copied on the first change), as most strings made, substrings among them, never intern
    /// a set of their own or take their source's table.
    init() { self = Self.empty }

    private init(emptySetOnly: Void) {
        var s = 0
        ids = [_AttributeSetKey([:], serial: &s): 0]
    }

    /// Never changed itself (copies are), so it can be shared between threads.
    nonisolated(unsafe) private static let empty = _AttributeTable(emptySetOnly: ())

    var count: Int { sets.count }

    /// Whether some set interned since the table was made (or compacted) holds a paragraph style,
    /// or an attachment. When not, no character has one: fixing attributes after an edit has
    /// nothing to do (a keystroke in text without either skips two walks over its paragraph).
    private(set) var holdsParagraphStyles = false
    private(set) var holdsAttachments = false

    private mutating func noteKeys(of attributes: [NSAttributedString.Key: Any]) {
        if attributes[.paragraphStyle] != nil { holdsParagraphStyles = true }
        if attributes[.attachment] != nil { holdsAttachments = true }
    }

    subscript(id: UInt32) -> [NSAttributedString.Key: Any] { sets[Int(id)] }

    mutating func intern(_ attributes: [NSAttributedString.Key: Any]) -> UInt32 {
        if attributes.isEmpty { return 0 }
        // Writers (readers of RTF, Markdown…) pass the same dictionary for every run with the same
        // formatting: a dictionary that shares its storage with a recently interned one is that
        // set, with no hashing or comparing of values.
        for entry in recent where Self.sharesStorage(entry.attributes, attributes) { return entry.id }
        let key = _AttributeSetKey(attributes, serial: &serial)
        let id: UInt32
        if let existing = ids[key] {
            id = existing
        } else {
            precondition(sets.count < Int(UInt32.max), "too many distinct attribute sets")
            id = UInt32(sets.count)
            sets.append(attributes)
            ids[key] = id
            noteKeys(of: attributes)
        }
        if !key.isUnique { remember(attributes, id) }
        return id
    }

    /// One attribute added to a set (`value`: the identity of the object added) or removed from it
    /// (`value` nil).
    struct Edit: Hashable {
        let set: UInt32
        let key: NSAttributedString.Key
        let value: ObjectIdentifier?
    }

    /// The sets that edits made, so that making them again needs no dictionary, hashing or
    /// comparing: a syntax highlighter removes and adds the same few colours on the same few sets
    /// at every keystroke. Each entry keeps the added object, so that its identity stays its own.
    private var edits: [Edit: (made: UInt32, value: AnyObject?)] = [:]

    /// The set `edit` made before, if any.
    func result(of edit: Edit) -> UInt32? { edits[edit]?.made }

    /// Remembers that `edit`, adding `value` (nil: removing), made set `made`.
    mutating func remember(_ edit: Edit, value: AnyObject?, made: UInt32) {
        if edits.count >= 1024 { edits.removeAll(keepingCapacity: true) }
        edits[edit] = (made, value)
    }

    /// Remembers the edit that undoes `edit` (which made `made`, adding `value` or removing, where
    /// the set held `replaced` for the key before): removing a key that was absent before gives
    /// the set back, and so does adding back an object that was removed. A highlighter that
    /// coloured a document while loading it then finds its first keystroke's removals known.
    mutating func rememberReverse(of edit: Edit, value: AnyObject?, made: UInt32, replaced: Any?) {
        guard made != edit.set else { return }
        if value != nil, replaced == nil {
            remember(Edit(set: made, key: edit.key, value: nil), value: nil, made: edit.set)
        } else if value == nil, let replaced, let object = _classInstance(replaced) {
            remember(Edit(set: made, key: edit.key, value: ObjectIdentifier(object)), value: object, made: edit.set)
        }
    }

    /// Recently interned dictionaries and their ids (holding the dictionaries keeps their storage
    /// from being freed and reused while it serves as an identity).
    private var recent: [(attributes: [NSAttributedString.Key: Any], id: UInt32)] = []
    private var nextRecent = 0

    private mutating func remember(_ attributes: [NSAttributedString.Key: Any], _ id: UInt32) {
        if recent.count < 8 {
            recent.append((attributes, id))
        } else {
            recent[nextRecent] = (attributes, id)
            nextRecent = (nextRecent + 1) % 8
        }
    }

    private static func sharesStorage(_ a: [NSAttributedString.Key: Any], _ b: [NSAttributedString.Key: Any]) -> Bool {
        withUnsafeBytes(of: a) { x in withUnsafeBytes(of: b) { y in x.elementsEqual(y) } }
    }

    /// Keeps only `used` ids (0 always stays), returning the renumbering.
    mutating func compact(keeping used: Set<UInt32>) -> [UInt32: UInt32] {
        var map: [UInt32: UInt32] = [0: 0]
        var newSets: [[NSAttributedString.Key: Any]] = [[:]]
        var s = serial
        var newIDs: [_AttributeSetKey: UInt32] = [_AttributeSetKey([:], serial: &s): 0]
        (holdsParagraphStyles, holdsAttachments) = (false, false)
        for old in used.sorted() where old != 0 {
            let id = UInt32(newSets.count)
            map[old] = id
            newSets.append(sets[Int(old)])
            noteKeys(of: sets[Int(old)])
            newIDs[_AttributeSetKey(sets[Int(old)], serial: &s)] = id
        }
        serial = s
        sets = newSets
        ids = newIDs
        recent = []
        nextRecent = 0
        edits = [:]
        return map
    }
}
