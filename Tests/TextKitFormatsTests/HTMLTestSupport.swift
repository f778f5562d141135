import Testing
@testable import TextKitFormats

/// Reads HTML from a string literal (UTF-8), with extra options.
func readHTML(_ source: String, _ options: [NSAttributedString.DocumentReadingOptionKey: Any] = [:]) throws
    -> (NSAttributedString, [NSAttributedString.DocumentAttributeKey: Any]) {
    try readHTML(Data(source.utf8), options)
}

/// Reads HTML bytes, with extra options.
func readHTML(_ data: Data, _ options: [NSAttributedString.DocumentReadingOptionKey: Any] = [:]) throws
    -> (NSAttributedString, [NSAttributedString.DocumentAttributeKey: Any]) {
    var all = options
    all[.documentType] = NSAttributedString.DocumentType.html
    return try NSAttributedString.readDocument(from: data, options: all)
}

/// The red, green, blue and alpha of a colour, rounded to 1/255.
func rgba(_ color: UIColor?) -> [Int]? {
    guard let color else { return nil }
    var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
    color.getRed(&r, green: &g, blue: &b, alpha: &a)
    return [r, g, b, a].map { Int(($0 * 255).rounded()) }
}

extension NSAttributedString {
    func isBold(at i: Int) -> Bool { font(at: i)?.fontDescriptor.symbolicTraits.contains(.traitBold) == true }
    func isItalic(at i: Int) -> Bool { font(at: i)?.fontDescriptor.symbolicTraits.contains(.traitItalic) == true }
}
