import TextKitGraphics
import TextKitModel

// Frame attributes (keys of the dictionary passed to CTFramesetterCreateFrame).

/// How lines stack: a ``CTFrameProgression`` raw value. Only `.topToBottom` (the default) is laid
/// out; other values are accepted and laid out top to bottom.
public let kCTFrameProgressionAttributeName = "CTFrameProgression"
/// Which points of a self-overlapping path are inside: a ``CTFramePathFillRule`` raw value.
/// Default `.evenOdd`, as in Core Text.
public let kCTFramePathFillRuleAttributeName = "CTFramePathFillRule"
/// Accepted for compatibility and ignored.
public let kCTFramePathWidthAttributeName = "CTFramePathWidth"
/// Paths to keep text out of: an array of dictionaries, each with a
/// ``kCTFramePathClippingPathAttributeName`` path and optionally its own
/// ``kCTFramePathFillRuleAttributeName``. A line avoids every point such a path covers anywhere
/// in the line's height (the same rule as TextKit's exclusion paths).
public let kCTFrameClippingPathsAttributeName = "CTFrameClippingPaths"
/// The `CGPath` of one clipping path dictionary.
public let kCTFramePathClippingPathAttributeName = "CTFramePathClippingPath"

/// The direction lines stack in (Core Text's `CTFrameProgression`).
public enum CTFrameProgression: UInt32, Sendable {
    /// Horizontal lines, each below the previous one: the only progression laid out here.
    case topToBottom = 0
    /// Vertical lines stacked right to left (Core Text's vertical text); laid out as `.topToBottom` here.
    case rightToLeft = 1
    /// Vertical lines stacked left to right; laid out as `.topToBottom` here.
    case leftToRight = 2
}

/// Which points of a path are inside it (Core Text's `CTFramePathFillRule`).
public enum CTFramePathFillRule: UInt32, Sendable {
    /// Inside where a ray crosses the path an odd number of times (Core Text's default).
    case evenOdd = 0
    /// Inside where the path winds a non-zero number of times around the point.
    case windingNumber = 1

    var cgRule: CGPathFillRule { self == .evenOdd ? .evenOdd : .winding }

    /// The rule a frame attribute dictionary asks for (even-odd when absent).
    init(_ value: Any?) {
        if let rule = value as? CTFramePathFillRule { self = rule; return }
        self = (value.flatMap(RunStyle.number).map { Int($0) } ?? 0) == 1 ? .windingNumber : .evenOdd
    }
}

/// Lays out an attributed string in shapes (Core Text's `CTFramesetter`).
///
/// A framesetter copies the string and owns a ``CTTypesetter`` over it, so each paragraph is
/// shaped once however many frames are made. Frames can have any shape: a rectangle, an oval,
/// any `CGPath` (see ``CTFrame`` for coordinates).
///
/// Safe to share between threads.
public final class CTFramesetter: @unchecked Sendable {  // immutable; the typesetter locks its cache
    /// The typesetter over the framesetter's copy of the string (``CTFramesetterGetTypesetter(_:)``); it caches shaped paragraphs for every frame.
    public let typesetter: CTTypesetter

    /// A framesetter for `string` (copied).
    public init(attributedString string: NSAttributedString) {
        typesetter = CTTypesetter(attributedString: string)
    }

    /// A framesetter using `typesetter` (Core Text's `CTFramesetterCreateWithTypesetter`).
    public init(typesetter: CTTypesetter) {
        self.typesetter = typesetter
    }

    /// The region lines fill. The frame filler works top down in y-down coordinates, while Core
    /// Text's paths are y up (the first line at the path's greatest y): `transform` mirrors them.
    static func region(path: CGPath, attributes: CFDictionary?, transform: CGAffineTransform = .identity) -> FramePathRegion {
        let rule = CTFramePathFillRule(attributes?[kCTFramePathFillRuleAttributeName]).cgRule
        var clips: [(path: CGPath, rule: CGPathFillRule)] = []
        for entry in attributes?[kCTFrameClippingPathsAttributeName] as? [Any] ?? [] {
            guard let dictionary = entry as? [String: Any],
                  let clip = dictionary[kCTFramePathClippingPathAttributeName] as? CGPath else { continue }
            clips.append((clip.copy(using: transform), CTFramePathFillRule(dictionary[kCTFramePathFillRuleAttributeName]).cgRule))
        }
        return FramePathRegion(path: path.copy(using: transform), rule: rule, clips: clips)
    }

