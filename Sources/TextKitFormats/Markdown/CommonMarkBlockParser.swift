/// The block phase of a CommonMark 0.30 parser: lines → a tree of container and leaf blocks,
/// following the specification's "Appendix: A parsing strategy" (open blocks are matched line by
/// line; new block starts are tried in the spec's order; lazy paragraph continuation). Paragraph
/// and heading text is left raw for ``CommonMarkInlineParser``.
///
/// Input of any size and shape is parsed in time linear in its length per nesting level; nesting
/// is capped at ``maximumNesting`` container levels (deeper markers are read as text).
struct CommonMarkBlockParser {
    static let maximumNesting = 100

    let document = MarkdownNode(.document)
    var references: [String: (destination: String, title: String)] = [:]

    private var tip: MarkdownNode
    private var oldTip: MarkdownNode
    private var lastMatchedContainer: MarkdownNode
    private var line: [Unicode.Scalar] = []
    private var lineNumber = 0
    private var offset = 0
    private var column = 0
    private var nextNonspace = 0
    private var nextNonspaceColumn = 0
    private var indent = 0
    private var indented = false
    private var blank = false
    private var partiallyConsumedTab = false
    private var allClosed = true
    private var depth = 0

    init() {
        tip = document
        oldTip = document
        lastMatchedContainer = document
    }

    /// Parses `text` and returns the document (open blocks finalised).
    mutating func parse(_ text: String) -> MarkdownNode {
        var current: [Unicode.Scalar] = []
        var previousCR = false
        for scalar in text.unicodeScalars {
            if scalar == "\n" && previousCR { previousCR = false; continue }
            previousCR = scalar == "\r"
            if scalar == "\n" || scalar == "\r" {
                incorporate(current)
                current.removeAll(keepingCapacity: true)
            } else {
                current.append(scalar == "\u{0}" ? "\u{FFFD}" : scalar)
            }
        }
        if !current.isEmpty { incorporate(current) }
        var open: MarkdownNode? = tip
        while let block = open, block !== document { finalize(block); open = block.parent }
        finalize(document)
        return document
    }

    // MARK: Line state

    private func peek(_ i: Int) -> Unicode.Scalar? { i < line.count ? line[i] : nil }
    private static func isSpaceOrTab(_ c: Unicode.Scalar?) -> Bool { c == " " || c == "\t" }

    private mutating func findNextNonspace() {
        var i = offset, cols = column
        while i < line.count {
            let c = line[i]
            if c == " " { i += 1; cols += 1 } else if c == "\t" { i += 1; cols += 4 - (cols % 4) } else { break }
        }
        blank = i >= line.count
        nextNonspace = i
        nextNonspaceColumn = cols
        indent = nextNonspaceColumn - column
        indented = indent >= 4
    }

    private mutating func advanceNextNonspace() {
        offset = nextNonspace
        column = nextNonspaceColumn
        partiallyConsumedTab = false
    }

    private mutating func advanceOffset(_ count: Int, columns: Bool) {
        var count = count
        while count > 0, offset < line.count {
            let c = line[offset]
            if c == "\t" {
                let charsToTab = 4 - (column % 4)
                if columns {
                    partiallyConsumedTab = charsToTab > count
                    let charsToAdvance = min(charsToTab, count)
                    column += charsToAdvance
                    offset += partiallyConsumedTab ? 0 : 1
                    count -= charsToAdvance
                } else {
                    partiallyConsumedTab = false
                    column += charsToTab
                    offset += 1
                    count -= 1
                }
            } else {
                partiallyConsumedTab = false
                offset += 1
                column += 1
                count -= 1
            }
        }
    }

    // MARK: Lines

