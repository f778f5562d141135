import Testing
@testable import TextKitModel
@testable import TextKit

@Suite("NSTextStorage editing and notifications")
struct NSTextStorageTests {
    @Test("An edit outside a batch is processed at once, in Apple's order")
    func singleEditOrder() {
        let storage = NSTextStorage(string: "Hello world")
        let recorder = EditRecorder(storage)
        storage.replaceCharacters(in: NSRange(location: 6, length: 5), with: "there, TextKit")
        let r = NSRange(location: 6, length: 14)
        #expect(recorder.events == [
            .delegateWill(2, r, 9), .notificationWill, .delegateDid(2, r, 9), .notificationDid,
            .layoutManager(2, r, 9, invalidated: NSRange(location: 0, length: 20)),
        ])
        #expect(storage.string == "Hello there, TextKit")
        // The pending state is cleared after processing.
        #expect(storage.editedMask == [])
        #expect(storage.editedRange.location == NSNotFound)
        #expect(storage.changeInLength == 0)
    }

    @Test("Attribute changes report .editedAttributes and no change in length")
    func attributeEdit() {
        let storage = NSTextStorage(string: "abc\ndef")
        let recorder = EditRecorder(storage)
        storage.addAttribute(.kern, value: 2, range: NSRange(location: 4, length: 2))
        let calls = recorder.layoutCalls
        #expect(calls.count == 1)
        #expect(calls.first?.mask == .editedAttributes)
        #expect(calls.first?.range == NSRange(location: 4, length: 2))
        #expect(calls.first?.delta == 0)
        #expect(calls.first?.invalidated == NSRange(location: 4, length: 3), "extended to the paragraph")
    }

    @Test("Several edits in a batch give one notification with the union range, shifted")
    func batchUnion() {
        let storage = NSTextStorage(string: "0123456789")
        let recorder = EditRecorder(storage)
        storage.beginEditing()
        storage.replaceCharacters(in: NSRange(location: 7, length: 1), with: "xyz")   // {7,3}, +2 → "0123456xyz89"
        storage.replaceCharacters(in: NSRange(location: 1, length: 2), with: "")      // {1,0}, −2 → earlier range shifts to {5,3}
        storage.addAttribute(.kern, value: 1, range: NSRange(location: 0, length: 1)) // {0,1}
        #expect(recorder.events.isEmpty, "nothing is processed inside the batch")
        storage.endEditing()
        #expect(storage.string == "03456xyz89")
        let calls = recorder.layoutCalls
        #expect(calls.count == 1)
        #expect(calls.first?.range == NSRange(location: 0, length: 8))
        #expect(calls.first?.delta == 0)
        #expect(calls.first?.mask == [.editedCharacters, .editedAttributes])
    }

    @Test("Nested beginEditing calls process once, at the outermost endEditing")
    func nestedBatches() {
        let storage = NSTextStorage(string: "abc")
        let recorder = EditRecorder(storage)
        storage.beginEditing()
        storage.beginEditing()
        storage.append(NSAttributedString(string: "d"))
        storage.endEditing()
        #expect(recorder.layoutCalls.isEmpty)
        storage.insert(NSAttributedString(string: "_"), at: 0)
        storage.endEditing()
        #expect(recorder.layoutCalls.count == 1)
        #expect(recorder.layoutCalls.first?.range == NSRange(location: 0, length: 5))
        #expect(recorder.layoutCalls.first?.delta == 2)
    }

    @Test("A deletion inside an earlier edited range clips it")
    func deletionClipsRange() {
        let storage = NSTextStorage(string: "abcdefghij")
        let recorder = EditRecorder(storage)
        storage.beginEditing()
        storage.replaceCharacters(in: NSRange(location: 2, length: 2), with: "WXYZ")  // {2,4} in "abWXYZefghij"
        storage.deleteCharacters(in: NSRange(location: 4, length: 4))                  // deletes "YZef"
        storage.endEditing()
        #expect(storage.string == "abWXghij")
        #expect(recorder.layoutCalls.first?.range == NSRange(location: 2, length: 2))
        #expect(recorder.layoutCalls.first?.delta == -2)
    }

    @Test("Attribute changes made by a delegate are folded into the same round")
    func delegateChangesFold() {
        final class Styler: NSTextStorageDelegate {
            func textStorage(_ textStorage: NSTextStorage, willProcessEditing editedMask: NSTextStorage.EditActions, range editedRange: NSRange, changeInLength delta: Int) {
                textStorage.addAttribute(.underlineStyle, value: 1, range: NSRange(location: 0, length: 1))
            }
        }
        let storage = NSTextStorage(string: "one two")
        let recorder = EditRecorder(storage)
        let styler = Styler()
        storage.delegate = styler
        storage.replaceCharacters(in: NSRange(location: 7, length: 0), with: "!")
        #expect(recorder.layoutCalls.count == 1)
        #expect(recorder.layoutCalls.first?.range == NSRange(location: 0, length: 8))
        #expect(recorder.layoutCalls.first?.mask == [.editedCharacters, .editedAttributes])
        #expect(storage.attribute(.underlineStyle, at: 0, effectiveRange: nil) as? Int == 1)
    }

    @Test("fixAttributes makes paragraph styles uniform per paragraph and drops stray attachments")
    func fixingAttributes() {
        let first = NSMutableParagraphStyle()
        first.alignment = .center
        let second = NSMutableParagraphStyle()
        second.alignment = .right
        let storage = NSTextStorage(string: "ab\ncd")
        let attachment = NSTextAttachment()
        storage.beginEditing()
        storage.addAttribute(.paragraphStyle, value: first, range: NSRange(location: 0, length: 1))
        storage.addAttribute(.paragraphStyle, value: second, range: NSRange(location: 1, length: 4))
        storage.insert(NSAttributedString(attachment: attachment), at: 4)
        storage.addAttribute(.attachment, value: attachment, range: NSRange(location: 3, length: 3))
        storage.endEditing()
        // Paragraph 1 takes its first character's style; paragraph 2 "c￼d" keeps `second`.
        var r = NSRange()
        #expect(storage.attribute(.paragraphStyle, at: 2, effectiveRange: &r) as? NSParagraphStyle == first)
        #expect(r == NSRange(location: 0, length: 3))
        #expect(storage.attribute(.paragraphStyle, at: 3, longestEffectiveRange: &r, in: NSRange(location: 0, length: 6)) as? NSParagraphStyle == second)
        #expect(r == NSRange(location: 3, length: 3))
        // The attachment stays only on U+FFFC.
        #expect(storage.attribute(.attachment, at: 3, effectiveRange: nil) == nil)
        #expect(storage.attribute(.attachment, at: 4, effectiveRange: nil) as? NSTextAttachment === attachment)
        #expect(storage.attribute(.attachment, at: 5, effectiveRange: nil) == nil)
    }

    @Test("Text without paragraph styles or attachments is fixed once an edit brings one in")
    func fixingAfterTheFirstStyleArrives() {
        let storage = NSTextStorage(string: "plain text\nand more plain text")
        storage.replaceCharacters(in: NSRange(location: 2, length: 0), with: "xy")  // nothing to fix yet
        let style = NSMutableParagraphStyle()
        style.alignment = .right
        let attachment = NSTextAttachment()
        let pasted = NSMutableAttributedString(string: "styled")
        pasted.addAttribute(.paragraphStyle, value: style, range: NSRange(location: 0, length: 6))
        pasted.addAttribute(.attachment, value: attachment, range: NSRange(location: 0, length: 6))
        // Pasted mid-paragraph: the paragraph's first character has no style, so none stays;
        // none of the pasted characters is U+FFFC, so the attachment goes.
        storage.replaceCharacters(in: NSRange(location: 4, length: 0), with: pasted)
        var r = NSRange()
        #expect(storage.attribute(.paragraphStyle, at: 5, longestEffectiveRange: &r, in: NSRange(location: 0, length: storage.length)) == nil)
        #expect(r.length == storage.length)
        #expect(storage.attribute(.attachment, at: 5, longestEffectiveRange: &r, in: NSRange(location: 0, length: storage.length)) == nil)
        #expect(r.length == storage.length)
        // At the start of a paragraph the pasted style wins for the whole paragraph.
        storage.replaceCharacters(in: NSRange(location: 0, length: 0), with: pasted)
        #expect(storage.attribute(.paragraphStyle, at: 12, longestEffectiveRange: &r, in: NSRange(location: 0, length: storage.length)) as? NSParagraphStyle == style)
        #expect(r == storage.paragraphRange(for: NSRange(location: 0, length: 0)))
    }

    @Test("processEditing calls an overridden fixAttributes over the edited paragraphs")
    func overriddenFixAttributes() {
        final class FixingStorage: NSTextStorage {
            var fixed: [NSRange] = []
            override func fixAttributes(in range: NSRange) {
                fixed.append(range)
                super.fixAttributes(in: range)
            }
        }
        let storage = FixingStorage(string: "one\ntwo\nthree")
        storage.replaceCharacters(in: NSRange(location: 5, length: 1), with: "W")
        #expect(storage.fixed == [NSRange(location: 4, length: 4)])
    }

    @Test("A lazily fixing subclass fixes only when asked")
    func lazyFixing() {
        final class LazyStorage: NSTextStorage {
            override var fixesAttributesLazily: Bool { true }
        }
        let storage = LazyStorage(string: "abc\ndef")
        let style = NSMutableParagraphStyle()
        style.headIndent = 10
        storage.addAttribute(.paragraphStyle, value: style, range: NSRange(location: 0, length: 1))
        #expect(storage.attribute(.paragraphStyle, at: 1, effectiveRange: nil) == nil, "not fixed yet")
        storage.ensureAttributesAreFixed(in: NSRange(location: 5, length: 1))
        #expect(storage.attribute(.paragraphStyle, at: 1, effectiveRange: nil) == nil, "other paragraph: still not fixed")
        storage.ensureAttributesAreFixed(in: NSRange(location: 1, length: 1))
        #expect(storage.attribute(.paragraphStyle, at: 1, effectiveRange: nil) as? NSParagraphStyle == style)
        #expect(storage.attribute(.paragraphStyle, at: 3, effectiveRange: nil) as? NSParagraphStyle == style)
        #expect(storage.attribute(.paragraphStyle, at: 4, effectiveRange: nil) == nil)
    }

    @Test("Layout managers are attached, told in order, and detached")
    func layoutManagers() {
        let storage = NSTextStorage(string: "x")
        let a = RecordingLayoutManager(), b = RecordingLayoutManager()
        storage.addLayoutManager(a)
        storage.addLayoutManager(b)
        storage.addLayoutManager(a)
        #expect(storage.layoutManagers.count == 2)
        #expect(a.textStorage === storage && b.textStorage === storage)
        storage.removeLayoutManager(a)
        #expect(storage.layoutManagers.count == 1 && storage.layoutManagers[0] === b)
        #expect(a.textStorage == nil)
        let other = NSTextStorage()
        other.addLayoutManager(b)
        #expect(storage.layoutManagers.isEmpty, "moving a layout manager detaches it from its old storage")
        #expect(b.textStorage === other)
    }

    @Test("The layout manager's link to its storage is weak")
    func weakTextStorage() {
        let manager = NSLayoutManager()
        do {
            let storage = NSTextStorage(string: "temporary")
            storage.addLayoutManager(manager)
            #expect(manager.textStorage != nil)
        }
        #expect(manager.textStorage == nil)
    }

    @Test("NSTextStorage has the initialisers of NSAttributedString and inherits its convenience ones")
    func initialisers() {
        #expect(NSTextStorage().length == 0)
        #expect(NSTextStorage(string: "ab").string == "ab")
        let s = NSTextStorage(string: "ab", attributes: [.kern: 1])
        #expect(s.attribute(.kern, at: 1, effectiveRange: nil) as? Int == 1)
        #expect(NSTextStorage(attributedString: s).isEqual(to: s))
        #expect(NSTextStorage(attachment: NSTextAttachment()).string == "\u{FFFC}")
        #expect(s._primitives == .builtInNotifying)
    }
}
