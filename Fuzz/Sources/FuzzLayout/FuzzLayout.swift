#if canImport(FuzzReplay)  // (the main package's FuzzRegressionTests compile this file with FuzzReplay's)
import FuzzReplay
#endif
import Foundation
import OpenTextKit

// libFuzzer's entry point (fuzzing builds only; replay and the regression tests call the function below).
#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> CInt { fuzzLayout(bytes, size) }
#endif

/// Lays out hostile text with hostile attributes in hostile geometry: container sizes, padding,
/// exclusion paths, font sizes, kerning, baseline offsets and paragraph-style numbers that may be
/// NaN, infinite, negative or huge; text with lone surrogates, marks, bidi controls and joiners.
/// Invariants: layout finishes (libFuzzer's -timeout catches a hang), never traps, every glyph is in
/// at most one line fragment in order, hit testing at any point answers, drawing does not trap.
public func fuzzLayout(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(bytes, size)
    let units: [[UInt16]] = [[0x61], [0x20], [0x0A], [0x09], [0x0301], [0xD83D], [0xDE00], [0xD83D, 0xDE00], [0x200D],
                             [0x200F], [0x202E], [0x202C], [0x05D0], [0x0627], [0x0E01], [0x4E2D], [0xFFFC], [0xFFFE],
                             [0x0000], [0x2028], [0x00AD], [0x0C1C, 0x0C4D, 0x0C1E, 0x0C3E]]
    var text: [UInt16] = []
    for _ in 0..<input.int(below: 200) { text += input.pick(units) }
    let storage = NSTextStorage(string: String(decoding: text, as: UTF16.self))
    storage.beginEditing()
    storage.replaceCharacters(in: NSRange(location: 0, length: storage.length), with: "")
    for piece in stride(from: 0, to: text.count, by: 64) {
        let chunk = Array(text[piece..<min(text.count, piece + 64)])
        // Keep lone surrogates as they are: insert through NSString, which keeps UTF-16 units.
        storage.replaceCharacters(in: NSRange(location: storage.length, length: 0),
                                  with: NSString(characters: chunk, length: chunk.count) as String)
    }
    storage.endEditing()
    for _ in 0..<input.int(below: 6) where storage.length > 0 {
        let start = input.int(below: storage.length)
        let range = NSRange(location: start, length: input.int(below: storage.length - start + 1))
        storage.addAttributes(hostileAttributes(&input), range: range)
    }

    let layoutManager = NSLayoutManager()
    storage.addLayoutManager(layoutManager)
    for _ in 0..<(1 + input.int(below: 3)) {
        let container = NSTextContainer(size: CGSize(width: input.hostileFloat(ordinary: 0...600),
                                                     height: input.hostileFloat(ordinary: 0...800)))
        container.lineFragmentPadding = input.hostileFloat(ordinary: 0...20)
        container.maximumNumberOfLines = input.int(below: 4)
        container.lineBreakMode = input.pick([.byWordWrapping, .byCharWrapping, .byClipping, .byTruncatingTail, .byTruncatingMiddle])
        for _ in 0..<input.int(below: 3) {
            let rect = CGRect(x: input.hostileFloat(ordinary: -50...500), y: input.hostileFloat(ordinary: -50...500),
                              width: input.hostileFloat(ordinary: 0...300), height: input.hostileFloat(ordinary: 0...300))
            container.exclusionPaths.append(input.bool() ? UIBezierPath(rect: rect) : UIBezierPath(ovalIn: rect))
        }
        layoutManager.addTextContainer(container)
    }
    for container in layoutManager.textContainers { layoutManager.ensureLayout(for: container) }

    var next = 0
    var fragments: [(NSRange, CGRect, Int)] = []
    layoutManager.enumerateLineFragments(forGlyphRange: NSRange(location: 0, length: layoutManager.numberOfGlyphs)) { rect, _, container, range, _ in
        fragments.append((range, rect, layoutManager.textContainers.firstIndex { $0 === container } ?? -1))
    }
    for (range, _, _) in fragments {
        require(range.location >= next, "line fragments overlap at glyph \(range.location) (< \(next)): \(fragments) of \(storage.string.debugDescription) in \(layoutManager.textContainers.map { ($0.size, $0.lineFragmentPadding, $0.maximumNumberOfLines, $0.lineBreakMode.rawValue, $0.exclusionPaths.map(\.bounds)) })")
        next = range.location + range.length
    }
    let point = CGPoint(x: input.hostileFloat(ordinary: -100...700), y: input.hostileFloat(ordinary: -100...900))
    let container = layoutManager.textContainers[0]
    let glyph = layoutManager.glyphIndex(for: point, in: container)
    require(glyph >= 0 && glyph <= layoutManager.numberOfGlyphs, "hit test answered glyph \(glyph)")
    _ = layoutManager.characterIndex(for: point, in: container, fractionOfDistanceBetweenInsertionPoints: nil)
    if let context = try? CGContext(imageSize: CGSize(width: 64, height: 64)) {
        UIGraphicsPushContext(context)
        let range = layoutManager.glyphRange(for: container)
        layoutManager.drawBackground(forGlyphRange: range, at: .zero)
        layoutManager.drawGlyphs(forGlyphRange: range, at: .zero)
        UIGraphicsPopContext()
    }
    return 0
}