    private mutating func incorporate(_ newLine: [Unicode.Scalar]) {
        line = newLine
        lineNumber += 1
        offset = 0
        column = 0
        blank = false
        partiallyConsumedTab = false
        oldTip = tip
        var container = document
        depth = 0
        // 1. Which open blocks does the line continue?
        while let last = container.children.last, last.isOpen {
            container = last
            findNextNonspace()
            switch continues(container) {
            case .matched: continue
            case .notMatched: container = container.parent ?? document
            case .lineDone: return
            }
            break
        }
        allClosed = container === oldTip
        lastMatchedContainer = container
        var matchedLeaf = container.kind != .paragraph && container.acceptsLines
        // 2. New block starts.
        while !matchedLeaf {
            findNextNonspace()
            if !indented, let c = peek(nextNonspace), !"#`~*+_=<>-0123456789".unicodeScalars.contains(c) {
                advanceNextNonspace()
                break
            }
            guard depth < Self.maximumNesting else { advanceNextNonspace(); break }
            let start = tryBlockStarts(container)
            if start == .none { advanceNextNonspace(); break }
            container = tip
            depth += 1
            if start == .leaf { matchedLeaf = true }
        }
        // 3. The rest of the line.
        if !allClosed && !blank && tip.kind == .paragraph {
            addLine()  // lazy paragraph continuation
            return
        }
        closeUnmatchedBlocks()
        if blank, let last = container.children.last { last.lastLineBlank = true }
        let lastLineBlank = blank && !(container.kind == .blockQuote || (container.kind == .codeBlock && container.isFenced)
            || (container.kind == .item && container.children.isEmpty && container.startLine == lineNumber))
        var cont: MarkdownNode? = container
        while let c = cont { c.lastLineBlank = lastLineBlank; cont = c.parent }
        if container.acceptsLines {
            addLine()
            if container.kind == .htmlBlock, (1...5).contains(container.htmlBlockType),
               CommonMarkHTML.endsBlock(type: container.htmlBlockType, Array(line[min(offset, line.count)...])) {
                finalize(container)
            }
        } else if offset < line.count && !blank {
            add(MarkdownNode(.paragraph), to: container)
            advanceNextNonspace()
            addLine()
        }
    }

    private enum Continuation { case matched, notMatched, lineDone }

    private mutating func continues(_ block: MarkdownNode) -> Continuation {
        switch block.kind {
        case .document, .list: return .matched
        case .blockQuote:
            guard !indented, peek(nextNonspace) == ">" else { return .notMatched }
            advanceNextNonspace()
            advanceOffset(1, columns: false)
            if Self.isSpaceOrTab(peek(offset)) { advanceOffset(1, columns: true) }
            return .matched
        case .item:
            if blank {
                if block.children.isEmpty { return .notMatched }
                advanceNextNonspace()
                return .matched
            }
            guard indent >= block.markerOffset + block.itemPadding else { return .notMatched }
            advanceOffset(block.markerOffset + block.itemPadding, columns: true)
            return .matched
        case .codeBlock:
            if block.isFenced {
                if indent <= 3, peek(nextNonspace) == block.fenceCharacter {
                    var i = nextNonspace, n = 0
                    while i < line.count, line[i] == block.fenceCharacter { i += 1; n += 1 }
                    var j = i
                    while j < line.count, Self.isSpaceOrTab(line[j]) { j += 1 }
                    if n >= block.fenceLength && j == line.count {
                        finalize(block)
                        return .lineDone
                    }
                }
                var i = block.fenceOffset
                while i > 0, Self.isSpaceOrTab(peek(offset)) { advanceOffset(1, columns: true); i -= 1 }
                return .matched
            }
            if indent >= 4 { advanceOffset(4, columns: true); return .matched }
            if blank { advanceNextNonspace(); return .matched }
            return .notMatched
        case .htmlBlock:
            return blank && (block.htmlBlockType == 6 || block.htmlBlockType == 7) ? .notMatched : .matched
        case .paragraph:
            return blank ? .notMatched : .matched
        default:
            return .notMatched
        }
    }

    private mutating func closeUnmatchedBlocks() {
        guard !allClosed else { return }
        while oldTip !== lastMatchedContainer {
            guard let parent = oldTip.parent else { break }
            finalize(oldTip)
            oldTip = parent
        }
        allClosed = true
    }

    /// Adds `block` under the nearest open ancestor of `parent` that can hold it.
    private mutating func add(_ block: MarkdownNode, to parent: MarkdownNode) {
        var parent = parent
        while !Self.canContain(parent, block), let up = parent.parent { finalize(parent); parent = up }
        block.startLine = lineNumber
        parent.append(block)
        tip = block
    }

    private static func canContain(_ parent: MarkdownNode, _ child: MarkdownNode) -> Bool {
        switch parent.kind {
        case .document, .blockQuote, .item: return child.kind != .item
        case .list: return child.kind == .item
        default: return false
        }
    }

    private mutating func addLine() {
        if partiallyConsumedTab {
            offset += 1
            let charsToTab = 4 - (column % 4)
            tip.content += String(repeating: " ", count: charsToTab)
        }
        if offset < line.count {
            var s = String.UnicodeScalarView()
            s.append(contentsOf: line[offset...])
            tip.content += String(s)
        }
        tip.content += "\n"
    }

    // MARK: Block starts

    private enum Start { case none, container, leaf }

