import FuzzReplay
import Foundation
import OpenTextKit

/// Reads the input as a font file through FontFace.validate (FreeType, HarfBuzz, every outline).
/// Invariants: never traps; a face that loads has glyphs and a positive units-per-em.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFont(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let url = FuzzFontFile.url
    FileManager.default.createFile(atPath: url.path, contents: Data(bytes: bytes, count: size))
    guard let result = try? FontFace.validate(url: url, glyphLimit: 2048) else { return 0 }
    require(result.numberOfGlyphs > 0, "a loaded face without glyphs")
    require(result.unitsPerEm > 0, "a loaded face with units per em \(result.unitsPerEm)")
    return 0
}

enum FuzzFontFile {
    /// One file per process, rewritten for each input (validation keeps nothing of it).
    static let url = URL(fileURLWithPath: NSTemporaryDirectory() + "otk-fuzz-font-\(ProcessInfo.processInfo.processIdentifier).ttf")
}

#if !FUZZING
@main
enum ReplayFont {
    static func main() { Replay.run(CommandLine.arguments.dropFirst(), fuzzFont) }
}
#endif
