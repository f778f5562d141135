import Foundation
import Testing
import UIKit

// Drives Ported/TokenTextViewTextStorage/TokenTextViewTextStorage.swift (hootsuite/token-ui),
// compiled unchanged: a concrete NSTextStorage subclass over an NSMutableAttributedString backing
// store. The checks are token-ui's own tests (TokenTextViewTextStorageTests) and the behaviour of
// its processEditing(): smart quotes and the formatting attributes of the edited line.

// The declarations the file uses from its sibling TokenTextViewController.swift are in
// Support/TokenTextViewTextStorage+Siblings.swift.

/// A delegate that colours tokens and asks for one extra format.
final class TokenColours: TokenTextViewTextStorageDelegate {
    var extra: [(attributes: [NSAttributedString.Key: Any], forRange: NSRange)] = []
    func textStorageIsUpdatingFormatting(_ sender: TokenTextViewTextStorage, text: String, searchRange: NSRange) -> [(attributes: [NSAttributedString.Key: Any], forRange: NSRange)]? {
        extra
    }
    func textStorageBackgroundColourForTokenRef(_ sender: TokenTextViewTextStorage, tokenRef: TokenReference) -> UIColor? {
        .yellow
    }
    func textStorageForegroundColourForTokenRef(_ sender: TokenTextViewTextStorage, tokenRef: TokenReference) -> UIColor? {
        .red
    }
}

@Suite("Gauntlet: token-ui TokenTextViewTextStorage")
struct TokenTextViewTextStorageTests {
    /// token-ui's fixture: "Hello  how are you", then a token "@davidby" inserted at 6.
    func createMentionText() -> TokenTextViewTextStorage {
        let textStorage = TokenTextViewTextStorage()
        textStorage.insert(NSAttributedString(string: "Hello  how are you"), at: 0)
        let mention = NSAttributedString(string: "@davidby", attributes: [TokenTextViewControllerConstants.tokenAttributeName: "token-reference"])
        textStorage.insert(mention, at: 6)
        return textStorage
    }

    @Test("string and replaceCharacters")
    func stringAndReplace() {
        let text = createMentionText()
        #expect(text.string == "Hello @davidby how are you")
        text.replaceCharacters(in: NSRange(location: 6, length: 8), with: "@kenbritton")
        #expect(text.string == "Hello @kenbritton how are you")
        #expect(text.length == 29)
    }

    @Test("tokenList")
    func tokenList() throws {
        let tokens = createMentionText().tokenList
        #expect(tokens.count == 1)
        let token = try #require(tokens.first)
        #expect(token.reference == "token-reference")
        #expect(token.text == "@davidby")
        #expect(token.range == NSRange(location: 6, length: 8))
    }

    @Test("rangeIntersectsToken and tokensIntersectingRange")
    func intersections() {
        let text = createMentionText()
        #expect(text.rangeIntersectsToken(NSRange(location: 0, length: 3)) == false)
        #expect(text.rangeIntersectsToken(NSRange(location: 3, length: 5)) == true)
        #expect(text.tokensIntersectingRange(NSRange(location: 0, length: 3)).isEmpty)
        #expect(text.tokensIntersectingRange(NSRange(location: 3, length: 5)) == ["token-reference"])
    }

    @Test("isValidEditingRange: enclosing or missing a token is valid, overlapping or inside is not")
    func validEditingRanges() {
        let text = createMentionText()
        #expect(text.isValidEditingRange(NSRange(location: 0, length: 3)))
        #expect(text.isValidEditingRange(NSRange(location: 4, length: 12)))
        #expect(!text.isValidEditingRange(NSRange(location: 5, length: 4)))
        #expect(!text.isValidEditingRange(NSRange(location: 10, length: 8)))
        #expect(!text.isValidEditingRange(NSRange(location: 8, length: 4)))
        #expect(text.isValidEditingRange(NSRange(location: 9, length: 0)))
    }

    @Test("Straight quotes become curly quotes as they are typed")
    func smartQuotes() {
        let text = TokenTextViewTextStorage()
        text.replaceCharacters(in: NSRange(location: 0, length: 0), with: "\"Hi\" it's 'x'")
        #expect(text.string == "“Hi” it’s ‘x’")
        text.replaceCharacters(in: NSRange(location: text.length, length: 0), with: "\n\"a")
        #expect(text.string == "“Hi” it’s ‘x’\n“a")
    }

