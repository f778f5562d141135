import Testing
@testable import TextKit
import TextKitFonts
import TextKitGraphics
import TextKitModel

/// Helpers for drawing tests: draw a layout manager's text into a recording (or any) context.
enum DrawingHarness {
    static let sansURL = URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
    static let serifURL = URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf")

    static func sans(_ size: CGFloat = 12) -> UIFont { try! UIFont(url: sansURL, size: size) }
    static func serif(_ size: CGFloat = 12) -> UIFont { try! UIFont(url: serifURL, size: size) }

    /// Draws backgrounds then glyphs of every glyph of `layoutManager`'s first container into
    /// `context` with the container at `origin`.
    static func draw(_ layoutManager: NSLayoutManager, in context: CGContext, at origin: CGPoint = .zero,
                     range: NSRange? = nil) {
        UIGraphicsPushContext(context)
        defer { UIGraphicsPopContext() }
        let glyphs = range ?? NSRange(location: 0, length: layoutManager.numberOfGlyphs)
        layoutManager.drawBackground(forGlyphRange: glyphs, at: origin)
        layoutManager.drawGlyphs(forGlyphRange: glyphs, at: origin)
    }

    /// A recording of drawing `stack`'s text with the container at `origin`.
    static func record(_ stack: TextStack, at origin: CGPoint = .zero, range: NSRange? = nil,
                       size: CGSize = CGSize(width: 600, height: 800)) -> CGContext.Recording {
        let context = CGContext(recordingSize: size)
        withExtendedLifetime(stack) { draw(stack.layoutManager, in: context, at: origin, range: range) }
        return context.recording!
    }

    /// A text stack (storage, layout manager, one container) for `text`. Keep the stack while
    /// drawing: a layout manager holds its storage weakly.
    static func stack(_ text: NSAttributedString, width: CGFloat = 400, padding: CGFloat = 0,
                      layoutManager: NSLayoutManager = NSLayoutManager()) -> TextStack {
        TextStack(text, width: width, padding: padding, layoutManager: layoutManager)
    }

    /// The glyph range of the first occurrence of `substring` in the storage.
    static func glyphRange(of substring: String, in storage: NSTextStorage, _ layoutManager: NSLayoutManager) -> NSRange {
        let chars = (storage.string as NSString).range(of: substring)
        precondition(chars.location != NSNotFound, "\(substring) not in text")
        return layoutManager.glyphRange(forCharacterRange: chars, actualCharacterRange: nil)
    }

    /// The bounding rect (container coordinates) of `substring`'s glyphs on its first line.
    static func rect(of substring: String, in storage: NSTextStorage, _ layoutManager: NSLayoutManager) -> CGRect {
        layoutManager.boundingRect(forGlyphRange: glyphRange(of: substring, in: storage, layoutManager),
                                   in: layoutManager.textContainers[0])
    }

    /// The baseline y (container coordinates) of the line holding the glyph at `glyphIndex`.
    static func baseline(ofGlyph glyphIndex: Int, _ layoutManager: NSLayoutManager) -> CGFloat {
        layoutManager.lineFragmentRect(forGlyphAt: glyphIndex, effectiveRange: nil).minY
            + layoutManager.location(forGlyphAt: glyphIndex).y
    }
}

/// Storage, layout manager and container, kept together (the layout manager holds its storage
/// weakly, as TextKit's holds it unowned).
final class TextStack {
    let storage: NSTextStorage
    let layoutManager: NSLayoutManager
    let container: NSTextContainer
    var lm: NSLayoutManager { layoutManager }

    init(_ text: NSAttributedString, width: CGFloat, padding: CGFloat, layoutManager: NSLayoutManager) {
        storage = NSTextStorage(attributedString: text)
        self.layoutManager = layoutManager
        storage.addLayoutManager(layoutManager)
        container = NSTextContainer(size: CGSize(width: width, height: .greatestFiniteMagnitude))
        container.lineFragmentPadding = padding
        layoutManager.addTextContainer(container)
    }

    func glyphRange(of substring: String) -> NSRange { DrawingHarness.glyphRange(of: substring, in: storage, layoutManager) }
    func rect(of substring: String) -> CGRect { DrawingHarness.rect(of: substring, in: storage, layoutManager) }
}

/// A small PNG made with the graphics layer: a blue disc on a yellow square, `size` points.
func makeTestImage(size: CGFloat = 24) -> UIImage {
    let context = try! CGContext(imageSize: CGSize(width: size, height: size), scale: 2)
    context.setFillColor(UIColor(red: 1, green: 0.85, blue: 0.2, alpha: 1))
    context.fill(CGRect(x: 0, y: 0, width: size, height: size))
    context.setFillColor(UIColor(red: 0.1, green: 0.3, blue: 0.9, alpha: 1))
    context.fillEllipse(in: CGRect(x: size * 0.15, y: size * 0.15, width: size * 0.7, height: size * 0.7))
    let png = context.makeImage()!.pngData()!
    return UIImage(data: png, scale: 2)!
}

/// Runs a command line tool and returns its standard output (nil when it could not run).
func runTool(_ path: String, _ arguments: [String]) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return nil }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
}

/// DejaVu Math TeX Gyre (a single Regular face with Latin letters) asked for heavy (synthetic bold) or italic (synthetic oblique).
func syntheticFont(bold: Bool, size: CGFloat) -> UIFont {
    let traits: [UIFontDescriptor.TraitKey: Any] = bold ? [.weight: UIFont.Weight.heavy]
        : [.symbolic: UIFontDescriptor.SymbolicTraits.traitItalic]
    return UIFont(descriptor: UIFontDescriptor(fontAttributes: [.family: "DejaVu Math TeX Gyre", .traits: traits]), size: size)
}
