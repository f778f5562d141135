#if canImport(FuzzReplay)  // (the main package's FuzzRegressionTests compile this file with FuzzReplay's)
import FuzzReplay
#endif
import Foundation
import OpenTextKit

// libFuzzer's entry point (fuzzing builds only; replay and the regression tests call the function below).
#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> CInt { fuzzEditing(bytes, size) }
#endif

/// Edits a text storage laid out by a layout manager, in a sequence the input chooses (inserts,
/// deletes, attribute changes, container resizes), and after each edit checks that the layout the
/// layout manager kept up to date equals a fresh layout of the same text, and that every
/// character is in exactly one line fragment.
public func fuzzEditing(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(bytes, size)
    let shape = FuzzEditingStack.Shape(rawValue: Int(input.byte() % 3))!
    let storage = NSTextStorage()
    let stack = FuzzEditingStack(storage: storage, shape: shape, width: 80 + Double(input.int(below: 400)))
    var steps = 0
    let trace = ProcessInfo.processInfo.environment["OTK_FUZZ_TRACE"] != nil
    while !input.isExhausted && steps < 40 {
        if trace { FileHandle.standardError.write(Data("step \(steps): \(storage.string.debugDescription) width \(stack.container.size.width)\n".utf8)) }
        steps += 1
        let length = storage.length
        switch input.byte() % 6 {
        case 0, 1:
            var piece = ""
            for _ in 0..<(1 + input.int(below: 12)) { piece += input.pick(FuzzEditingStack.pieces) }
            let at = input.int(below: length + 1)
            if trace { FileHandle.standardError.write(Data("  insert \(piece.unicodeScalars.map { $0.isASCII ? String($0) : "\\u{\(String($0.value, radix: 16))}" }.joined()) at \(at)\n".utf8)) }
            storage.replaceCharacters(in: NSRange(location: at, length: 0), with: piece)
        case 2:
            guard length > 0 else { continue }
            let start = input.int(below: length)
            storage.deleteCharacters(in: NSRange(location: start, length: input.int(below: length - start + 1)))
        case 3:
            guard length > 0 else { continue }
            let start = input.int(below: length)
            let range = NSRange(location: start, length: input.int(below: length - start + 1))
            let attributes = FuzzEditingStack.attributes(&input)
            if trace { FileHandle.standardError.write(Data("  attributes \(attributes.keys.map(\.rawValue)) \(attributes.values.map { "\($0)".prefix(120) }) in \(range)\n".utf8)) }
            storage.addAttributes(attributes, range: range)
        case 4:
            guard length > 0 else { continue }
            let start = input.int(below: length)
            let range = NSRange(location: start, length: input.int(below: length - start + 1))
            storage.beginEditing()
            storage.replaceCharacters(in: range, with: input.pick(FuzzEditingStack.pieces))
            storage.addAttribute(.foregroundColor, value: UIColor.red, range: NSRange(location: 0, length: min(1, storage.length)))
            storage.endEditing()
        default:
            stack.container.size.width = 40 + Double(input.int(below: 500))
        }
        stack.check()
    }
    return 0
}

final class FuzzEditingStack {
    enum Shape: Int { case stacked, pages, exclusion }

    static let pieces = ["a", "word ", "ffi", " ", "\n", "\t", "\u{2028}", "é", "e\u{301}", "שלום", "مرحبا", "日本",
                         "👨‍👩‍👧", "🇩🇪", "\u{200F}", "x\u{FFFC}", "-", "antidisestablishment"]
    static let fonts = [UIFont(name: "DejaVu Serif", size: 12), UIFont(name: "DejaVu Sans", size: 18), UIFont(name: "DejaVu Sans Mono", size: 9)]
        .compactMap { $0 }

    static func attributes(_ input: inout FuzzInput) -> [NSAttributedString.Key: Any] {
        switch input.byte() % 7 {
        case 0:
            // Text in the monospaced font is code too (breaks after its tokens, never hyphenated),
            // decided without another byte so that older inputs keep their meaning.
            let font: UIFont? = input.pick(fonts)
            return font?.fontName.contains("Mono") == true ? [.font: font as Any, .breaksLikeCode: true] : [.font: font as Any]
        case 1: return [.kern: Double(input.int(below: 5))]
        case 2:
            let style = NSMutableParagraphStyle()
            style.alignment = input.pick([.left, .center, .right, .justified, .natural])
            style.lineSpacing = Double(input.int(below: 6))
            style.hyphenationFactor = input.bool() ? 1 : 0
            style.firstLineHeadIndent = Double(input.int(below: 30))
            return [.paragraphStyle: style]
        case 3: return [.baselineOffset: Double(input.int(below: 8)) - 4]
        case 4: return [.foregroundColor: input.pick([UIColor.red, .blue, .green])]  // drawing only: glyphs and lines kept
        case 5: return [.backgroundColor: UIColor.yellow, .strikethroughStyle: 1]
        default: return [.underlineStyle: NSUnderlineStyle.single.rawValue]
        }
    }

