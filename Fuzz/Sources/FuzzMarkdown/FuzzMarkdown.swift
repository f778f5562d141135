import FuzzReplay
import OpenTextKit

/// Reads the input as Markdown (invalid UTF-8 is repaired, as the reader does) and writes the result
/// back as Markdown and reads that. Nothing may trap or hang.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMarkdown(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let data = Data(bytes: bytes, count: size)
    guard let string = try? NSAttributedString.readDocument(from: data, options: [.documentType: NSAttributedString.DocumentType.markdown]).attributedString else {
        return 0
    }
    if let markdown = try? string.data(from: NSRange(location: 0, length: string.length),
                                       documentAttributes: [.documentType: NSAttributedString.DocumentType.markdown]) {
        _ = try? NSAttributedString.readDocument(from: markdown, options: [.documentType: NSAttributedString.DocumentType.markdown])
    }
    return 0
}

#if !FUZZING
@main
enum ReplayMarkdown {
    static func main() { Replay.run(CommandLine.arguments.dropFirst(), fuzzMarkdown) }
}
#endif