    private mutating func tryBlockStarts(_ container: MarkdownNode) -> Start {
        let c = peek(nextNonspace)
        // Block quote
        if !indented, c == ">" {
            advanceNextNonspace()
            advanceOffset(1, columns: false)
            if Self.isSpaceOrTab(peek(offset)) { advanceOffset(1, columns: true) }
            closeUnmatchedBlocks()
            add(MarkdownNode(.blockQuote), to: container)
            return .container
        }
        // ATX heading
        if !indented, c == "#" {
            var i = nextNonspace, level = 0
            while i < line.count, line[i] == "#" { i += 1; level += 1 }
            if level <= 6, i == line.count || Self.isSpaceOrTab(line[i]) {
                advanceNextNonspace()
                advanceOffset(level, columns: false)
                closeUnmatchedBlocks()
                let heading = MarkdownNode(.heading(level))
                heading.content = Self.atxContent(Array(line[offset...]))
                add(heading, to: container)
                offset = line.count
                return .leaf
            }
        }
        // Fenced code
        if !indented, c == "`" || c == "~", let c {
            var i = nextNonspace, n = 0
            while i < line.count, line[i] == c { i += 1; n += 1 }
            let rest = line[i...]
            if n >= 3, c == "~" || !rest.contains("`") {
                closeUnmatchedBlocks()
                let code = MarkdownNode(.codeBlock)
                code.isFenced = true
                code.fenceCharacter = c
                code.fenceLength = n
                code.fenceOffset = indent
                add(code, to: container)
                advanceNextNonspace()
                advanceOffset(n, columns: false)
                return .leaf
            }
        }
        // HTML block
        if !indented, c == "<" {
            let rest = Array(line[nextNonspace...])
            for type in 1...7 {
                guard CommonMarkHTML.startsBlock(type: type, rest), type < 7 || (container.kind != .paragraph && !(!allClosed && !blank && tip.kind == .paragraph)) else { continue }
                closeUnmatchedBlocks()
                let html = MarkdownNode(.htmlBlock)
                html.htmlBlockType = type
                add(html, to: container)
                return .leaf
            }
        }
        // Setext heading underline
        if !indented, container.kind == .paragraph, c == "=" || c == "-", let c {
            var i = nextNonspace
            while i < line.count, line[i] == c { i += 1 }
            while i < line.count, Self.isSpaceOrTab(line[i]) { i += 1 }
            if i == line.count {
                closeUnmatchedBlocks()
                let remaining = extractReferences(container.content)
                if !remaining.isEmpty {
                    let heading = MarkdownNode(.heading(c == "=" ? 1 : 2))
                    heading.content = remaining
                    heading.startLine = container.startLine
                    if let parent = container.parent, let index = parent.children.firstIndex(where: { $0 === container }) {
                        parent.children[index] = heading
                        heading.parent = parent
                    }
                    tip = heading
                    offset = line.count
                    return .leaf
                }
                container.content = ""
            }
        }
        // Thematic break
        if !indented, c == "*" || c == "_" || c == "-", let c, Self.isThematicBreak(line[nextNonspace...], c) {
            closeUnmatchedBlocks()
            add(MarkdownNode(.thematicBreak), to: container)
            offset = line.count
            return .leaf
        }
        // List item
        if !indented || container.kind == .list, let item = parseListMarker(container) {
            closeUnmatchedBlocks()
            if tip.kind != .list || !Self.sameListType(tip, item) {
                let list = MarkdownNode(.list)
                list.listOrdered = item.listOrdered
                list.listBullet = item.listBullet
                list.listDelimiter = item.listDelimiter
                list.listStart = item.listStart
                add(list, to: container)
            }
            add(item, to: tip)
            return .container
        }
        // Indented code
        if indented, tip.kind != .paragraph, !blank {
            advanceOffset(4, columns: true)
            closeUnmatchedBlocks()
            add(MarkdownNode(.codeBlock), to: container)
            return .leaf
        }
        return .none
    }

    private static func sameListType(_ list: MarkdownNode, _ item: MarkdownNode) -> Bool {
        list.listOrdered == item.listOrdered && (list.listOrdered ? list.listDelimiter == item.listDelimiter : list.listBullet == item.listBullet)
    }

    private static func isThematicBreak(_ s: ArraySlice<Unicode.Scalar>, _ c: Unicode.Scalar) -> Bool {
        var n = 0
        for x in s {
            if x == c { n += 1 } else if x != " " && x != "\t" { return false }
        }
        return n >= 3
    }

    /// The heading text after the opening #s: trimmed, without a closing sequence of #s.
    private static func atxContent(_ s: [Unicode.Scalar]) -> String {
        var end = s.count
        while end > 0, isSpaceOrTab(s[end - 1]) { end -= 1 }
        var hashes = end
        while hashes > 0, s[hashes - 1] == "#" { hashes -= 1 }
        if hashes < end, hashes == 0 || isSpaceOrTab(s[hashes - 1]) { end = hashes }
        while end > 0, isSpaceOrTab(s[end - 1]) { end -= 1 }
        var start = 0
        while start < end, isSpaceOrTab(s[start]) { start += 1 }
        var v = String.UnicodeScalarView()
        v.append(contentsOf: s[start..<end])
        return String(v)
    }

