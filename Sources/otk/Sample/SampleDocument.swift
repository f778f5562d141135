import OpenTextKit

/// The built-in sample (placeholder).
enum SampleDocument {
    static func make(settings: TextSettings) throws -> (document: LoadedDocument, design: PageDesign) {
        let text = NSMutableAttributedString(string: String(repeating: "Sample text. ", count: 400), attributes: [.font: try settings.plainFont()])
        return (LoadedDocument(text: text, kind: .sample), PageDesign())
    }
}
