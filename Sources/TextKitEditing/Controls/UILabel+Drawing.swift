import TextKit
import TextKitGraphics
import TextKitModel

// Drawing the label's text: laid out in the rect, centred vertically.
extension UILabel {
    func _drawText(in rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext(), content.length > 0 else { return }
        let layout = layOutText(in: rect, lines: numberOfLines)
        let result = layout.result
        guard result.glyphs.length > 0 else { return }
        // The text box (its used rect) centred in the rect; a shrunk one-line text placed as
        // `baselineAdjustment` says, from where the full-size text would have been.
        var top = rect.minY + (rect.height - result.usedRect.height) / 2
        if numberOfLines == 1, let full = layout.fullSize {
            let fullTop = rect.minY + (rect.height - full.usedRect.height) / 2
            switch baselineAdjustment {
            case .alignBaselines:
                top = fullTop + (full.firstBaseline - full.usedRect.minY) - (result.firstBaseline - result.usedRect.minY)
            case .alignCenters:
                break
            case .none:
                top = fullTop
            }
        }
        let origin = CGPoint(x: rect.minX, y: top - result.usedRect.minY)
        context.saveGState()
        stack.layoutManager.drawBackground(forGlyphRange: result.glyphs, at: origin)
        stack.layoutManager.drawGlyphs(forGlyphRange: result.glyphs, at: origin)
        context.restoreGState()
    }
}
