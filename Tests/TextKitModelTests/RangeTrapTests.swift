import Testing
import TextKitModel

/// Programmer errors trap with a message naming the range and the length, as TextKit raises
/// NSRangeException. Each runs in a child process (Swift Testing exit tests), whose standard error
/// is checked for the message.
@Suite("Out-of-range arguments trap with a clear message")
struct RangeTrapTests {
    @Test("attributes(at:) past the end traps, naming the index and the length")
    func attributesPastEnd() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = NSAttributedString(string: "abc").attributes(at: 3, effectiveRange: nil)
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("index 3 out of bounds; string length 3"))
    }

    @Test("replaceCharacters with a range past the end traps, naming the range and the length")
    func replacePastEnd() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            NSMutableAttributedString(string: "hello").replaceCharacters(in: NSRange(location: 4, length: 2), with: "x")
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("range {4, 2} out of bounds; string length 5"))
    }

    @Test("Every range-taking call checks its range")
    func otherCallsTrap() async {
        await #expect(processExitsWith: .failure) {
            NSMutableAttributedString(string: "ab").addAttribute(.kern, value: 1, range: NSRange(location: -1, length: 1))
        }
        await #expect(processExitsWith: .failure) {
            _ = NSAttributedString(string: "ab").attributedSubstring(from: NSRange(location: 1, length: 5))
        }
        await #expect(processExitsWith: .failure) {
            _ = NSAttributedString(string: "ab").paragraphRange(for: NSRange(location: 3, length: 0))
        }
        await #expect(processExitsWith: .failure) {
            NSAttributedString(string: "ab").enumerateAttributes(in: NSRange(location: 0, length: 3)) { _, _, _ in }
        }
    }
}
