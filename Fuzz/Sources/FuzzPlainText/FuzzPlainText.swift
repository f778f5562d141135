import FuzzReplay
import OpenTextKit

/// Reads the input as plain text (BOM detection, UTF-8 validation, Windows-1252 fallback) and as an
/// archive, and writes plain text back: the UTF-8 output of UTF-8 input must equal the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPlainText(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let data = Data(bytes: bytes, count: size)
    _ = try? NSAttributedString.readDocument(from: data, options: [.documentType: NSAttributedString.DocumentType.archive])
    guard let (string, attributes) = try? NSAttributedString.readDocument(from: data, options: [.documentType: NSAttributedString.DocumentType.plain]) else {
        preconditionFailure("plain text without an explicit encoding always reads")
    }
    if attributes[.characterEncoding] as? UInt == String.Encoding.utf8.rawValue, data.first != 0xEF {
        let written = try? string.data(from: NSRange(location: 0, length: string.length),
                                       documentAttributes: [.documentType: NSAttributedString.DocumentType.plain])
        precondition(written == data, "UTF-8 text did not round-trip")
    }
    return 0
}

#if !FUZZING
@main
enum ReplayPlainText {
    static func main() { Replay.run(CommandLine.arguments.dropFirst(), fuzzPlainText) }
}
#endif