    let storage: NSTextStorage
    let shape: Shape
    let layoutManager = NSLayoutManager()
    let container: NSTextContainer
    var extraContainers: [NSTextContainer] = []

    init(storage: NSTextStorage, shape: Shape, width: Double) {
        self.storage = storage
        self.shape = shape
        container = NSTextContainer(size: CGSize(width: width, height: shape == .stacked ? .greatestFiniteMagnitude : 120))
        storage.addLayoutManager(layoutManager)
        layoutManager.addTextContainer(container)
        configure(layoutManager, first: container)
    }

    /// Gives `manager` the containers of this shape after `first`.
    func configure(_ manager: NSLayoutManager, first: NSTextContainer) {
        switch shape {
        case .stacked: break
        case .pages:
            for _ in 0..<3 { manager.addTextContainer(NSTextContainer(size: first.size)) }
        case .exclusion:
            first.size.height = 2000
            first.exclusionPaths = [UIBezierPath(ovalIn: CGRect(x: first.size.width / 3, y: 20, width: 60, height: 80))]
        }
    }

    /// Every line fragment: glyph range, container, rect and used rect.
    static func fragments(_ manager: NSLayoutManager) -> [(NSRange, Int, CGRect, CGRect)] {
        var result: [(NSRange, Int, CGRect, CGRect)] = []
        let count = manager.numberOfGlyphs
        manager.enumerateLineFragments(forGlyphRange: NSRange(location: 0, length: count)) { rect, used, container, range, _ in
            result.append((range, manager.textContainers.firstIndex { $0 === container } ?? -1, rect, used))
        }
        return result
    }

    func check() {
        for c in layoutManager.textContainers { layoutManager.ensureLayout(for: c) }
        let kept = Self.fragments(layoutManager)
        // Every glyph in exactly one fragment, in order, as far as the text fits.
        var next = 0
        for (range, _, _, _) in kept {
            require(range.location == next, "fragments overlap or leave a gap at glyph \(next): \(range) in \(kept.map(\.0)) of \(storage.string.debugDescription), shape \(shape), width \(container.size.width)")
            next = range.location + range.length
        }
        require(next <= layoutManager.numberOfGlyphs, "fragments reach past the glyphs")
        if shape == .stacked { require(next == layoutManager.numberOfGlyphs, "an unbounded container left glyphs out") }
        var previous = -1
        for g in 0..<layoutManager.numberOfGlyphs {
            let c = layoutManager.characterIndexForGlyph(at: g)
            require(c >= previous && c < storage.length, "glyph \(g) maps to character \(c) after \(previous)")
            previous = c
        }

        // A fresh layout of the same text and geometry.
        let fresh = NSTextStorage(attributedString: storage)
        let manager = NSLayoutManager()
        fresh.addLayoutManager(manager)
        for original in layoutManager.textContainers {
            let copy = NSTextContainer(size: original.size)
            copy.exclusionPaths = original.exclusionPaths
            manager.addTextContainer(copy)
        }
        for c in manager.textContainers { manager.ensureLayout(for: c) }
        let again = Self.fragments(manager)
        if ProcessInfo.processInfo.environment["OTK_FUZZ_TRACE"] != nil {
            FileHandle.standardError.write(Data("kept:  \(kept.map { "\($0.0.location)+\($0.0.length)@c\($0.1) y\($0.2.minY) h\($0.2.height)" })\nfresh: \(again.map { "\($0.0.location)+\($0.0.length)@c\($0.1) y\($0.2.minY) h\($0.2.height)" })\n".utf8))
        }
        require(kept.count == again.count, "incremental layout has \(kept.count) fragments, a fresh one \(again.count)")
        for (a, b) in zip(kept, again) {
            require(a.0 == b.0 && a.1 == b.1, "fragment \(a.0) in container \(a.1) is \(b.0) in \(b.1) when laid out afresh")
            require(abs(a.2.minY - b.2.minY) < 0.01 && abs(a.2.height - b.2.height) < 0.01 && abs(a.2.minX - b.2.minX) < 0.01,
                         "fragment \(a.0) at \(a.2) is at \(b.2) when laid out afresh")
        }
        withExtendedLifetime(fresh) {}
    }
}

#if !FUZZING && !FUZZ_REGRESSION_TESTS
@main
enum ReplayEditing {
    static func main() { Replay.run(CommandLine.arguments.dropFirst(), fuzzEditing) }
}
#endif
