import Testing
@testable import TextKitFormats

/// Fixture files committed under Tests/TextKitFormatsTests/Fixtures.
enum Fixtures {
    static let directory: URL = Bundle.module.resourceURL!.appendingPathComponent("Fixtures")

    static func url(_ name: String) -> URL { directory.appendingPathComponent(name) }

    static func data(_ name: String) throws -> Data { try Data(contentsOf: url(name)) }
}

/// Reads RTF from a string literal.
func readRTF(_ source: String) throws -> (NSAttributedString, [NSAttributedString.DocumentAttributeKey: Any]) {
    try NSAttributedString.readDocument(from: Data(source.utf8), options: [.documentType: NSAttributedString.DocumentType.rtf])
}

/// RTF bytes for a string.
func rtfData(_ string: NSAttributedString, _ document: [NSAttributedString.DocumentAttributeKey: Any] = [:]) throws -> Data {
    var d = document
    d[.documentType] = NSAttributedString.DocumentType.rtf
    return try string.data(from: NSRange(location: 0, length: string.length), documentAttributes: d)
}

/// A fresh scratch directory under /tmp.
func scratchDirectory() throws -> URL {
    let url = URL(fileURLWithPath: "/tmp/otk-formats-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Elapsed seconds of `body` (the one permitted timing check: a bound against hangs).
func elapsed(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

extension NSAttributedString {
    func attr(_ key: NSAttributedString.Key, at i: Int) -> Any? { attribute(key, at: i, effectiveRange: nil) }
    func font(at i: Int) -> UIFont? { attr(.font, at: i) as? UIFont }
    func style(at i: Int) -> NSParagraphStyle? { attr(.paragraphStyle, at: i) as? NSParagraphStyle }
    func color(_ key: NSAttributedString.Key = .foregroundColor, at i: Int) -> UIColor? { attr(key, at: i) as? UIColor }
    /// The offset of the first occurrence of `s` in the text (UTF-16).
    func offset(of s: String) -> Int { (string as NSString).range(of: s).location }
}
