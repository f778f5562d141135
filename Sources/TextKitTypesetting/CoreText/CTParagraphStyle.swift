import TextKitModel

/// Core Text's paragraph style: ``NSParagraphStyle`` (the model's), so a style made with
/// ``CTParagraphStyleCreate(_:_:)`` goes under `kCTParagraphStyleAttributeName` (`.paragraphStyle`)
/// and TextKit reads it too.
public typealias CTParagraphStyle = NSParagraphStyle

/// Text alignment with Core Text's raw values (which differ from `NSTextAlignment`'s on iOS:
/// Core Text's right is 1 and centre 2).
public enum CTTextAlignment: UInt8, Sendable {
    /// Lines start at the left edge.
    case left = 0
    /// Lines end at the right edge.
    case right = 1
    /// Lines are centred.
    case center = 2
    /// Both edges flush; the last line of a paragraph is aligned naturally.
    case justified = 3
    /// Left for left-to-right paragraphs, right for right-to-left ones.
    case natural = 4

    /// The same alignment as UIKit spells it.
    public var nsTextAlignment: NSTextAlignment {
        switch self {
        case .left: .left
        case .right: .right
        case .center: .center
        case .justified: .justified
        case .natural: .natural
        }
    }

    /// The Core Text alignment for UIKit's `alignment`.
    public init(_ alignment: NSTextAlignment) {
        switch alignment {
        case .left: self = .left
        case .right: self = .right
        case .center: self = .center
        case .justified: self = .justified
        case .natural: self = .natural
        }
    }
}

/// Line break modes with Core Text's raw values (the same as `NSLineBreakMode`'s).
public enum CTLineBreakMode: UInt8, Sendable {
    /// Lines break between words; a word longer than the line breaks between grapheme clusters.
    case byWordWrapping = 0
    /// Lines break between any two grapheme clusters.
    case byCharWrapping = 1
    /// One line; what does not fit is not drawn.
    case byClipping = 2
    /// One line, its start replaced with an ellipsis when it does not fit.
    case byTruncatingHead = 3
    /// One line, its end replaced with an ellipsis when it does not fit.
    case byTruncatingTail = 4
    /// One line, its middle replaced with an ellipsis when it does not fit.
    case byTruncatingMiddle = 5
}

/// Writing directions with Core Text's raw values (the same as `NSWritingDirection`'s).
public enum CTWritingDirection: Int8, Sendable {
    /// Decided by the Unicode bidi algorithm from the paragraph's first strong character.
    case natural = -1
    /// Left to right.
    case leftToRight = 0
    /// Right to left.
    case rightToLeft = 1
}

/// Which setting a ``CTParagraphStyleSetting`` holds, and the type its value points to.
public enum CTParagraphStyleSpecifier: UInt32, Sendable {
    /// ``CTTextAlignment``.
    case alignment = 0
    /// `CGFloat` points.
    case firstLineHeadIndent = 1
    /// `CGFloat` points.
    case headIndent = 2
    /// `CGFloat` points; 0 or less counts from the trailing margin.
    case tailIndent = 3
    /// Core Text's `CFArray` of `CTTextTab`: not supported here (ignored); use
    /// `NSMutableParagraphStyle.tabStops`.
    case tabStops = 4
    /// `CGFloat` points.
    case defaultTabInterval = 5
    /// ``CTLineBreakMode``.
    case lineBreakMode = 6
    /// `CGFloat`.
    case lineHeightMultiple = 7
    /// `CGFloat` points.
    case maximumLineHeight = 8
    /// `CGFloat` points.
    case minimumLineHeight = 9
    /// `CGFloat` points between lines (deprecated in Core Text; the same as `.lineSpacingAdjustment` here).
    case lineSpacing = 10
    /// `CGFloat` points.
    case paragraphSpacing = 11
    /// `CGFloat` points.
    case paragraphSpacingBefore = 12
    /// ``CTWritingDirection``.
    case baseWritingDirection = 13
    /// `CGFloat`: accepted and ignored (there is no maximum line spacing here).
    case maximumLineSpacing = 14
    /// `CGFloat` points: taken as the line spacing.
    case minimumLineSpacing = 15
    /// `CGFloat` points added between lines (`NSParagraphStyle.lineSpacing`).
    case lineSpacingAdjustment = 16
    /// Accepted and ignored.
    case lineBoundsOptions = 17
}

/// One setting of a paragraph style: which, and a pointer to a value of the type the specifier
/// names (Core Text's `CTParagraphStyleSetting`).
public struct CTParagraphStyleSetting {
    /// Which setting this is.
    public var spec: CTParagraphStyleSpecifier
    /// The size in bytes of the value `value` points to (`MemoryLayout<T>.size`).
    public var valueSize: Int
    /// A pointer to the value, of the type ``spec`` names; it is read while the style is made.
    public var value: UnsafeRawPointer

