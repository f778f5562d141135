@testable import TextKitTypesetting
import TextKitFonts
import TextKitModel

/// Fonts pinned by file (installed by scripts/setup.sh), so results do not depend on fontconfig.
enum TestFonts {
    static func font(_ path: String, _ size: CGFloat = 12) -> UIFont {
        try! UIFont(url: URL(fileURLWithPath: path), size: size)
    }
    static func dejaVuSerif(_ size: CGFloat = 12) -> UIFont { font("/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf", size) }
    static func dejaVuSans(_ size: CGFloat = 12) -> UIFont { font("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", size) }
    static func libertine(_ size: CGFloat = 12) -> UIFont { font("/usr/share/fonts/opentype/linux-libertine/LinLibertine_R.otf", size) }
    static func notoArabic(_ size: CGFloat = 12) -> UIFont { font("/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf", size) }

    /// Analyzes `string` as one paragraph with uniform `attributes`.
    static func analyze(_ string: String, _ attributes: [NSAttributedString.Key: Any],
                        style: NSParagraphStyle = .default) -> (ParagraphAnalysis, [UInt16]) {
        let text = Array(string.utf16)
        let analysis = text.withUnsafeBufferPointer { buffer in
            ParagraphAnalyzer().analyze(text: buffer, runs: [AttributeRunInput(range: 0..<text.count, attributes: attributes)],
                                        paragraphStyle: style)
        }
        return (analysis, text)
    }

    /// Analyzes and breaks `string` into lines `width` points wide; returns the lines' text.
    static func lines(_ string: String, _ attributes: [NSAttributedString.Key: Any], width: Float,
                      settings: LineBreakSettings = LineBreakSettings()) -> [String] {
        let (analysis, text) = analyze(string, attributes)
        return text.withUnsafeBufferPointer { buffer in
            let fitter = LineFitter(glyphs: analysis.glyphs, segments: analysis.segments, text: buffer, settings: settings)
            var result: [String] = []
            var start = 0
            while start < text.count {
                let line = fitter.fitLine(from: start, lineStartX: 0, lineEndX: width)
                result.append(String(decoding: text[line.characters], as: UTF16.self))
                start = line.characters.upperBound
            }
            return result
        }
    }
}
