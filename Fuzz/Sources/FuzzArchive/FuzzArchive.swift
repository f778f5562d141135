import FuzzReplay
import OpenTextKit

/// Reads the input as OpenTextKit's own archive (`.otkarchive`: JSON with the text, attribute
/// sets, runs, lists and attachments), which servers read from untrusted bytes like the other
/// formats. Invariants (a violation traps, which the fuzzer reports):
/// - reading never traps; a failure is a `DocumentReadingError`;
/// - what was read, written as an archive and read again, has the same text and the same
///   attribute runs (boundaries and keys).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArchive(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let archive = [NSAttributedString.DocumentReadingOptionKey.documentType: NSAttributedString.DocumentType.archive]
    let string: NSAttributedString
    do {
        string = try NSAttributedString.readDocument(from: Data(bytes: bytes, count: size), options: archive).attributedString
    } catch is DocumentReadingError {
        return 0
    } catch {
        preconditionFailure("unexpected error type: \(error)")
    }
    let whole = NSRange(location: 0, length: string.length)
    guard let written = try? string.data(from: whole, documentAttributes: [.documentType: NSAttributedString.DocumentType.archive]) else {
        preconditionFailure("writing the archive failed")
    }
    guard let again = try? NSAttributedString.readDocument(from: written, options: archive).attributedString else {
        preconditionFailure("our own archive does not read")
    }
    precondition(again.string == string.string, "the archive round trip changed the text")
    precondition(runs(again) == runs(string), "the archive round trip changed the attribute runs")
    return 0
}

/// Each attribute run's range and sorted keys.
private func runs(_ string: NSAttributedString) -> [String] {
    var out: [String] = []
    string.enumerateAttributes(in: NSRange(location: 0, length: string.length)) { attributes, range, _ in
        out.append("\(range.location)+\(range.length):" + attributes.keys.map(\.rawValue).sorted().joined(separator: ","))
    }
    return out
}

#if !FUZZING
@main
enum ReplayArchive {
    /// `FuzzArchive --write-seeds DIR FILE…`: writes each document (RTF, Markdown, HTML, by
    /// extension) as an archive into DIR, for a seed corpus; otherwise replays the inputs.
    static func main() {
        var arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "--write-seeds", arguments.count >= 2 {
            let directory = URL(fileURLWithPath: arguments[1], isDirectory: true)
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            arguments.removeFirst(2)
            for path in arguments {
                let url = URL(fileURLWithPath: path)
                guard let (string, _) = try? NSAttributedString.readDocument(from: url, options: [:]),
                      let data = try? string.data(from: NSRange(location: 0, length: string.length),
                                                  documentAttributes: [.documentType: NSAttributedString.DocumentType.archive])
                else { continue }
                try? data.write(to: directory.appendingPathComponent(url.lastPathComponent + ".otkarchive"))
            }
            return
        }
        Replay.run(arguments[...], fuzzArchive)
    }
}
#endif
