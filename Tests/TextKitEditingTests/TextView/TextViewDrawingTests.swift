import Testing
import TextKitFonts
import TextKitGraphics
import TextKitModel
@testable import TextKitEditing

@Suite("UITextView: drawing")
@MainActor
struct TextViewDrawingTests {
    /// Renders `view` on white (ControlsTestSupport.swift).
    func render(_ view: UIView, scale: CGFloat = 1) -> UIImage { renderOnWhite(view, scale: scale) }

    /// Counts pixels whose colour is close to `color` in `rect` (pixel coordinates).
    func count(_ image: UIImage, in rect: CGRect, where predicate: (UInt8, UInt8, UInt8) -> Bool) -> Int {
        guard let cg = image.cgImage else { return 0 }
        let pixels = cg.rgbaBytes()
        var n = 0
        let x0 = max(Int(rect.minX), 0), x1 = min(Int(rect.maxX), cg.width)
        let y0 = max(Int(rect.minY), 0), y1 = min(Int(rect.maxY), cg.height)
        for y in y0..<max(y0, y1) {
            for x in x0..<max(x0, x1) {
                let i = (y * cg.width + x) * 4
                if predicate(pixels[i], pixels[i + 1], pixels[i + 2]) { n += 1 }
            }
        }
        return n
    }

    @Test("Text, selection highlight, marked-text underline and caret are drawn where the geometry says")
    func drawsEditingState() throws {
        let view = makeTextView("Selected words in a text view.\nA composing 日本", width: 320, height: 120)
        view.selectedRange = NSRange(location: 0, length: 8)
        var image = render(view)
        let selectionRect = view.firstRect(for: view.selectedTextRange!)
        let blueish = { (r: UInt8, g: UInt8, b: UInt8) in b > 200 && r < 230 && g < 240 && b > r + 20 }
        #expect(count(image, in: selectionRect, where: blueish) > Int(selectionRect.width * selectionRect.height / 3))
        let elsewhere = selectionRect.offsetBy(dx: 0, dy: 40)
        #expect(count(image, in: elsewhere, where: blueish) == 0)

        view.selectedRange = NSRange(location: view.text.utf16.count, length: 0)
        view.setMarkedText("ご", selectedRange: NSRange(location: 1, length: 0))
        image = render(view, scale: 2)
        if let png = image.pngData() { try? png.write(to: URL(fileURLWithPath: "/tmp/otk-textview.png")) }
        let caret = view.caretRect(for: view.selectedTextRange!.start)
        let caretPixels = CGRect(x: caret.minX * 2, y: caret.minY * 2, width: caret.width * 2, height: caret.height * 2)
        #expect(count(image, in: caretPixels, where: blueish) > Int(caretPixels.height))
        view.isCaretBlinkOn = false
        image = render(view, scale: 2)
        #expect(count(image, in: caretPixels, where: blueish) == 0)
    }

    @Test("Scrolling draws the part of the text in view; the content size covers the text")
    func scrolling() {
        let lines = (1...200).map { "Line \($0)" }.joined(separator: "\n")
        let view = makeTextView(lines, width: 200, height: 100)
        #expect(view.contentSize.height > 2000)
        view.selectedRange = NSRange(location: lines.utf16.count, length: 0)
        view.scrollRangeToVisible(view.selectedRange)
        #expect(view.contentOffset.y > 2000)
        let caret = view.caretRect(for: view.endOfDocument)
        #expect(view.bounds.contains(caret))
        let image = render(view)
        let ink = count(image, in: CGRect(x: 0, y: 0, width: 200, height: 100)) { r, _, _ in r < 128 }
        #expect(ink > 50)
        if let png = image.pngData() { try? png.write(to: URL(fileURLWithPath: "/tmp/otk-textview-scrolled.png")) }
    }

    @Test("The content size follows typing, deleting and a size set from outside")
    func contentSizeFollowsEdits() {
        let view = makeTextView("One line", width: 200, height: 100)
        let one = view.contentSize.height
        type("\nTwo\nThree", into: view)
        let three = view.contentSize.height
        #expect(three > one + 20)
        view.deleteBackward()
        #expect(view.contentSize.height == three)  // the line is still there
        for _ in 0..<5 { view.deleteBackward() }  // "\nThree" gone
        #expect(view.contentSize.height < three && view.contentSize.height > one)
        // A size set by the app is put right when the view next updates it, with nothing laid out
        // or edited since (the view remembers the size it set, not only the layout's change
        // count), or after an edit that changes no height.
        let right = view.contentSize
        view.contentSize = CGSize(width: 200, height: 5)
        view.scrollRangeToVisible(view.selectedRange)
        #expect(view.contentSize == right)
        view.contentSize = CGSize(width: 200, height: 5)
        type("x", into: view)
        #expect(view.contentSize == right)
    }

    @Test("Links in the tint colour and red dots under a misspelled word, where the geometry says")
    func linksAndMisspellings() throws {
        let text = NSMutableAttributedString(string: "See the documentaton online.",
                                             attributes: [.font: UIFont(name: "DejaVu Sans", size: 16)!])
        text.addAttribute(.link, value: "https://swift.org", range: NSRange(location: 21, length: 6))
        let view = makeTextView("", width: 320, height: 60)
        view.spellCheckingLanguage = "en_US"
        view.attributedText = text
        let image = render(view, scale: 2)
        if let png = image.pngData() { try? png.write(to: URL(fileURLWithPath: "/tmp/otk-textview-decorations.png")) }
        let link = view.firstRect(for: IndexedRange(NSRange(location: 21, length: 6)))
        let word = view.firstRect(for: IndexedRange(NSRange(location: 8, length: 12)))
        func pixels(_ r: CGRect) -> CGRect { CGRect(x: r.minX * 2, y: r.minY * 2, width: r.width * 2, height: r.height * 2) }
        let blue = { (r: UInt8, g: UInt8, b: UInt8) in b > 150 && r < 100 }
        let red = { (r: UInt8, g: UInt8, b: UInt8) in r > 180 && g < 120 && b < 120 }
        #expect(count(image, in: pixels(link), where: blue) > 40)
        #expect(count(image, in: pixels(word), where: blue) == 0)
        let underWord = pixels(CGRect(x: word.minX, y: word.maxY - 6, width: word.width, height: 8))
        #expect(count(image, in: underWord, where: red) > 10)
        #expect(count(image, in: pixels(link), where: red) == 0)
        // UITextView's links are not underlined by default: an underline asked for adds ink below
        // the baseline ("online" has no descenders).
        let belowLink = pixels(CGRect(x: link.minX, y: link.maxY - 4, width: link.width, height: 4))
        let withoutUnderline = count(image, in: belowLink, where: blue)
        view.linkTextAttributes = [.underlineStyle: NSUnderlineStyle.single.rawValue]
        let underlined = render(view, scale: 2)
        #expect(count(underlined, in: belowLink, where: blue) > withoutUnderline + 40)
    }
}
