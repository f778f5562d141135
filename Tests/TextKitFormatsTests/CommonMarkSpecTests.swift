import Testing
@testable import TextKitFormats

/// The CommonMark 0.30 specification's 652 examples (Fixtures/CommonMark/spec-0.30.json, as shipped
/// in Debian's golang-github-yuin-goldmark-dev; the spec is © John MacFarlane, CC BY-SA 4.0). Our
/// tree is rendered to HTML the way the spec's reference renderer does and compared exactly.
@Suite("CommonMark specification examples")
struct CommonMarkSpecTests {
    struct Example: Decodable {
        var markdown: String
        var html: String
        var example: Int
        var section: String
    }

    static let examples: [Example] = {
        guard let data = try? Fixtures.data("CommonMark/spec-0.30.json") else { return [] }
        return (try? JSONDecoder().decode([Example].self, from: data)) ?? []
    }()

    @Test("Every one of the specification's 652 examples gives the spec's HTML")
    func passRate() throws {
        #expect(Self.examples.count == 652)
        var failedBySection: [String: [Int]] = [:]
        var passed = 0
        for example in Self.examples {
            let html = CommonMark.html(CommonMark.parse(example.markdown))
            if html == example.html { passed += 1 } else { failedBySection[example.section, default: []].append(example.example) }
        }
        let rate = Double(passed) / Double(Self.examples.count)
        print("CommonMark 0.30 spec: \(passed)/\(Self.examples.count) examples pass (\(Int(rate * 1000) / 10)%)")
        for (section, failed) in failedBySection.sorted(by: { $0.key < $1.key }) {
            print("  \(section): \(failed.count) fail: \(failed.prefix(12).map(String.init).joined(separator: ", "))")
        }
        #expect(passed == Self.examples.count)
    }

    @Test("Pathological inputs parse in bounded time", arguments: [
        String(repeating: "*a ", count: 20_000), String(repeating: "[", count: 20_000) + "a" + String(repeating: "]", count: 20_000),
        String(repeating: "> ", count: 5_000) + "a", String(repeating: "- ", count: 5_000) + "a", String(repeating: "`", count: 30_000),
        String(repeating: "a **b", count: 10_000) + String(repeating: "c** ", count: 10_000),
        String(repeating: "![a](b ", count: 5_000), String(repeating: "<a", count: 10_000), String(repeating: "&#", count: 20_000),
    ])
    func pathological(input: String) {
        let time = elapsed { _ = CommonMark.parse(input) }
        #expect(time < 5, "\(time) s for \(input.prefix(20))…")
    }
}