func hostileAttributes(_ input: inout FuzzInput) -> [NSAttributedString.Key: Any] {
    switch input.byte() % 7 {
    case 0: return [.font: UIFont(name: "DejaVu Sans", size: input.hostileFloat(ordinary: 1...96)) as Any]
    case 1: return [.kern: input.hostileFloat(ordinary: -5...20)]
    case 2: return [.baselineOffset: input.hostileFloat(ordinary: -20...20)]
    case 3: return [.expansion: input.hostileFloat(ordinary: -1...1), .obliqueness: input.hostileFloat(ordinary: -1...1)]
    case 4:
        let style = NSMutableParagraphStyle()
        style.lineSpacing = input.hostileFloat(ordinary: 0...20)
        style.paragraphSpacing = input.hostileFloat(ordinary: 0...20)
        style.minimumLineHeight = input.hostileFloat(ordinary: 0...40)
        style.maximumLineHeight = input.hostileFloat(ordinary: 0...40)
        style.lineHeightMultiple = input.hostileFloat(ordinary: 0...3)
        style.headIndent = input.hostileFloat(ordinary: 0...100)
        style.firstLineHeadIndent = input.hostileFloat(ordinary: 0...100)
        style.tailIndent = input.hostileFloat(ordinary: -100...100)
        style.defaultTabInterval = input.hostileFloat(ordinary: 0...100)
        style.tabStops = (0..<input.int(below: 5)).map { _ in NSTextTab(textAlignment: .left, location: input.hostileFloat(ordinary: 0...400)) }
        style.hyphenationFactor = Float(input.hostileFloat(ordinary: 0...1))
        style.alignment = input.pick([.left, .right, .center, .justified, .natural])
        return [.paragraphStyle: style]
    case 5:
        let attachment = NSTextAttachment()
        attachment.bounds = CGRect(x: 0, y: input.hostileFloat(ordinary: -20...0),
                                   width: input.hostileFloat(ordinary: 0...200), height: input.hostileFloat(ordinary: 0...200))
        return [.attachment: attachment]
    default:
        let shadow = NSShadow()
        shadow.shadowBlurRadius = input.hostileFloat(ordinary: 0...10)
        shadow.shadowOffset = CGSize(width: input.hostileFloat(ordinary: -5...5), height: input.hostileFloat(ordinary: -5...5))
        return [.shadow: shadow, .underlineStyle: NSUnderlineStyle.double.rawValue]
    }
}

#if !FUZZING && !FUZZ_REGRESSION_TESTS
@main
enum ReplayLayout {
    static func main() { Replay.run(CommandLine.arguments.dropFirst(), fuzzLayout) }
}
#endif
