import Testing
@testable import TextKitGraphics
import ModelTestSupport

/// The text layer's clusters (what PDF text extraction reads): each cluster's UTF-16 units become
/// its UTF-8 bytes, noncharacters and lone surrogates U+FFFD, as Swift's own decoding repairs them.
@Suite("Glyph clusters in UTF-8")
struct TextClusterTests {
    /// What the clusters must hold: Swift's decoding of each cluster, noncharacters replaced.
    func expected(_ units: [UInt16], clusters: [Int]) -> [[UInt8]] {
        var at = 0
        return clusters.map { count in
            defer { at += count }
            let scalars = String(decoding: units[at..<(at + count)], as: UTF16.self).unicodeScalars.map { scalar -> Unicode.Scalar in
                let v = scalar.value
                return (0xFDD0...0xFDEF).contains(v) || v & 0xFFFE == 0xFFFE ? "\u{FFFD}" : scalar
            }
            return Array(String(String.UnicodeScalarView(scalars)).utf8)
        }
    }

    @Test("Random text of every kind of code unit, cut into clusters that keep surrogate pairs whole")
    func matchesSwiftDecoding() {
        var random = SeededGenerator(seed: 7)
        let pool: [UInt16] = [0x41, 0x7A, 0xE9, 0x3B1, 0x5D0, 0x4E2D, 0xFDD0, 0xFFFE, 0xFFFF, 0xD83D, 0xDE00, 0xD800, 0xDFFF, 0x0, 0x7FF, 0x800]
        for round in 0..<300 {
            let units = (0..<Int.random(in: 1...40, using: &random)).map { _ in pool.randomElement(using: &random)! }
            // Clusters of 1–3 units that never cut between a lead and a trail surrogate.
            var clusters: [Int] = []
            var at = 0
            while at < units.count {
                var count = min(Int.random(in: 1...3, using: &random), units.count - at)
                while at + count < units.count, UTF16.isLeadSurrogate(units[at + count - 1]), UTF16.isTrailSurrogate(units[at + count]) { count += 1 }
                clusters.append(count)
                at += count
            }
            let text = String(decoding: units, as: UTF16.self)
            // The function reads the string's UTF-16 view: lone surrogates in `units` are already
            // U+FFFD there, so the expectation decodes the same units.
            let stored = Array(text.utf16)
            guard stored.count == units.count else { continue }  // (a repair changed the length: skip)
            let (utf8, made) = CGContext.utf8Clusters(text: text, clusters: clusters.map { GlyphCluster(utf16Count: $0, glyphCount: 1) },
                                                      glyphCount: clusters.count)
            var bytes = Array(utf8.utf8)[...]
            let wanted = expected(stored, clusters: clusters)
            #expect(made.count == clusters.count, "round \(round)")
            for (cluster, want) in zip(made, wanted) {
                #expect(Array(bytes.prefix(Int(cluster.num_bytes))) == want, "round \(round): \(units)")
                bytes = bytes.dropFirst(Int(cluster.num_bytes))
            }
        }
    }
}
