import OpenTextKit

/// What `otk measure` prints.
struct MeasureReport: Codable {
    struct Size: Codable {
        var width: Double
        var height: Double
    }

    struct Range: Codable {
        var location: Int
        var length: Int
    }

    struct Page: Codable {
        var number: Int
        var lines: Int
        var glyphs: Int
        /// The characters on the page (UTF-16 units, as NSRange).
        var characterRange: Range
    }

    var input: String
    var pages: Int
    var pageSize: Size
    var columns: Int
    var columnWidth: Double
    var lines: Int
    var glyphs: Int
    var characters: Int
    /// The text's bounding size in one column of the column width, unbounded height.
    var boundingSize: Size
    /// Lines that justification stretched or shrank, and the mean of their squared adjustment
    /// ratios (`NSLayoutManager.adjustmentRatio(ofLineFragmentAt:)`; nil with no such line): how
    /// evenly `--breaking` spaced a justified text.
    var justifiedLines: Int
    var meanSquaredAdjustmentRatio: Double?
    /// Justified lines whose spaces stretched past all of their give (ratio over 1), and past
    /// twice it (over 2): the loose lines a reader sees.
    var linesLooserThanRatio1: Int
    var linesLooserThanRatio2: Int
    /// Lines that end with a hyphen inside code (`.breaksLikeCode` text or a monospaced font):
    /// a hyphen there changes what a reader copies, so it must be 0.
    var hyphenatedCodeLines: Int
    /// Pages before the last whose columns are more than a quarter empty (floated figures count
    /// as filled): the holes a figure or a kept heading leaves.
    var pagesMoreThanAQuarterEmpty: Int
    var pageDetails: [Page]

    /// The text's size in one column of the document's column width, with no height limit.
    static func boundingSize(of document: PreparedDocument) -> Size {
        let bounds = document.storage.boundingRect(with: CGSize(width: document.design.columnWidth, height: .greatestFiniteMagnitude),
                                                   options: [.usesLineFragmentOrigin], context: nil)
        return Size(width: round(bounds.width), height: round(bounds.height))
    }

    init(input: String, document: PreparedDocument, layout: PagedLayout, boundingSize: Size) {
        self.input = input
        let manager = layout.layoutManager
        let first = layout.pages.first?.template.size ?? document.design.pageSize
        pages = layout.pages.count
        pageSize = Size(width: Self.round(first.width), height: Self.round(first.height))
        columns = document.design.columns
        columnWidth = Self.round(document.design.columnWidth)
        glyphs = manager.numberOfGlyphs
        characters = document.storage.length
        lines = layout.pages.reduce(0) { $0 + $1.lineCount }
        self.boundingSize = boundingSize
        let ratios = Self.adjustmentRatios(manager)
        justifiedLines = ratios.count
        meanSquaredAdjustmentRatio = ratios.isEmpty ? nil
            : (ratios.reduce(0) { $0 + $1 * $1 } / Double(ratios.count) * 1000).rounded() / 1000
        linesLooserThanRatio1 = ratios.filter { $0 > 1 }.count
        linesLooserThanRatio2 = ratios.filter { $0 > 2 }.count
        hyphenatedCodeLines = Self.hyphenatedCodeLines(manager, storage: document.storage)
        pagesMoreThanAQuarterEmpty = layout.pages.indices.dropLast().filter { Self.emptyShare(ofPage: $0, in: layout) > 0.25 }.count
        pageDetails = layout.pages.enumerated().map { i, page in
            let glyphRange = page.glyphRange
            let characters = glyphRange.length > 0
                ? manager.characterRange(forGlyphRange: glyphRange, actualGlyphRange: nil) : NSRange(location: 0, length: 0)
            return Page(number: i + 1, lines: page.lineCount, glyphs: glyphRange.length,
                        characterRange: Range(location: characters.location, length: characters.length))
        }
    }

    /// The adjustment ratios of the lines justification set (lines of paragraphs that are not
    /// justified, whose ratio is 0, are left out).
    static func adjustmentRatios(_ manager: NSLayoutManager) -> [Double] {
        var ratios: [Double] = []
        let storage = manager.textStorage
        manager.enumerateLineFragments(forGlyphRange: NSRange(location: 0, length: manager.numberOfGlyphs)) { _, _, _, glyphs, _ in
            let character = manager.characterIndexForGlyph(at: glyphs.location)
            guard let storage, character < storage.length,
                  (storage.attribute(.paragraphStyle, at: character, effectiveRange: nil) as? NSParagraphStyle)?.alignment == .justified
            else { return }
            if let ratio = manager.adjustmentRatio(ofLineFragmentAt: glyphs.location) { ratios.append(Double(ratio)) }
        }
        return ratios
    }

    /// Lines ending in a hyphen whose last character before it is code.
    static func hyphenatedCodeLines(_ manager: NSLayoutManager, storage: NSTextStorage) -> Int {
        var count = 0
        manager.enumerateLineFragments(forGlyphRange: NSRange(location: 0, length: manager.numberOfGlyphs)) { _, _, _, glyphs, _ in
            guard glyphs.length > 0, manager.lineEndsWithHyphen(ofLineFragmentAt: glyphs.location) else { return }
            let characters = manager.characterRange(forGlyphRange: glyphs, actualGlyphRange: nil)
            let last = NSMaxRange(characters) - 1
            guard last >= 0, last < storage.length else { return }
            let isCode = storage.attribute(.breaksLikeCode, at: last, effectiveRange: nil) as? Bool == true
                || (storage.attribute(.font, at: last, effectiveRange: nil) as? UIFont)?.fontDescriptor.symbolicTraits.contains(.traitMonoSpace) == true
            if isCode { count += 1 }
        }
        return count
    }

    /// The share of page `index`'s column area below its text (and its floated figures). A
    /// column ended early for a heading kept with its text counts at its full height.
    static func emptyShare(ofPage index: Int, in layout: PagedLayout) -> Double {
        let page = layout.pages[index]
        var total: CGFloat = 0
        var used: CGFloat = 0
        for (container, column) in zip(page.containers, page.template.columns) {
            let height = column.height
            guard height > 0, height < .greatestFiniteMagnitude else { continue }
            total += height
            let text = layout.layoutManager.usedRect(for: container).maxY
            used += min(height, max(text, layout.floatBottom(in: container)))
        }
        return total > 0 ? Double(1 - used / total) : 0
    }

    /// Two decimals: enough for points, stable in tests.
    static func round(_ value: CGFloat) -> Double { (Double(value) * 100).rounded() / 100 }

    func text() -> String {
        func number(_ value: Double) -> String {
            value == value.rounded() ? String(Int(saturating: value)) : String(format: "%.2f", value)
        }
        return """
            pages: \(pages)
            page size: \(number(pageSize.width)) × \(number(pageSize.height)) pt
            columns: \(columns) of \(number(columnWidth)) pt
            lines: \(lines)
            glyphs: \(glyphs)
            characters: \(characters)
            bounding size: \(number(boundingSize.width)) × \(number(boundingSize.height)) pt
            """ + (meanSquaredAdjustmentRatio.map {
                "\njustified lines: \(justifiedLines), mean squared adjustment ratio \(String(format: "%.3f", $0)), "
                    + "looser than ratio 1: \(linesLooserThanRatio1), than 2: \(linesLooserThanRatio2)"
            } ?? "") + "\nhyphenated code lines: \(hyphenatedCodeLines)\npages more than a quarter empty (before the last): \(pagesMoreThanAQuarterEmpty)"
    }

    func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}
