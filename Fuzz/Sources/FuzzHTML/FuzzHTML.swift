import FuzzReplay
import OpenTextKit

/// Reads the input as HTML (libxml2's parser, then the importer and its CSS parser), once as
/// UTF-8 and once as Latin-1, and lays nothing out. Nothing may trap, hang or grow without bound.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTML(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let data = Data(bytes: bytes, count: size)
    for encoding in [String.Encoding.utf8, .isoLatin1] {
        guard let (string, _) = try? NSAttributedString.readDocument(
            from: data, options: [.documentType: NSAttributedString.DocumentType.html, .characterEncoding: encoding.rawValue])
        else { continue }
        // Every run's attributes must be readable over the whole string.
        var location = 0
        while location < string.length {
            var range = NSRange(location: 0, length: 0)
            _ = string.attributes(at: location, effectiveRange: &range)
            precondition(range.length > 0, "empty attribute run at \(location)")
            location = range.location + range.length
        }
    }
    return 0
}

#if !FUZZING
@main
enum ReplayHTML {
    static func main() { Replay.run(CommandLine.arguments.dropFirst(), fuzzHTML) }
}
#endif