    private mutating func parseListMarker(_ container: MarkdownNode) -> MarkdownNode? {
        guard indent < 4 || container.kind == .list, indent < 4 else { return nil }
        let item = MarkdownNode(.item)
        var i = nextNonspace
        guard let c = peek(i) else { return nil }
        if c == "*" || c == "+" || c == "-" {
            item.listBullet = Character(c)
            i += 1
        } else if c.properties.numericType == .decimal, c.isASCII {
            var value = 0, digits = 0
            while i < line.count, line[i].isASCII, let d = Int(String(line[i])), digits < 10 { value = value * 10 + d; digits += 1; i += 1 }
            guard digits <= 9, i < line.count, line[i] == "." || line[i] == ")" else { return nil }
            if container.kind == .paragraph && value != 1 { return nil }
            item.listOrdered = true
            item.listStart = value
            item.listDelimiter = Character(line[i])
            i += 1
        } else {
            return nil
        }
        guard i == line.count || Self.isSpaceOrTab(line[i]) else { return nil }
        if container.kind == .paragraph {
            var j = i
            while j < line.count, Self.isSpaceOrTab(line[j]) { j += 1 }
            if j == line.count { return nil }  // an empty item cannot interrupt a paragraph
        }
        advanceNextNonspace()
        advanceOffset(i - offset, columns: true)
        let spacesStartColumn = column, spacesStartOffset = offset
        repeat {
            advanceOffset(1, columns: true)
        } while column - spacesStartColumn < 5 && Self.isSpaceOrTab(peek(offset))
        let blankItem = peek(offset) == nil
        let spacesAfterMarker = column - spacesStartColumn
        if spacesAfterMarker >= 5 || spacesAfterMarker < 1 || blankItem {
            item.itemPadding = i - nextNonspace + 1
            column = spacesStartColumn
            offset = spacesStartOffset
            if Self.isSpaceOrTab(peek(offset)) { advanceOffset(1, columns: true) }
        } else {
            item.itemPadding = i - nextNonspace + spacesAfterMarker
        }
        item.markerOffset = indent
        return item
    }

    // MARK: Finalising

    private mutating func finalize(_ block: MarkdownNode) {
        guard block.isOpen else { return }
        block.isOpen = false
        let parent = block.parent
        switch block.kind {
        case .paragraph:
            block.content = extractReferences(block.content)
            if block.content.isEmpty, let parent { parent.children.removeAll { $0 === block } }
        case .codeBlock:
            if block.isFenced {
                var lines = block.content.split(separator: "\n", omittingEmptySubsequences: false)
                let first = lines.isEmpty ? "" : String(lines.removeFirst())
                block.info = CommonMarkInlineParser.unescape(first.trimmingCharacters(in: .whitespaces))
                block.content = lines.joined(separator: "\n")
            } else {
                var lines = block.content.split(separator: "\n", omittingEmptySubsequences: false)
                while let last = lines.last, last.allSatisfy({ $0 == " " || $0 == "\t" }) { lines.removeLast() }
                block.content = lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
            }
        case .htmlBlock:
            if block.content.hasSuffix("\n") { block.content.removeLast() }
        case .list:
            block.listTight = !block.children.enumerated().contains { index, item in
                let notLastItem = index < block.children.count - 1
                if notLastItem && Self.endsWithBlankLine(item) { return true }
                return item.children.enumerated().contains { ci, child in
                    Self.endsWithBlankLine(child) && (notLastItem || ci < item.children.count - 1)
                }
            }
        default:
            break
        }
        if block === tip, let parent { tip = parent }
    }

    private static func endsWithBlankLine(_ block: MarkdownNode) -> Bool {
        var b: MarkdownNode? = block
        while let current = b {
            if current.lastLineBlank { return true }
            if current.kind == .list || current.kind == .item { b = current.children.last } else { break }
        }
        return false
    }

    /// Removes link reference definitions from the start of paragraph text, recording them.
    private mutating func extractReferences(_ content: String) -> String {
        var scalars = Array(content.unicodeScalars)
        while scalars.first == "[" {
            guard let (consumed, label, destination, title) = CommonMarkInlineParser.parseReferenceDefinition(scalars) else { break }
            let key = CommonMarkInlineParser.normalizeLabel(label)
            if references[key] == nil { references[key] = (destination, title) }
            scalars.removeFirst(consumed)
        }
        var v = String.UnicodeScalarView()
        v.append(contentsOf: scalars)
        return String(v).trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? "" : String(v)
    }
}
