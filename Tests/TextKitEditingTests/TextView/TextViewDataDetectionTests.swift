import Testing
import TextKit
import TextKitFonts
import TextKitGraphics
import TextKitModel
@testable import TextKitEditing

/// The seeds' layout delegate: no line break inside a link.
final class UnbrokenLinksDelegate: NSLayoutManagerDelegate {
    func layoutManager(_ layoutManager: NSLayoutManager, shouldBreakLineByWordBeforeCharacterAt charIndex: Int) -> Bool {
        guard let storage = layoutManager.textStorage, charIndex > 0, charIndex < storage.length else { return true }
        var range = NSRange(location: 0, length: 0)
        let link = storage.attribute(.link, at: charIndex, effectiveRange: &range)
        return link == nil || range.location == charIndex
    }
}

@Suite("UITextView: data detectors")
@MainActor
struct TextViewDataDetectionTests {
    /// The `.link` runs of the text: range and URL.
    func links(_ view: UITextView) -> [(NSRange, String)] {
        var result: [(NSRange, String)] = []
        view.textStorage.enumerateAttribute(.link, in: NSRange(location: 0, length: view.textStorage.length)) { value, range, _ in
            if let url = value as? URL { result.append((range, url.absoluteString)) }
        }
        return result
    }

    @Test("Typing a URL character by character ends with one link covering exactly the URL")
    func typedURL() {
        let view = makeTextView(width: 400)
        view.dataDetectorTypes = .link
        for character in "Docs at https://www.swift.org/documentation/. Thanks" {
            view.insertText(String(character))
            view.layoutIfNeeded()   // as a host draws after each keystroke
        }
        let found = links(view)
        #expect(found.count == 1)
        #expect(found.first?.0 == (view.text as NSString).range(of: "https://www.swift.org/documentation/"))
        #expect(found.first?.1 == "https://www.swift.org/documentation/")
        // Editing the URL re-detects it; deleting it removes the link.
        view.selectedRange = (view.text as NSString).range(of: "https://www.swift.org/documentation/")
        view.deleteBackward()
        view.layoutIfNeeded()
        #expect(links(view).isEmpty)
    }

    @Test("Phone numbers, e-mail addresses and dates become links; an app's own link is kept; switching off removes them")
    func kinds() {
        let text = NSMutableAttributedString(string: "Call +1 (408) 996-1010 or write to ada@example.org before November 25, 2026. See our site.",
                                             attributes: [.font: UIFont(name: "DejaVu Sans", size: 14)!])
        text.addAttribute(.link, value: URL(string: "https://example.org/")!, range: NSRange(location: 84, length: 4))
        let view = makeTextView(width: 500)
        view.attributedText = text
        view.dataDetectorTypes = .all
        view.layoutIfNeeded()
        let urls = links(view).map(\.1)
        #expect(urls.contains("tel:+14089961010"))
        #expect(urls.contains("mailto:ada@example.org"))
        #expect(urls.contains { $0.hasPrefix("x-apple-data-detectors://calendar-event/2026-11-25") })
        #expect(urls.contains("https://example.org/"))
        view.dataDetectorTypes = []
        view.layoutIfNeeded()
        #expect(links(view).map(\.1) == ["https://example.org/"])
    }

    @Test("The seeds' delegate keeps a detected link on one line")
    func unbrokenLinks() throws {
        let text = "Please do read the page at https://example.org/some-long-page-name soon."
        let url = (text as NSString).range(of: "https://example.org/some-long-page-name")
        /// The line tops of the URL's first and last characters, in a view of `width`.
        func lines(width: CGFloat, delegate: NSLayoutManagerDelegate?) -> (CGFloat, CGFloat, Int) {
            let view = makeTextView("", width: width)
            view.layoutManager.delegate = delegate
            view.dataDetectorTypes = .link
            view.text = text
            view.layoutIfNeeded()
            let manager = view.layoutManager
            let first = manager.lineFragmentRect(forGlyphAt: manager.glyphIndexForCharacter(at: url.location), effectiveRange: nil)
            let last = manager.lineFragmentRect(forGlyphAt: manager.glyphIndexForCharacter(at: url.location + url.length - 1), effectiveRange: nil)
            return (first.minY, last.minY, links(view).count)
        }
        // A width where the URL, shorter than a line, is broken at one of its hyphens without the delegate.
        let width = try #require(stride(from: 330.0, through: 600.0, by: 5.0).first { w in
            let (a, b, _) = lines(width: w, delegate: nil)
            return a != b
        })
        let delegate = UnbrokenLinksDelegate()
        let (first, last, count) = lines(width: width, delegate: delegate)
        #expect(count == 1)
        #expect(first == last)
        withExtendedLifetime(delegate) {}
    }
}
