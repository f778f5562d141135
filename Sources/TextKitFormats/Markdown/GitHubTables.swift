/// GitHub's table extension, applied to the block tree once CommonMark's blocks are parsed: a
/// paragraph line followed by a delimiter row (`| --- | :-: |`) with as many cells starts a
/// table, and the paragraph's later lines are its rows. (A blank line or any block that
/// interrupts a paragraph ends a table, as in GitHub's parser, because both end the paragraph.)
enum GitHubTables {
    /// Replaces each paragraph that holds a table with the paragraph's lines before it (if any)
    /// and the table.
    static func apply(to node: MarkdownNode) {
        guard node.isContainer else { return }
        var children: [MarkdownNode] = []
        var changed = false
        for child in node.children {
            if child.kind == .paragraph, let split = table(in: child) {
                children.append(contentsOf: split)
                changed = true
            } else {
                apply(to: child)
                children.append(child)
            }
        }
        guard changed else { return }
        node.children = []
        for child in children { node.append(child) }
    }

    /// The blocks a paragraph becomes when it holds a table; nil when it does not.
    private static func table(in paragraph: MarkdownNode) -> [MarkdownNode]? {
        let lines = paragraph.content.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        guard lines.count >= 2 else { return nil }
        for i in 0..<(lines.count - 1) {
            guard lines[i + 1].contains("|") || lines[i].contains("|"),
                  let alignments = delimiterRow(lines[i + 1]) else { continue }
            let header = cells(lines[i])
            guard header.count == alignments.count else { continue }
            let table = MarkdownNode(.table)
            table.tableAlignments = alignments
            table.isOpen = false
            table.append(row(header, columns: alignments.count))
            for line in lines[(i + 2)...] { table.append(row(cells(line), columns: alignments.count)) }
            guard i > 0 else { return [table] }
            let before = MarkdownNode(.paragraph)
            before.isOpen = false
            before.content = lines[..<i].joined(separator: "\n")
            return [before, table]
        }
        return nil
    }

    private static func row(_ texts: [String], columns: Int) -> MarkdownNode {
        let row = MarkdownNode(.tableRow)
        row.isOpen = false
        for c in 0..<columns {
            let cell = MarkdownNode(.tableCell)
            cell.isOpen = false
            cell.content = c < texts.count ? texts[c] : ""
            row.append(cell)
        }
        return row
    }

    /// The column alignments of a delimiter row, or nil when `line` is not one.
    static func delimiterRow(_ line: String) -> [MarkdownNode.TableAlignment]? {
        let leading = line.prefix { $0 == " " }.count
        guard leading < 4 else { return nil }
        let parts = cells(line)
        guard !parts.isEmpty else { return nil }
        var alignments: [MarkdownNode.TableAlignment] = []
        for part in parts {
            let left = part.hasPrefix(":"), right = part.hasSuffix(":") && part.count > 1
            let dashes = part.dropFirst(left ? 1 : 0).dropLast(right ? 1 : 0)
            guard !dashes.isEmpty, dashes.allSatisfy({ $0 == "-" }) else { return nil }
            alignments.append(left && right ? .center : left ? .left : right ? .right : .none)
        }
        return alignments
    }

    /// The cells of a row: split at unescaped `|` (an optional one at each end), each trimmed;
    /// `\|` becomes `|` (also inside code spans, as GitHub's parser does).
    static func cells(_ line: String) -> [String] {
        var cells: [String] = []
        var current = ""
        var scalars = Substring(line.trimmingCharacters(in: .whitespaces)).unicodeScalars[...]
        if scalars.first == "|" { scalars = scalars.dropFirst() }
        var sawPipeAtEnd = false
        var escaped = false
        for scalar in scalars {
            sawPipeAtEnd = false
            if escaped {
                if scalar != "|" { current.unicodeScalars.append("\\") }
                current.unicodeScalars.append(scalar)
                escaped = false
            } else if scalar == "\\" {
                escaped = true
            } else if scalar == "|" {
                cells.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
                sawPipeAtEnd = true
            } else {
                current.unicodeScalars.append(scalar)
            }
        }
        if escaped { current.unicodeScalars.append("\\") }
        if !sawPipeAtEnd || !current.isEmpty { cells.append(current.trimmingCharacters(in: .whitespaces)) }
        return cells
    }
}