    /// A frame of the characters of `stringRange` (zero length: to the end of the string) laid out
    /// in `path`, from its top down, as far as they fit (Core Text's `CTFramesetterCreateFrame`).
    /// The path is in Core Text's y-up coordinates: the first line goes at its greatest y.
    /// - Precondition: the range lies within the string.
    public func frame(stringRange: CFRange, path: CGPath, attributes: CFDictionary? = nil) -> CTFrame {
        let range = stringRange.resolved(toEnd: typesetter.length, what: "CTFramesetterCreateFrame")
        // Mirrored about the path's top, so that lines are placed at small y-down offsets from it
        // whatever its height: a path as tall as `CGFloat.greatestFiniteMagnitude` (the idiom for
        // "as tall as needed") still holds every line, as on Apple platforms. (Mirrored about 0,
        // such a path's lines would all round to the same y.)
        let top = path.boundingBoxOfPath.maxY
        let mirror = CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: top.isFinite ? top : 0)
        let region = Self.region(path: path, attributes: attributes, transform: mirror)
        let lines = FrameFiller(typesetter: typesetter, region: region, unboundedWidth: false).fill(range)
        // The filler placed the lines in the mirrored path: mirror their origins back.
        let upright = lines.map {
            FramedLine(line: $0.line, origin: CGPoint(x: $0.origin.x, y: mirror.ty - $0.origin.y), bottom: $0.bottom)
        }
        return CTFrame(path: path, lines: upright, stringRange: CFRange(range), attributes: attributes)
    }

    /// The size a frame needs to show `stringRange` (zero length: to the end) within
    /// `constraints`, and the characters that fit (Core Text's
    /// `CTFramesetterSuggestFrameSizeWithConstraints`).
    ///
    /// Lines are broken at the constraint's width (use `CGFloat.greatestFiniteMagnitude`, or any
    /// width of 10⁷ points or more, for none: each paragraph is then one line) and stacked until
    /// the constraint's height is reached. The width is that of the widest line without its
    /// trailing white space, indents included; the height runs from the first line's top to the
    /// last line's bottom (its leading included, line and paragraph spacing after it not).
    /// Unaligned: centred and right-aligned text measures as left-aligned text.
    public func suggestFrameSize(stringRange: CFRange, attributes: CFDictionary? = nil,
                                 constraints: CGSize) -> (size: CGSize, fitRange: CFRange) {
        let range = stringRange.resolved(toEnd: typesetter.length, what: "CTFramesetterSuggestFrameSizeWithConstraints")
        let unbounded: CGFloat = 1e7
        let width = constraints.width > 0 && constraints.width < unbounded ? constraints.width : 1e9
        let height = constraints.height > 0 && constraints.height < 1e9 ? constraints.height : 1e9
        let region = Self.region(path: CGPath(rect: CGRect(x: 0, y: 0, width: width, height: height)), attributes: attributes)
        let filler = FrameFiller(typesetter: typesetter, region: region, unboundedWidth: width >= unbounded)
        let lines = filler.fill(range)
        var used: CGFloat = 0
        for framed in lines {
            let content = CGFloat(framed.line.width - framed.line.trailingWhitespaceWidth)
            used = max(used, framed.origin.x + content)
        }
        let bottom = lines.last?.bottom ?? 0
        let end = lines.last.map { $0.line.stringRange.end } ?? range.lowerBound
        return (CGSize(width: used, height: bottom), CFRange(location: range.lowerBound, length: end - range.lowerBound))
    }
}

// MARK: - Core Text functions

/// A framesetter for `string` (copied). Core Text's `CTFramesetterCreateWithAttributedString`.
public func CTFramesetterCreateWithAttributedString(_ string: CFAttributedString) -> CTFramesetter {
    CTFramesetter(attributedString: string)
}

/// A framesetter over an existing typesetter. Core Text's `CTFramesetterCreateWithTypesetter`.
public func CTFramesetterCreateWithTypesetter(_ typesetter: CTTypesetter) -> CTFramesetter {
    CTFramesetter(typesetter: typesetter)
}

/// See ``CTFramesetter/frame(stringRange:path:attributes:)``.
public func CTFramesetterCreateFrame(_ framesetter: CTFramesetter, _ stringRange: CFRange, _ path: CGPath,
                                     _ frameAttributes: CFDictionary?) -> CTFrame {
    framesetter.frame(stringRange: stringRange, path: path, attributes: frameAttributes)
}

/// The framesetter's typesetter (Core Text's `CTFramesetterGetTypesetter`).
public func CTFramesetterGetTypesetter(_ framesetter: CTFramesetter) -> CTTypesetter { framesetter.typesetter }

/// See ``CTFramesetter/suggestFrameSize(stringRange:attributes:constraints:)``; the range that fits
/// goes through the optional pointer.
public func CTFramesetterSuggestFrameSizeWithConstraints(_ framesetter: CTFramesetter, _ stringRange: CFRange,
                                                         _ frameAttributes: CFDictionary?, _ constraints: CGSize,
                                                         _ fitRange: UnsafeMutablePointer<CFRange>?) -> CGSize {
    let result = framesetter.suggestFrameSize(stringRange: stringRange, attributes: frameAttributes, constraints: constraints)
    fitRange?.pointee = result.fitRange
    return result.size
}
