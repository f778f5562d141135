import TextKitGraphics
import TextKitModel

// The few Core Foundation names that Core Text's API is spelled in. On Apple platforms they are
// Core Foundation types; here they are plain Swift types (swift-corelibs-foundation does not
// export Core Foundation), chosen so that ported code compiles unchanged in the common cases:
// `CFRangeMake(0, 0)`, `range.location`, `string as CFAttributedString`,
// `[kCTFramePathFillRuleAttributeName: …] as CFDictionary`, `CTLineGetGlyphRuns(line) as! [CTRun]`.

/// A signed index or count, as Core Foundation's `CFIndex` (`Int`). String indices are UTF-16 offsets.
public typealias CFIndex = Int

/// A UTF-16 code unit, as Core Foundation's `UniChar`.
public typealias UniChar = UInt16

/// Core Foundation's string type. Here simply `String`: Core Text's attribute names and font names
/// are Swift strings.
public typealias CFString = String

/// Core Foundation's dictionary type as Core Text's option parameters use it (frame attributes,
/// typesetter options). Here a Swift dictionary keyed by the `kCT…` names, which are `String`s.
public typealias CFDictionary = [String: Any]

/// Core Foundation's array as Core Text returns and takes it (cascade lists, descriptor lists,
/// language lists). Here a Swift array: `list as? [CTFontDescriptor]` and `["ja"] as CFArray`
/// work as on iOS.
public typealias CFArray = [Any]

/// Any Core Foundation object, as Core Text's attribute getters return it: cast it to what the
/// attribute holds (`as? String`, `as? URL`).
public typealias CFTypeRef = AnyObject

/// Core Foundation's URL: Foundation's `URL` (`url as CFURL` compiles as on iOS).
public typealias CFURL = URL

/// Core Foundation's data: Foundation's `Data` (`data as CFData` compiles as on iOS).
public typealias CFData = Data

/// Core Foundation's error: Foundation's `NSError`, to which Apple's is toll-free bridged, so the
/// `UnsafeMutablePointer<Unmanaged<CFError>?>?` parameters of Core Text work as on iOS:
/// `error?.takeRetainedValue()` is an `NSError` (an `Error`).
public typealias CFError = NSError

/// Core Foundation's character set: Foundation's `CharacterSet`.
public typealias CFCharacterSet = CharacterSet

/// Core Text's attributed string: the model's ``NSAttributedString`` (Apple's toll-free bridged
/// `CFAttributedString`). Every Core Text function that takes one accepts an `NSAttributedString`,
/// `NSMutableAttributedString` or `NSTextStorage`, and copies it, as Core Text does: later edits of
/// a mutable string do not change typesetters, lines or frames made from it.
public typealias CFAttributedString = NSAttributedString

/// The mutable attributed string (Apple's `CFMutableAttributedString`).
public typealias CFMutableAttributedString = NSMutableAttributedString

/// Core Foundation's allocator. Allocation is Swift's here: pass `nil` or `kCFAllocatorDefault`.
public final class CFAllocator: Sendable {
    private init() {}
}

/// The default allocator: `nil`, as every `CFAllocator` parameter here accepts and ignores.
public let kCFAllocatorDefault: CFAllocator? = nil

/// An attributed string with `str`'s characters and `attributes` (keyed by the `kCT…` names or any
/// attribute name) over all of them (Core Foundation's `CFAttributedStringCreate`).
public func CFAttributedStringCreate(_ alloc: CFAllocator!, _ str: CFString!, _ attributes: CFDictionary!) -> CFAttributedString! {
    var keyed: [NSAttributedString.Key: Any] = [:]
    for (key, value) in attributes ?? [:] { keyed[NSAttributedString.Key(key)] = value }
    return NSAttributedString(string: str ?? "", attributes: keyed)
}

/// An empty mutable attributed string (Core Foundation's `CFAttributedStringCreateMutable`; the
/// length limit is ignored).
public func CFAttributedStringCreateMutable(_ alloc: CFAllocator!, _ maxLength: CFIndex) -> CFMutableAttributedString! {
    NSMutableAttributedString(string: "")
}

/// Replaces the characters of `range` with `replacement` (Core Foundation's `CFAttributedStringReplaceString`).
public func CFAttributedStringReplaceString(_ aStr: CFMutableAttributedString!, _ range: CFRange, _ replacement: CFString!) {
    aStr.replaceCharacters(in: NSRange(range), with: replacement ?? "")
}

