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
        pageDetails = layout.pages.enumerated().map { i, page in
            let glyphRange = page.glyphRange
            let characters = glyphRange.length > 0
                ? manager.characterRange(forGlyphRange: glyphRange, actualGlyphRange: nil) : NSRange(location: 0, length: 0)
            return Page(number: i + 1, lines: page.lineCount, glyphs: glyphRange.length,
                        characterRange: Range(location: characters.location, length: characters.length))
        }
    }

    /// The adjustment ratios of the justified lines laid out.
    static func adjustmentRatios(_ manager: NSLayoutManager) -> [Double] {
        var ratios: [Double] = []
        manager.enumerateLineFragments(forGlyphRange: NSRange(location: 0, length: manager.numberOfGlyphs)) { _, _, _, glyphs, _ in
            if let ratio = manager.adjustmentRatio(ofLineFragmentAt: glyphs.location) { ratios.append(Double(ratio)) }
        }
        return ratios
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
            """ + (meanSquaredAdjustmentRatio.map { "\njustified lines: \(justifiedLines), mean squared adjustment ratio \(String(format: "%.3f", $0))" } ?? "")
    }

    func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}
