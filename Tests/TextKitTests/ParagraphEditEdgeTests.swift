import Testing
@testable import TextKit
import TextKitGraphics
import TextKitModel

/// Edits at the end of text that ends with a paragraph separator, where the paragraph store keeps
/// a final empty paragraph (found by the text view's randomized editing test).
@Suite("Paragraph store: edits next to a final separator")
struct ParagraphEditEdgeTests {
    @Test("Replacing, inserting and deleting before a final separator keeps one final empty paragraph",
          arguments: [
            ("ab\n", NSRange(location: 1, length: 0), "x"),
            ("ab\n", NSRange(location: 2, length: 1), "\n\n"),
            ("ab\r\n", NSRange(location: 2, length: 2), "\r\n"),
            ("ab\r\n", NSRange(location: 3, length: 0), "c"),
            ("a\nb\n", NSRange(location: 2, length: 2), ""),
            ("a\nb\n", NSRange(location: 1, length: 3), "\r"),
            ("a\n\n", NSRange(location: 2, length: 1), "cc\n"),
            ("a\r\n", NSRange(location: 1, length: 1), ""),
            ("a\r\n", NSRange(location: 2, length: 1), ""),
            ("a\r", NSRange(location: 2, length: 0), "\n"),
            ("a\r\nb\r\n", NSRange(location: 3, length: 3), "c\r"),
          ])
    func edit(text: String, range: NSRange, replacement: String) {
        Self.editAndLayOutFresh(text, range: range, replacement: replacement, height: 1000) { edited, fresh in
            #expect(edited.flow.store.count == fresh.flow.store.count)
            #expect(edited.usedRect(for: edited.textContainers[0]) == fresh.usedRect(for: fresh.textContainers[0]))
        }
    }

    @Test("An edit across thousands of paragraphs (many leaves of the paragraph tree) leaves the store a fresh layout would have")
    func editAcrossManyLeaves() {
        let text = (0..<3000).map { "Paragraph \($0) of the store." }.joined(separator: "\n")
        let ns = text as NSString
        let from = ns.range(of: "Paragraph 100 ").location + 5, to = ns.range(of: "Paragraph 2900 ").location + 5
        Self.editAndLayOutFresh(text, range: NSRange(location: from, length: to - from), replacement: "joined\nthen ",
                                height: 1e7) { edited, fresh in
            #expect(edited.flow.store.count == fresh.flow.store.count)
            #expect(edited.flow.store.count == 3000 - 2800 + 1)
            #expect(edited.usedRect(for: edited.textContainers[0]) == fresh.usedRect(for: fresh.textContainers[0]))
        }
    }

    /// `text` laid out in a container 200 points wide and `height` tall, then edited and laid out
    /// again (its store's invariants checked), given to `check` beside a fresh layout of the edited
    /// text (both storages alive meanwhile: a layout manager does not keep its storage).
    static func editAndLayOutFresh(_ text: String, range: NSRange, replacement: String, height: CGFloat,
                                   check: (_ edited: NSLayoutManager, _ fresh: NSLayoutManager) -> Void) {
        let storage = NSTextStorage(string: text)
        let manager = NSLayoutManager()
        let container = NSTextContainer(size: CGSize(width: 200, height: height))
        manager.addTextContainer(container)
        storage.addLayoutManager(manager)
        manager.ensureLayout(for: container)
        storage.replaceCharacters(in: range, with: replacement)
        manager.ensureLayout(for: container)
        manager.flow.store.checkInvariants(length: storage.length)
        let fresh = NSLayoutManager()
        let freshContainer = NSTextContainer(size: CGSize(width: 200, height: height))
        fresh.addTextContainer(freshContainer)
        let freshStorage = NSTextStorage(attributedString: storage)
        freshStorage.addLayoutManager(fresh)
        fresh.ensureLayout(for: freshContainer)
        withExtendedLifetime((storage, freshStorage)) { check(manager, fresh) }
    }
}
