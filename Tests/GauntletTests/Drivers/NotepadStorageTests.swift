import Foundation
import Testing
import UIKit

// Drives Ported/NotepadStorage/ (ruddfawcett/Notepad). The checks come from the README
// (programmatic themes), the regexes in Element.swift, one-light.json, and Apple's NSTextStorage
// subclassing notes (edited ranges and change in length).

@Suite("Gauntlet: Notepad Storage")
struct NotepadStorageTests {
    static let regular = UIFont(name: "DejaVu Sans", size: 15)!
    static let bold = UIFont(name: "DejaVu Sans Bold", size: 15)!
    static let italic = UIFont(name: "DejaVu Sans Oblique", size: 15)!
    static let code = UIFont(name: "DejaVu Sans Mono", size: 15)!

    func storage() -> Storage {
        var theme = Theme()
        theme.body = Style(element: .body, attributes: [.font: Self.regular])
        theme.styles = [
            Style(element: .h1, attributes: [.foregroundColor: UIColor.red]),
            Style(element: .h2, attributes: [.foregroundColor: UIColor.blue]),
            Style(element: .bold, attributes: [.font: Self.bold]),
            Style(element: .italic, attributes: [.font: Self.italic]),
            Style(element: .code, attributes: [.font: Self.code]),
        ]
        let storage = Storage()
        storage.theme = theme
        return storage
    }

    func font(_ storage: Storage, _ at: Int) -> UIFont? { storage.attribute(.font, at: at, effectiveRange: nil) as? UIFont }
    func colour(_ storage: Storage, _ at: Int) -> UIColor? { storage.attribute(.foregroundColor, at: at, effectiveRange: nil) as? UIColor }

    @Test("**bold** gets the bold style; the rest of the line the body style (README)")
    func bold() {
        let storage = storage()
        storage.replaceCharacters(in: NSRange(location: 0, length: 0), with: "This is some **bold** text.")
        #expect(storage.string == "This is some **bold** text.")
        #expect(font(storage, 0) == Self.regular)
        #expect(font(storage, 11) == Self.regular)
        // The match takes the character before the asterisks too: the regex begins (^|[\\W_]).
        #expect(font(storage, 12) == Self.bold)
        #expect(font(storage, 13) == Self.bold)
        #expect(font(storage, 20) == Self.bold)
        #expect(font(storage, 22) == Self.regular)
    }

    @Test("Headers: # is h1 over the whole line, ## is h2 not h1, a mid-line # is neither")
    func headers() {
        let storage = storage()
        storage.replaceCharacters(in: NSRange(location: 0, length: 0), with: "# Title\n## Sub\nsee #tag")
        #expect(colour(storage, 0) == .red)
        #expect(colour(storage, 6) == .red)
        #expect(colour(storage, 8) == .blue)
        #expect(colour(storage, 13) == .blue)
        #expect(colour(storage, 19) == nil)
    }

    @Test("Inline code and italics; **b** is not italic")
    func codeAndItalic() {
        let storage = storage()
        storage.replaceCharacters(in: NSRange(location: 0, length: 0), with: "a `x` b *it* c **b**")
        #expect(font(storage, 2) == Self.code)
        #expect(font(storage, 4) == Self.code)
        #expect(font(storage, 8) == Self.italic)
        #expect(font(storage, 11) == Self.italic)
        #expect(font(storage, 16) == Self.bold)
        #expect(font(storage, 6) == Self.regular)
    }

    /// Hears the storage's edits, as a layout manager does.
    final class EditRecorder: NSObject, NSTextStorageDelegate {
        var edits: [(NSTextStorage.EditActions, NSRange, Int)] = []
        func textStorage(_ textStorage: NSTextStorage, didProcessEditing editedMask: NSTextStorage.EditActions,
                         range editedRange: NSRange, changeInLength delta: Int) {
            edits.append((editedMask, editedRange, delta))
        }
    }

    @Test("Edits report their range and change in length, and string follows the backing store")
    func editReporting() throws {
        let storage = storage()
        let recorder = EditRecorder()
        storage.delegate = recorder
        storage.replaceCharacters(in: NSRange(location: 0, length: 0), with: "hello")
        storage.replaceCharacters(in: NSRange(location: 5, length: 0), with: " **w**")
        storage.replaceCharacters(in: NSRange(location: 0, length: 5), with: "hi")
        #expect(storage.string == "hi **w**")
        #expect(storage.length == 8)
        #expect(recorder.edits.count == 3)
        let last = try #require(recorder.edits.last)
        #expect(last.0.contains(.editedCharacters))
        #expect(last.1 == NSRange(location: 0, length: 2))
        #expect(last.2 == -3)
        #expect(font(storage, 3) == Self.bold)
    }

    @Test("A JSON theme: one-light.json's editor colours and body style")
    func jsonTheme() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Upstream/NotepadStorage/one-light.json").path
        let theme = Theme(themePath: path)
        #expect(theme.backgroundColor == UIColor(red: 1, green: 1, blue: 1, alpha: 1))
        #expect(theme.tintColor == UIColor(red: 0xE5 / 255.0, green: 0x5D / 255.0, blue: 0x51 / 255.0, alpha: 1))
        let body = try #require(theme.body.attributes[.font] as? UIFont)
        #expect(body.pointSize == 15)
        #expect(theme.body.attributes[.foregroundColor] as? UIColor == UIColor(red: 0x38 / 255.0, green: 0x3A / 255.0, blue: 0x42 / 255.0, alpha: 1))
        #expect(!theme.styles.isEmpty)
    }
}
