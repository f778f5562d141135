import Foundation
import Testing
@testable import bench

/// The peers that `swift test` builds beside the test runner (the same folder `bench` uses).
private let peers = executableDirectory()
private let havePeers = FileManager.default.isExecutableFile(atPath: peers + "/PangoPeer")
    && FileManager.default.isExecutableFile(atPath: peers + "/HarfBuzzFloor")

/// Writes `paragraphs` as a corpus file (one per line) in a fresh temporary folder.
private func corpusFile(_ paragraphs: [String]) throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("otk-peer-\(UUID().uuidString).txt")
    try (paragraphs.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
    return url.path
}

@Suite("The C peers", .enabled(if: havePeers, "PangoPeer and HarfBuzzFloor are built by swift build / swift test"))
struct PeerTests {
    @Test("Pango's setup check passes: DejaVu Serif at 12 px, widths and line breaks as HarfBuzz's")
    func pangoCheck() {
        let check = PeerEngine(.pango, directory: peers, version: "").check()
        #expect(check.ok, "\(check.message)")
        #expect(check.message.contains("DejaVu Serif 12px"))
        #expect(check.versions["pango"] != nil && check.versions["harfbuzz"] != nil)
    }

    @Test("The floor shapes one glyph per character of ligature-free Latin text")
    func floorGlyphs() throws {
        let text = ["The quick brown dog jumps over a lazy cat.", "Second paragraph, no ligatures here."]
        let path = try corpusFile(text)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let output = try runPeer(peers + "/HarfBuzzFloor", ["layout", path, "--runs", "2"], limit: 60)
        #expect(output.samples.count == 2)
        #expect(output.samples.allSatisfy { $0.count == text.map(\.utf16.count).reduce(0, +) })
    }

    @Test("Pango breaks a long word at characters, into no fewer lines than its width needs and at most one more")
    func longWordLines() throws {
        let word = String(repeating: "abcdefghijklmnopqrstuvwxyz", count: 80)   // 2,080 characters
        let path = try corpusFile([word])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let pango = try runPeer(peers + "/PangoPeer", ["layout", path, "--runs", "1", "--warmup-bytes", "0"], limit: 60)
        let floor = try runPeer(peers + "/HarfBuzzFloor", ["layout", path, "--runs", "1"], limit: 60)
        let least = floor.lines.compactMap { keyValues($0)["lines_at_least"].flatMap(Int.init) }.first
        let lines = try #require(pango.samples.first?.count)
        let bound = try #require(least)
        #expect(bound > 10)
        #expect(lines >= bound && lines <= bound + 1)
    }

    @Test("Every mode of both peers answers on a small multilingual file")
    func modes() throws {
        let path = try corpusFile(["Hello world, this is a paragraph of English prose that wraps.",
                                   "مرحبا بالعالم، هذه فقرة عربية.", "日本語のテキスト。", "Emoji 👩🏽‍💻 and 🇫🇷 flags."])
        defer { try? FileManager.default.removeItem(atPath: path) }
        for (peer, modes) in [("PangoPeer", ["layout", "relayout", "edit", "firstpage", "firstkeystroke", "threads"]),
                              ("HarfBuzzFloor", ["layout", "edit", "firstpage", "firstkeystroke", "threads"])] {
            for mode in modes {
                let output = try runPeer(peers + "/" + peer, [mode, path, "--runs", "2", "--threads", "2", "--at", "10"], limit: 60)
                #expect(output.samples.count == 2, "\(peer) \(mode): \(output.errors)")
                #expect(output.samples.allSatisfy { $0.count > 0 }, "\(peer) \(mode)")
            }
            let memory = try runPeer(peers + "/" + peer, ["memory", path], limit: 60)
            #expect(memory.memory != nil, "\(peer) memory: \(memory.errors)")
        }
    }
}

private let haveLibXML2Floor = FileManager.default.isExecutableFile(atPath: peers + "/LibXML2Floor")

@Suite("The HTML rows' floor", .enabled(if: haveLibXML2Floor, "LibXML2Floor is built by swift build / swift test"))
struct LibXML2FloorTests {
    @Test("LibXML2Floor parses a file with libxml2 once per run and counts its tree's nodes")
    func nodes() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("otk-floor-\(UUID().uuidString).html")
        try "<p>a<b>b</b></p>".write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        let output = try runPeer(peers + "/LibXML2Floor", ["parse", url.path, "--runs", "3"], limit: 60)
        #expect(output.samples.count == 3)
        // html, body (implied), p, "a", b, "b"
        #expect(output.samples.allSatisfy { $0.count == 6 }, "\(output.lines)")
    }
}