    /// A setting of `spec` to the value at `value`, `valueSize` bytes long.
    public init(spec: CTParagraphStyleSpecifier, valueSize: Int, value: UnsafeRawPointer) {
        self.spec = spec
        self.valueSize = valueSize
        self.value = value
    }
}

/// A paragraph style from `settingCount` settings (Core Text's `CTParagraphStyleCreate`); nil
/// settings give the default style. A setting whose `valueSize` does not match its specifier's
/// type is ignored, as is an unsupported one (see ``CTParagraphStyleSpecifier``).
public func CTParagraphStyleCreate(_ settings: UnsafePointer<CTParagraphStyleSetting>?, _ settingCount: Int) -> CTParagraphStyle {
    let style = NSMutableParagraphStyle()
    guard let settings else { return style }
    for setting in UnsafeBufferPointer(start: settings, count: max(0, settingCount)) {
        let value = setting.value
        func number() -> CGFloat? {
            setting.valueSize == MemoryLayout<CGFloat>.size ? value.loadUnaligned(as: CGFloat.self) : nil
        }
        switch setting.spec {
        case .alignment:
            if setting.valueSize == 1, let a = CTTextAlignment(rawValue: value.load(as: UInt8.self)) { style.alignment = a.nsTextAlignment }
        case .lineBreakMode:
            if setting.valueSize == 1, let m = NSLineBreakMode(rawValue: Int(value.load(as: UInt8.self))) { style.lineBreakMode = m }
        case .baseWritingDirection:
            if setting.valueSize == 1, let d = NSWritingDirection(rawValue: Int(value.load(as: Int8.self))) { style.baseWritingDirection = d }
        case .firstLineHeadIndent: if let v = number() { style.firstLineHeadIndent = v }
        case .headIndent: if let v = number() { style.headIndent = v }
        case .tailIndent: if let v = number() { style.tailIndent = v }
        case .defaultTabInterval: if let v = number() { style.defaultTabInterval = v }
        case .lineHeightMultiple: if let v = number() { style.lineHeightMultiple = v }
        case .maximumLineHeight: if let v = number() { style.maximumLineHeight = v }
        case .minimumLineHeight: if let v = number() { style.minimumLineHeight = v }
        case .lineSpacing, .lineSpacingAdjustment, .minimumLineSpacing: if let v = number() { style.lineSpacing = v }
        case .paragraphSpacing: if let v = number() { style.paragraphSpacing = v }
        case .paragraphSpacingBefore: if let v = number() { style.paragraphSpacingBefore = v }
        case .tabStops, .maximumLineSpacing, .lineBoundsOptions: break
        }
    }
    return style
}

/// Copies the value of one setting into `valueBuffer` (`valueBufferSize` bytes, the size of the
/// specifier's type) and returns true, or returns false for a size mismatch or an unsupported
/// specifier (Core Text's `CTParagraphStyleGetValueForSpecifier`).
public func CTParagraphStyleGetValueForSpecifier(_ style: CTParagraphStyle, _ spec: CTParagraphStyleSpecifier,
                                                 _ valueBufferSize: Int, _ valueBuffer: UnsafeMutableRawPointer) -> Bool {
    func store(_ v: CGFloat) -> Bool {
        guard valueBufferSize == MemoryLayout<CGFloat>.size else { return false }
        valueBuffer.storeBytes(of: v, as: CGFloat.self)
        return true
    }
    switch spec {
    case .alignment:
        guard valueBufferSize == 1 else { return false }
        valueBuffer.storeBytes(of: CTTextAlignment(style.alignment).rawValue, as: UInt8.self)
        return true
    case .lineBreakMode:
        guard valueBufferSize == 1 else { return false }
        valueBuffer.storeBytes(of: UInt8(style.lineBreakMode.rawValue), as: UInt8.self)
        return true
    case .baseWritingDirection:
        guard valueBufferSize == 1 else { return false }
        valueBuffer.storeBytes(of: Int8(style.baseWritingDirection.rawValue), as: Int8.self)
        return true
    case .firstLineHeadIndent: return store(style.firstLineHeadIndent)
    case .headIndent: return store(style.headIndent)
    case .tailIndent: return store(style.tailIndent)
    case .defaultTabInterval: return store(style.defaultTabInterval)
    case .lineHeightMultiple: return store(style.lineHeightMultiple)
    case .maximumLineHeight: return store(style.maximumLineHeight)
    case .minimumLineHeight: return store(style.minimumLineHeight)
    case .lineSpacing, .lineSpacingAdjustment, .minimumLineSpacing: return store(style.lineSpacing)
    case .paragraphSpacing: return store(style.paragraphSpacing)
    case .paragraphSpacingBefore: return store(style.paragraphSpacingBefore)
    case .tabStops, .maximumLineSpacing, .lineBoundsOptions: return false
    }
}
