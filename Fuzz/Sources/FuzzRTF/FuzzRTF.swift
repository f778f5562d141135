import FuzzReplay
import OpenTextKit

/// Reads the input as RTF. Invariants (a violation traps, which the fuzzer reports):
/// - reading never traps and never yields more UTF-16 units than input bytes;
/// - what was read, written as RTF and read again, has the same text (CR, CRLF and U+2029 read back as LF).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRTF(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let data = Data(bytes: bytes, count: size)
    let string: NSAttributedString
    do {
        string = try NSAttributedString.readDocument(from: data, options: [.documentType: NSAttributedString.DocumentType.rtf]).attributedString
    } catch let error as DocumentReadingError {
        if let partial = error.partialResult { precondition(partial.length <= size, "partial result longer than the input") }
        return 0
    } catch {
        preconditionFailure("unexpected error type: \(error)")
    }
    precondition(string.length <= size, "\(string.length) units from \(size) bytes")
    guard let rtf = try? string.data(from: NSRange(location: 0, length: string.length),
                                     documentAttributes: [.documentType: NSAttributedString.DocumentType.rtf]) else {
        preconditionFailure("writing RTF failed")
    }
    guard let again = try? NSAttributedString.readDocument(from: rtf, options: [.documentType: NSAttributedString.DocumentType.rtf]).attributedString else {
        preconditionFailure("our own RTF does not read")
    }
    // Paragraph separators all read back as LF; CRLF is one separator.
    func normalized(_ s: String) -> [UInt16] {
        var out: [UInt16] = []
        var previousCR = false
        for u in s.utf16 {
            if u == 0x0A && previousCR { previousCR = false; continue }
            previousCR = u == 0x0D
            out.append(u == 0x0D || u == 0x2029 ? 0x0A : u)
        }
        return out
    }
    precondition(normalized(string.string) == normalized(again.string), "the RTF round trip changed the text")
    return 0
}

#if !FUZZING
@main
enum ReplayRTF {
    /// `OTK_REPLAY_READ_ONLY=1`: time reading alone (no write-back), for the 5 MB measurement.
    static func main() {
        if ProcessInfo.processInfo.environment["OTK_REPLAY_READ_ONLY"] != nil {
            Replay.run(CommandLine.arguments.dropFirst()) { bytes, size in
                let s = try? NSAttributedString.readDocument(from: Data(bytes: bytes, count: size),
                                                             options: [.documentType: NSAttributedString.DocumentType.rtf])
                print("  \(s?.attributedString.length ?? -1) UTF-16 units")
                return 0
            }
        } else {
            Replay.run(CommandLine.arguments.dropFirst(), fuzzRTF)
        }
    }
}
#endif
