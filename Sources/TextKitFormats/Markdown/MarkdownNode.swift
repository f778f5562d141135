/// A node of the CommonMark document tree the Markdown reader builds (blocks and inlines).
final class MarkdownNode {
    enum Kind: Equatable {
        case document
        case blockQuote
        case list
        case item
        case paragraph
        case heading(Int)
        case thematicBreak
        case codeBlock
        case htmlBlock
        // GitHub's extensions (``CommonMark/Extensions``)
        case table
        case tableRow
        case tableCell
        // inlines
        case text(String)
        case softBreak
        case hardBreak
        case code(String)
        case emphasis
        case strong
        case link(destination: String, title: String)
        case image(destination: String, title: String)
        case html(String)
        case strikethrough
    }

    /// A table column's alignment, from the colons of the delimiter row.
    enum TableAlignment: Equatable { case none, left, center, right }

    var kind: Kind
    var children: [MarkdownNode] = []
    weak var parent: MarkdownNode?
    /// Siblings while inlines are parsed (``InlineList``): moving a run of nodes into an emphasis
    /// or link node costs its length, not the paragraph's.
    var next: MarkdownNode?
    weak var previous: MarkdownNode?

    // Block parsing state
    var isOpen = true
    /// Raw text of a paragraph, heading or code block (lines joined with "\n").
    var content = ""
    var lastLineBlank = false
    var startLine = 0

    // Lists and items
    var listOrdered = false
    var listBullet: Character = "*"
    var listDelimiter: Character = "."
    var listStart = 1
    var listTight = true
    var markerOffset = 0
    var itemPadding = 0

    // Code blocks
    var isFenced = false
    var fenceCharacter: Unicode.Scalar = "`"
    var fenceLength = 0
    var fenceOffset = 0
    var info = ""

    // HTML blocks
    var htmlBlockType = 0

    // GitHub's extensions
    /// A table's columns.
    var tableAlignments: [TableAlignment] = []
    /// A task list item's box: nil for an ordinary item.
    var taskChecked: Bool?

    init(_ kind: Kind) {
        self.kind = kind
    }

    func append(_ child: MarkdownNode) {
        child.parent = self
        children.append(child)
    }

    var isContainer: Bool {
        switch kind {
        case .document, .blockQuote, .list, .item: return true
        default: return false
        }
    }

    /// Whether the block takes the remaining text of lines added to it (code, HTML, paragraph).
    var acceptsLines: Bool {
        switch kind {
        case .paragraph, .codeBlock, .htmlBlock: return true
        default: return false
        }
    }
}

/// A doubly linked list of inline nodes (the paragraph being parsed).
struct InlineList {
    private(set) var head: MarkdownNode?
    private(set) var tail: MarkdownNode?

    mutating func append(_ node: MarkdownNode) {
        node.previous = tail
        node.next = nil
        if let tail { tail.next = node } else { head = node }
        tail = node
    }

    mutating func remove(_ node: MarkdownNode) {
        if let p = node.previous { p.next = node.next } else { head = node.next }
        if let n = node.next { n.previous = node.previous } else { tail = node.previous }
        node.next = nil
        node.previous = nil
    }

    /// Unlinks the nodes strictly between `a` and `b` (or after `a` to the end when `b` is nil)
    /// and returns them in order.
    mutating func detach(after a: MarkdownNode, before b: MarkdownNode?) -> [MarkdownNode] {
        var out: [MarkdownNode] = []
        var node = a.next
        while let current = node, current !== b {
            node = current.next
            current.next = nil
            current.previous = nil
            out.append(current)
        }
        a.next = b
        if let b { b.previous = a } else { tail = a }
        return out
    }

    /// Links `node` right after `a`.
    mutating func insert(_ node: MarkdownNode, after a: MarkdownNode) {
        node.previous = a
        node.next = a.next
        if let n = a.next { n.previous = node } else { tail = node }
        a.next = node
    }

    /// The nodes in order; unlinks them.
    mutating func array() -> [MarkdownNode] {
        var out: [MarkdownNode] = []
        var node = head
        while let current = node {
            node = current.next
            current.next = nil
            current.previous = nil
            out.append(current)
        }
        head = nil
        tail = nil
        return out
    }
}
