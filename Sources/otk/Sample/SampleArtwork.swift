import OpenTextKit

/// Pictures for the sample, drawn at run time with the graphics layer (no image files).
enum SampleArtwork {
    static let navy = UIColor(red: 0.11, green: 0.16, blue: 0.29, alpha: 1)
    static let teal = UIColor(red: 0.12, green: 0.48, blue: 0.55, alpha: 1)
    static let coral = UIColor(red: 0.88, green: 0.48, blue: 0.37, alpha: 1)
    static let gold = UIColor(red: 0.93, green: 0.71, blue: 0.27, alpha: 1)
    static let paper = UIColor(red: 0.96, green: 0.95, blue: 0.92, alpha: 1)

    /// A type specimen: "Ag" in a large serif with its ascender, x-height, baseline and
    /// descender drawn as labelled guide lines.
    static func specimen(serif: String, sans: String) -> UIImage {
        let size = CGSize(width: 240, height: 176)
        let format = UIGraphicsImageRendererFormat()
        format.scale = 3
        return UIGraphicsImageRenderer(size: size, format: format).image { renderer in
            let context = renderer.cgContext
            context.setFillColor(paper)
            context.addPath(UIBezierPath(roundedRect: CGRect(origin: .zero, size: size), cornerRadius: 10).cgPath)
            context.fillPath()
            // Soft circles behind the letters.
            for (color, rect) in [(teal, CGRect(x: 120, y: 18, width: 110, height: 110)),
                                  (coral, CGRect(x: 158, y: 64, width: 80, height: 80)),
                                  (gold, CGRect(x: 96, y: 90, width: 64, height: 64))] {
                context.setFillColor(UIColor(red: color.red, green: color.green, blue: color.blue, alpha: 0.22))
                context.fillEllipse(in: rect)
            }
            let font = UIFont(name: serif, size: 96) ?? UIFont.systemFont(ofSize: 96)
            let label = UIFont(name: sans, size: 7) ?? UIFont.systemFont(ofSize: 7)
            let baseline: CGFloat = 118
            let origin = CGPoint(x: 22, y: baseline - font.ascender)
            let guides: [(String, CGFloat, UIColor)] = [
                ("ascender", baseline - font.ascender, teal),
                ("cap height", baseline - font.capHeight, teal),
                ("x-height", baseline - font.xHeight, coral),
                ("baseline", baseline, navy),
                ("descender", baseline - font.descender, gold),
            ]
            for (name, y, color) in guides {
                context.setStrokeColor(color)
                context.setLineWidth(name == "baseline" ? 1 : 0.6)
                if name != "baseline" { context.setLineDash(phase: 0, lengths: [3, 2]) }
                context.move(to: CGPoint(x: 10, y: y))
                context.addLine(to: CGPoint(x: size.width - 10, y: y))
                context.strokePath()
                context.setLineDash(phase: 0, lengths: [])
                let text = NSAttributedString(string: name, attributes: [.font: label, .foregroundColor: color])
                let width = text.size().width
                text.draw(at: CGPoint(x: size.width - 12 - width, y: y - label.lineHeight - 0.5))
            }
            NSAttributedString(string: "Ag", attributes: [.font: font, .foregroundColor: navy]).draw(at: origin)
        }
    }

    /// A small bar chart, for an inline attachment.
    static func barChart() -> UIImage {
        let size = CGSize(width: 34, height: 13)
        let format = UIGraphicsImageRendererFormat()
        format.scale = 4
        return UIGraphicsImageRenderer(size: size, format: format).image { renderer in
            let context = renderer.cgContext
            let heights: [CGFloat] = [5, 9, 7, 12, 10]
            let colors = [teal, teal, coral, teal, gold]
            for (i, height) in heights.enumerated() {
                context.setFillColor(colors[i])
                context.addPath(UIBezierPath(roundedRect: CGRect(x: CGFloat(i) * 7, y: size.height - height, width: 5, height: height),
                                             cornerRadius: 1).cgPath)
                context.fillPath()
            }
        }
    }

    /// A round badge with a five-pointed star, for an inline attachment.
    static func starBadge() -> UIImage {
        let size = CGSize(width: 13, height: 13)
        let format = UIGraphicsImageRendererFormat()
        format.scale = 4
        return UIGraphicsImageRenderer(size: size, format: format).image { renderer in
            let context = renderer.cgContext
            context.setFillColor(coral)
            context.fillEllipse(in: CGRect(origin: .zero, size: size))
            let star = UIBezierPath()
            let center = CGPoint(x: 6.5, y: 6.8)
            for i in 0..<10 {
                let radius: CGFloat = i % 2 == 0 ? 5 : 2.1
                let angle = -CGFloat.pi / 2 + CGFloat(i) * .pi / 5
                let point = CGPoint(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
                if i == 0 { star.move(to: point) } else { star.addLine(to: point) }
            }
            star.close()
            context.setFillColor(UIColor.white)
            context.addPath(star.cgPath)
            context.fillPath()
        }
    }
}
