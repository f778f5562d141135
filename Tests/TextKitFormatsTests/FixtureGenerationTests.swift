import Testing
@testable import TextKitFormats

/// Our writer's output that other programs read (Fixtures/ours). `OTK_WRITE_FIXTURES=dir swift test
/// --filter FixtureGeneration` writes fresh copies into dir (see Fixtures/README.md); the test
/// below checks that the committed copies are what the writer writes today.
@Suite("Fixture generation")
struct FixtureGenerationTests {
    static func outputs() throws -> [(String, Data)] {
        let rich = richSample()
        let document: [NSAttributedString.DocumentAttributeKey: Any] = [.title: "OpenTextKit sample", .author: "OpenTextKit",
                                                                        .paperSize: CGSize(width: 595, height: 842)]
        return [("ours/rich.rtf", try rtfData(rich, document))]
    }

    @Test("The committed writer output is what the RTF writer writes now")
    func committedOutputIsCurrent() throws {
        let environment = ProcessInfo.processInfo.environment
        for (name, data) in try Self.outputs() {
            if let dir = environment["OTK_WRITE_FIXTURES"] {
                let url = URL(fileURLWithPath: dir).appendingPathComponent(name)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: url)
            }
            #expect(try Fixtures.data(name) == data, "regenerate \(name) with Fixtures/generate.sh")
        }
    }
}
