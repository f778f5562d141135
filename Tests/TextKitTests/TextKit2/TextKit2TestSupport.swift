@testable import TextKit
import TextKitFonts
import TextKitGraphics
import TextKitModel

/// A TextKit 2 stack built as iOS code builds it: content storage → layout manager → container.
struct TextKit2Stack {
    let contentStorage: NSTextContentStorage
    let layoutManager: NSTextLayoutManager
    let container: NSTextContainer
    var textStorage: NSTextStorage { contentStorage.textStorage! }

    init(_ text: String, attributes: [NSAttributedString.Key: Any] = [.font: LayoutStack.serif()], width: CGFloat = 300) {
        self.init(NSAttributedString(string: text, attributes: attributes), width: width)
    }

    init(_ text: NSAttributedString, width: CGFloat = 300) {
        contentStorage = NSTextContentStorage()
        layoutManager = NSTextLayoutManager()
        contentStorage.addTextLayoutManager(layoutManager)
        container = NSTextContainer(size: CGSize(width: width, height: 0))
        layoutManager.textContainer = container
        contentStorage.textStorage!.setAttributedString(text)
    }

    /// Every layout fragment, laid out, in order.
    func fragments(options: NSTextLayoutFragment.EnumerationOptions = [.ensuresLayout]) -> [NSTextLayoutFragment] {
        var result: [NSTextLayoutFragment] = []
        layoutManager.enumerateTextLayoutFragments(from: nil, options: options) { result.append($0); return true }
        return result
    }

    /// The storage offset of a location.
    func offset(_ location: any NSTextLocation) -> Int {
        contentStorage.offset(from: contentStorage.documentRange.location, to: location)
    }

    /// The location at storage offset `offset`.
    func location(_ offset: Int) -> any NSTextLocation {
        contentStorage.location(contentStorage.documentRange.location, offsetBy: offset)!
    }

    /// The text range of storage range `range`.
    func range(_ range: NSRange) -> NSTextRange {
        NSTextRange(location: location(range.location), end: location(range.location + range.length))!
    }

    /// Storage range of a text range.
    func characters(_ range: NSTextRange) -> NSRange {
        NSRange(location: offset(range.location), length: offset(range.endLocation) - offset(range.location))
    }
}
