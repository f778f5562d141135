import Testing
import TextKitModel  // Foundation
@testable import TextKitEditing
import class TextKitEditing.NSTextCheckingResult

@Suite("NSDataDetector phone numbers")
struct DataDetectorPhoneNumberTests {
    @Test("International and national numbers; phoneNumber is the matched text", arguments: [
        "+1 (408) 996-1010", "+44 20 7946 0958", "+33 1 23 45 67 89", "+49 (0)30 1234567", "+14089961010",
        "+81-3-1234-5678", "(408) 996-1010", "(408)996-1010", "408-996-1010", "408.996.1010", "408 996 1010",
        "1-800-555-0199", "020 7946 0958", "030 1234567", "555-0199", "01 23 45 67 89", "06.12.34.56.78",
    ])
    func numbers(number: String) {
        let text = "Call \(number) today."
        let matches = detect(text, .phoneNumber)
        #expect(matches.count == 1, "\(number): \(matchedTexts(text, .phoneNumber))")
        #expect(matches.first?.phoneNumber == number)
        #expect(matches.first?.range == NSRange(location: 5, length: number.utf16.count))
        #expect(matches.first?.resultType == .phoneNumber)
        #expect(matches.first?.url == nil && matches.first?.date == nil)
    }

    @Test("Numbers that are not phone numbers", arguments: [
        "1234567890", "3.14159265", "192.168.100.200", "10 000 000", "1 000 000", "2019-2020", "ISBN 978-3-16-148410-0x",
        "$1,234,567", "12:30:45", "2026-11-25", "11/25/2026", "v1.2.3.4567", "+12", "123-45", "1 2 3 4 5 6 7 8",
        "order #4089961010", "x408-996-1010",
    ])
    func notNumbers(text: String) {
        #expect(detect(text, .phoneNumber).isEmpty, "found \(matchedTexts(text, .phoneNumber)) in \(text)")
    }

    @Test("A phone number inside a link or a date is not reported")
    func insideOthers() {
        #expect(detect("https://example.com/call/408-996-1010", .phoneNumber).isEmpty)
        #expect(detect("On 2026-11-25 call 555-0199.", .phoneNumber).map(\.phoneNumber) == ["555-0199"])
        let both = detect("On 2026-11-25 call 555-0199.", [.phoneNumber, .date])
        #expect(both.map(\.resultType) == [.date, .phoneNumber])
    }
}
