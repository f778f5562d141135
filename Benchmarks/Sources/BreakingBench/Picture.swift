import Foundation
import OpenTextKit

/// One paragraph set side by side: greedy on the left, total fit beside it and, when `expansion` is
/// not 0, total fit with glyph expansion on the right; each justified line marked in the margin by
/// a bar as long as its adjustment ratio (green while the spaces moved by less than half their
/// give, orange up to all of it, red beyond).
struct Picture {
    let paragraph: String
    let font: UIFont
    let hyphenation: Float
    let columnWidth: CGFloat
    let expansion: CGFloat
    private let margin: CGFloat = 16
    private let gutter: CGFloat = 56
    private let headerHeight: CGFloat = 40

    init(paragraph: String, font: UIFont, hyphenation: Float, columnWidth: CGFloat, expansion: CGFloat) {
        self.paragraph = paragraph
        self.font = font
        self.hyphenation = hyphenation
        self.columnWidth = columnWidth
        self.expansion = expansion
    }

    func pngData() -> Data {
        var setups: [(title: String, style: NSParagraphStyle)] = [
            ("greedy (TextKit)", style(optimal: false, hyphenation: hyphenation)),
            ("total fit (Knuth–Plass)", style(optimal: true, hyphenation: hyphenation)),
        ]
        if expansion > 0 {
            setups.append(("total fit, glyphs ±\(String(format: "%g", Double(expansion) * 100)) %",
                           style(optimal: true, hyphenation: hyphenation, expansion: expansion)))
        }
        let columns = setups.map { Document(text: paragraph, font: font, style: $0.style, width: Double(columnWidth)) }
        for column in columns { column.layoutManager.ensureLayout(for: column.container) }
        let height = columns.map { $0.layoutManager.usedRect(for: $0.container).height }.max() ?? 0
        let count = CGFloat(columns.count)
        let size = CGSize(width: 2 * margin + count * columnWidth + (count - 1) * gutter + 28, height: headerHeight + height + margin)
        let format = UIGraphicsImageRendererFormat()
        format.scale = 2
        format.opaque = true
        return UIGraphicsImageRenderer(size: size, format: format).pngData { context in
            UIColor.white.setFill()
            context.fill(CGRect(origin: .zero, size: size))
            for (i, column) in columns.enumerated() {
                let x = margin + CGFloat(i) * (columnWidth + gutter)
                draw(column, at: CGPoint(x: x, y: headerHeight), title: setups[i].title)
            }
        }
    }

    private func draw(_ column: Document, at origin: CGPoint, title: String) {
        let lm = column.layoutManager
        let (_, ratios) = column.lines()
        let meanSquare = ratios.reduce(0) { $0 + $1 * $1 } / Double(max(1, ratios.count))
        let label = UIFont(name: "DejaVu Sans", size: 11) ?? font
        NSAttributedString(string: title, attributes: [.font: label]).draw(at: CGPoint(x: origin.x, y: 8))
        NSAttributedString(string: "mean squared adjustment ratio \(String(format: "%.2f", meanSquare))",
                           attributes: [.font: label.withSize(9), .foregroundColor: UIColor.darkGray])
            .draw(at: CGPoint(x: origin.x, y: 23))
        let glyphs = NSRange(location: 0, length: lm.numberOfGlyphs)
        lm.drawGlyphs(forGlyphRange: glyphs, at: origin)
        lm.enumerateLineFragments(forGlyphRange: glyphs) { rect, _, _, range, _ in
            guard let ratio = lm.adjustmentRatio(ofLineFragmentAt: range.location) else { return }
            let color: UIColor = abs(ratio) <= 0.5 ? UIColor(red: 0.2, green: 0.6, blue: 0.3, alpha: 1)
                : abs(ratio) <= 1 ? UIColor(red: 0.95, green: 0.6, blue: 0.1, alpha: 1) : UIColor(red: 0.85, green: 0.15, blue: 0.1, alpha: 1)
            color.setFill()
            UIRectFill(CGRect(x: origin.x + columnWidth + 4, y: origin.y + rect.midY - 2, width: max(1, min(abs(ratio), 4) * 6), height: 4))
        }
    }
}