    @Test("An edit gives its line the storage's font, text colour and zero kern")
    func formattingOfEditedLine() {
        let text = TokenTextViewTextStorage()
        let font = UIFont(name: "DejaVu Sans", size: 14)!
        text.font = font
        text.replaceCharacters(in: NSRange(location: 0, length: 0), with: "first line\nsecond")
        var range = NSRange()
        #expect(text.attribute(.font, at: 0, effectiveRange: &range) as? UIFont == font)
        #expect(range == NSRange(location: 0, length: 17))
        #expect(text.attribute(.foregroundColor, at: 12, effectiveRange: nil) as? UIColor == UIColor(white: 36.0 / 255.0, alpha: 1))
        #expect(text.attribute(.kern, at: 3, effectiveRange: nil) as? Double == 0)
    }

    @Test("Tokens get the delegate's colours inside their padding spaces and kern on their ends")
    func tokenFormatting() {
        let text = TokenTextViewTextStorage()
        let colours = TokenColours()
        text.formattingDelegate = colours
        text.replaceCharacters(in: NSRange(location: 0, length: 0), with: "Hithere")
        // A token is displayed with a space on each side (effectiveTokenDisplayText).
        let display = text.effectiveTokenDisplayText("@bob")
        #expect(display == " @bob ")
        text.replaceCharacters(in: NSRange(location: 2, length: 0), with: display)
        text.addAttribute(TokenTextViewControllerConstants.tokenAttributeName, value: "bob", range: NSRange(location: 2, length: 6))
        text.updateFormatting()
        #expect(text.string == "Hi @bob there")
        // The display range is the token without its padding: {3, 4}.
        #expect(text.attribute(.backgroundColor, at: 3, effectiveRange: nil) as? UIColor == .yellow)
        #expect(text.attribute(.backgroundColor, at: 6, effectiveRange: nil) as? UIColor == .yellow)
        #expect(text.attribute(.backgroundColor, at: 2, effectiveRange: nil) == nil)
        #expect(text.attribute(.backgroundColor, at: 7, effectiveRange: nil) == nil)
        #expect(text.attribute(.foregroundColor, at: 4, effectiveRange: nil) as? UIColor == .red)
        #expect(text.attribute(.foregroundColor, at: 9, effectiveRange: nil) as? UIColor == text.textColor)
        #expect(text.attribute(.kern, at: 2, effectiveRange: nil) as? Double == 3)
        #expect(text.attribute(.kern, at: 7, effectiveRange: nil) as? Double == 3)
        #expect(text.attribute(.kern, at: 4, effectiveRange: nil) as? Double == 0)
    }

    @Test("An input anchor is coloured with the link colour and found by anchorTextAndRange()")
    func inputAnchor() throws {
        let text = TokenTextViewTextStorage()
        text.replaceCharacters(in: NSRange(location: 0, length: 0), with: "Hi @jo")
        text.addAttribute(TokenTextViewControllerConstants.inputTextAttributeName,
                          value: TokenTextViewControllerConstants.inputTextAttributeAnchorValue,
                          range: NSRange(location: 3, length: 3))
        text.updateFormatting()
        let (anchor, range) = try #require(text.anchorTextAndRange())
        #expect(anchor == "@jo")
        #expect(range == NSRange(location: 3, length: 3))
        #expect(text.attribute(.foregroundColor, at: 4, effectiveRange: nil) as? UIColor == text.linkColor)
        #expect(text.rangeIntersectsTokenInput(NSRange(location: 2, length: 2)))
        text.clearEditingAttributes()
        #expect(text.anchorTextAndRange() == nil)
        #expect(text.attribute(.foregroundColor, at: 4, effectiveRange: nil) as? UIColor == text.textColor)
    }

    @Test("A layout manager on the storage hears every edit (edited(_:range:changeInLength:))")
    func layoutManagerSeesEdits() {
        let text = createMentionText()
        let layoutManager = NSLayoutManager()
        let container = NSTextContainer(size: CGSize(width: 300, height: 1000))
        layoutManager.addTextContainer(container)
        text.addLayoutManager(layoutManager)
        #expect(layoutManager.numberOfGlyphs == 26)
        text.replaceCharacters(in: NSRange(location: 6, length: 8), with: "@kenbritton")
        #expect(layoutManager.numberOfGlyphs == 29)
    }
}
