import Testing
import TextKitModel

/// Ranges from outside (a request, a file) can be checked before use; out-of-range arguments trap
/// with their message on standard error in every build.
@Suite("Hostile ranges")
struct HostileRangeTests {
    @Test("isValidRange and isValidIndex accept exactly what the range-taking methods accept, never trapping")
    func checkedAlternatives() {
        let s = NSAttributedString(string: "hello")
        #expect(s.isValidRange(NSRange(location: 0, length: 5)))
        #expect(s.isValidRange(NSRange(location: 5, length: 0)))
        #expect(!s.isValidRange(NSRange(location: 4, length: 2)))
        #expect(!s.isValidRange(NSRange(location: -1, length: 1)))
        #expect(!s.isValidRange(NSRange(location: 1, length: -1)))
        #expect(!s.isValidRange(NSRange(location: Int.max, length: Int.max)))
        #expect(!s.isValidRange(NSRange(location: NSNotFound, length: 0)))
        #expect(s.isValidIndex(0) && s.isValidIndex(4))
        #expect(!s.isValidIndex(5) && !s.isValidIndex(-1) && !s.isValidIndex(.min))
        #expect(!NSAttributedString(string: "").isValidIndex(0))
    }

    @Test("An out-of-range range traps with the project's message on standard error")
    func trapMessage() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = NSAttributedString(string: "abc").attributedSubstring(from: NSRange(location: 2, length: 9))
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("OpenTextKit: fatal error: "))
        #expect(message.contains("range {2, 9} out of bounds; string length 3"))
    }
}
