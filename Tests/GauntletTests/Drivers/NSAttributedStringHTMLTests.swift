import Foundation
import Testing
import UIKit

// Drives Ported/NSAttributedString+HTML/NSAttributedStringExtensions.swift (vokal/VOKUtilities),
// compiled unchanged: HTML in UTF-16 (with its byte-order mark) read by OpenTextKit's HTML importer.

@Suite("Gauntlet: VOKUtilities NSAttributedString(HTMLString:)")
struct NSAttributedStringHTMLTests {
    static let html = #"<p>Test test <a href="https://www.example.com/">Example</a></p>"#

    @Test("Upstream's test: a paragraph with a link reads, with the attributes laid over it")
    func initWithHTMLString() throws {
        let string = try #require(NSAttributedString(HTMLString: Self.html, attributes: [.foregroundColor: UIColor.blue]))
        #expect(string.string.hasPrefix("Test test Example"))
        let example = (string.string as NSString).range(of: "Example")
        let link = string.attribute(.link, at: example.location, effectiveRange: nil)
        #expect((link as? URL)?.absoluteString == "https://www.example.com/")
        // The added colour is over every character, the link's own included.
        for index in [0, example.location, string.length - 1] {
            #expect(string.attribute(.foregroundColor, at: index, effectiveRange: nil) as? UIColor == .blue)
        }
    }

    @Test("Bold and italic become the fonts' traits; without attributes the importer's own remain")
    func emphasis() throws {
        let string = try #require(NSAttributedString(HTMLString: "<p>plain <b>bold</b> <i>italic</i></p>"))
        let text = string.string as NSString
        func traits(_ word: String) -> UIFontDescriptor.SymbolicTraits {
            (string.attribute(.font, at: text.range(of: word).location, effectiveRange: nil) as? UIFont)?.fontDescriptor.symbolicTraits ?? []
        }
        #expect(traits("bold").contains(.traitBold))
        #expect(traits("italic").contains(.traitItalic))
        #expect(!traits("plain").contains(.traitBold) && !traits("plain").contains(.traitItalic))
        #expect((string.attribute(.font, at: 0, effectiveRange: nil) as? UIFont)?.pointSize == 12)   // Times 12, as Apple's
    }
}