/// Sets one attribute over `range` (Core Foundation's `CFAttributedStringSetAttribute`).
public func CFAttributedStringSetAttribute(_ aStr: CFMutableAttributedString!, _ range: CFRange, _ attrName: CFString!,
                                           _ value: Any!) {
    guard let value, let attrName else { return }
    aStr.addAttribute(NSAttributedString.Key(attrName), value: value, range: NSRange(range))
}

/// The length in UTF-16 units (Core Foundation's `CFAttributedStringGetLength`).
public func CFAttributedStringGetLength(_ aStr: CFAttributedString!) -> CFIndex { aStr.length }

/// The number of values in `theArray` (Core Foundation's `CFArrayGetCount`).
public func CFArrayGetCount(_ theArray: CFArray!) -> CFIndex { theArray?.count ?? 0 }

/// The value at `idx`, as Core Foundation's `CFArrayGetValueAtIndex` gives it: a raw pointer to
/// the object, which Core Text code turns back into one with
/// `unsafeBitCast(CFArrayGetValueAtIndex(lines, i), to: CTLine.self)`, as on iOS. The pointer is
/// valid while the array holds the object.
///
/// Linux difference: a `CFArray` here is a Swift array, so only class instances (Core Text's
/// objects, fonts, colours, paths) have a pointer to give; any other value traps.
/// - Precondition: `idx` is within the array.
public func CFArrayGetValueAtIndex(_ theArray: CFArray!, _ idx: CFIndex) -> UnsafeRawPointer! {
    let array = theArray ?? []
    checkPrecondition(idx >= 0 && idx < array.count,
                      "CFArrayGetValueAtIndex: index \(idx) is outside an array of \(array.count) values")
    guard let object = type(of: array[idx]) is AnyClass ? array[idx] as AnyObject : nil else {
        programmerError("CFArrayGetValueAtIndex: the value at \(idx) is not an object (\(type(of: array[idx])))")
    }
    return UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
}

/// Core Foundation's "not found" index (`kCFNotFound`, -1).
public let kCFNotFound: CFIndex = -1

/// A range of UTF-16 offsets or glyph indices, as Core Foundation's `CFRange`.
///
/// Core Text gives a zero `length` a special meaning in many calls: "to the end" (of the string, a
/// line's runs, a run's glyphs). Each function's documentation says where it does.
public struct CFRange: Hashable, Sendable, CustomStringConvertible {
    /// The first index.
    public var location: CFIndex
    /// The number of indices.
    public var length: CFIndex

    /// The empty range at 0.
    public init() {
        location = 0
        length = 0
    }

    /// The range of `length` UTF-16 code units from `location` (a zero length often means "to the end": see each function).
    public init(location: CFIndex, length: CFIndex) {
        self.location = location
        self.length = length
    }

    /// The same range as an `NSRange`.
    public init(_ range: NSRange) {
        self.init(location: range.location, length: range.length)
    }

    /// The same range as a `Range<Int>`.
    public init(_ range: Range<Int>) {
        self.init(location: range.lowerBound, length: range.count)
    }

    /// `location + length`.
    public var end: CFIndex { location + length }

    public var description: String { "{\(location), \(length)}" }
}

/// Makes a ``CFRange`` (Core Foundation's `CFRangeMake`).
@inlinable
public func CFRangeMake(_ location: CFIndex, _ length: CFIndex) -> CFRange {
    CFRange(location: location, length: length)
}

extension NSRange {
    /// The same range as a Core Foundation ``CFRange``.
    public init(_ range: CFRange) {
        self.init(location: range.location, length: range.length)
    }
}

extension CFRange {
    /// Resolves a range whose zero length means "to `end`", checking it lies in `0...end`.
    /// - Precondition: the range lies within `0...end` (a programmer error otherwise, as Core Text
    ///   fails the call).
    func resolved(toEnd end: Int, what: String) -> Range<Int> {
        checkPrecondition(location >= 0 && length >= 0 && location <= end && location + length <= end,
                     "\(what): range \(self) is out of bounds 0..<\(end)")
        return location..<(length == 0 ? end : location + length)
    }
}
