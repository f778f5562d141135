import Testing
@testable import TextKit
@testable import TextKitTypesetting
import TextKitGraphics
import TextKitFonts
import TextKitModel

@Suite struct ScratchRender {
    @Test func renderScratchPage() throws {
        let style = NSMutableParagraphStyle()
        style.alignment = .justified
        style.hyphenationFactor = 1
        let stack = LayoutStack(loremParagraphs + "\nMixed: English עברית العربية 日本語 😀 done.", attributes: [.font: LayoutStack.serif(13), .paragraphStyle: style],
                                containerSizes: [CGSize(width: 260, height: 400), CGSize(width: 260, height: 400)])
        let oval = UIBezierPath(ovalIn: CGRect(x: 60, y: 120, width: 140, height: 100))
        stack.containers[0].exclusionPaths = [oval]
        let context = try CGContext(imageSize: CGSize(width: 560, height: 420))
        context.setFillColor(UIColor.white.cgColor)
        context.fill(CGRect(x: 0, y: 0, width: 560, height: 420))
        let lm = stack.layoutManager
        _ = lm.numberOfGlyphs
        lm.forEachFragment { found in
            let offsetX: CGFloat = found.container == 0 ? 10 : 290
            let record = lm.store.record(found.paragraph)
            let text = stack.storage._utf16(in: NSRange(location: found.characterBase, length: record.length))
            text.withUnsafeBufferPointer { buffer in
                let origin = CGPoint(x: offsetX + found.fragment.textOriginX, y: 10 + found.rect.minY + found.fragment.baselineOffset)
                for piece in found.fragment.line.drawablePieces(glyphs: found.analysis.glyphs, styles: found.analysis.styles, text: buffer, origin: origin) {
                    context.setFillColor(UIColor.black.cgColor)
                    context.setFont(piece.font.cgFont)
                    context.setFontSize(piece.font.pointSize)
                    context.showGlyphs(piece.glyphs, at: piece.positions, text: piece.text, clusters: piece.clusters, isRightToLeft: piece.isRightToLeft)
                }
            }
            context.setStrokeColor(UIColor(red: 1, green: 0, blue: 0, alpha: 0.3).cgColor)
            context.stroke(found.rect.offsetBy(dx: offsetX, dy: 10))
            return true
        }
        context.setStrokeColor(UIColor.blue.cgColor)
        context.translateBy(x: 10, y: 10)
        context.addPath(oval.cgPath)
        context.strokePath()
        try context.writePNG(to: URL(fileURLWithPath: "/tmp/otk-scratch.png"))
    }
}
