import Testing
import TextKitModel  // Foundation
@testable import TextKitEditing
import class TextKitEditing.NSTextCheckingResult

@Suite("NSDataDetector API")
struct DataDetectorAPITests {
    static let text = "Mail a@example.com or call 555-0199 before 2026-11-25; see https://swift.org (and www.apple.com)."

    @Test("enumerateMatches, matches, numberOfMatches, firstMatch and rangeOfFirstMatch agree")
    func agree() throws {
        let detector = try NSDataDetector(types: NSTextCheckingAllTypes)
        let whole = NSRange(location: 0, length: Self.text.utf16.count)
        let matches = detector.matches(in: Self.text, options: [], range: whole)
        #expect(matches.map(\.resultType) == [.link, .phoneNumber, .date, .link, .link])
        var enumerated: [NSRange] = []
        detector.enumerateMatches(in: Self.text, options: [], range: whole) { match, flags, _ in
            #expect(flags.isEmpty)
            if let match { enumerated.append(match.range) }
        }
        #expect(enumerated == matches.map(\.range))
        #expect(detector.numberOfMatches(in: Self.text, range: whole) == matches.count)
        #expect(detector.firstMatch(in: Self.text, range: whole)?.range == matches[0].range)
        #expect(detector.rangeOfFirstMatch(in: Self.text, range: whole) == matches[0].range)
        #expect(detector.rangeOfFirstMatch(in: "nothing", range: NSRange(location: 0, length: 7)).location == NSNotFound)
        #expect(detector.firstMatch(in: "", range: NSRange(location: 0, length: 0)) == nil)
    }

    @Test("Only the requested types are reported")
    func types() throws {
        #expect(detect(Self.text, .link).count == 3)
        #expect(detect(Self.text, .phoneNumber).map(\.phoneNumber) == ["555-0199"])
        #expect(detect(Self.text, .date).count == 1)
        #expect(detect(Self.text, [.address, .transitInformation]).isEmpty)
        #expect(try NSDataDetector(types: NSTextCheckingResult.CheckingType.link.rawValue).checkingTypes == 32)
    }

    @Test("Types with no detector type throw NSCocoaErrorDomain 2048")
    func invalidTypes() {
        for types: NSTextCheckingTypes in [0, NSTextCheckingResult.CheckingType.spelling.rawValue, 1 << 40] {
            #expect {
                _ = try NSDataDetector(types: types)
            } throws: { error in
                let error = error as NSError
                return error.domain == NSCocoaErrorDomain && error.code == 2048
            }
        }
    }

    @Test("The stop flag ends the enumeration; reportCompletion adds a last call")
    func enumeration() throws {
        let detector = try NSDataDetector(types: NSTextCheckingResult.CheckingType.link.rawValue)
        let whole = NSRange(location: 0, length: Self.text.utf16.count)
        var calls = 0
        detector.enumerateMatches(in: Self.text, options: .reportCompletion, range: whole) { _, _, stop in
            calls += 1
            stop.pointee = true
        }
        #expect(calls == 1)
        var flags: [NSRegularExpression.MatchingFlags] = []
        var last: NSTextCheckingResult?? = .none
        detector.enumerateMatches(in: Self.text, options: .reportCompletion, range: whole) { match, flag, _ in
            flags.append(flag)
            last = .some(match)
        }
        #expect(flags == [[], [], [], .completed])
        #expect(last == .some(nil))
    }

    @Test("Ranges: a sub-range, anchored matching and transparent bounds")
    func ranges() throws {
        let detector = try NSDataDetector(types: NSTextCheckingResult.CheckingType.link.rawValue)
        let text = "see https://swift.org and www.apple.com"
        // The range cuts "https://swift.org" after "swift.o": the cut text is searched as it is.
        let cut = NSRange(location: 4, length: 15)
        #expect(detector.matches(in: text, range: cut).map(\.range) == [NSRange(location: 4, length: 15)])
        #expect(detector.matches(in: text, options: .withTransparentBounds, range: cut).isEmpty)
        #expect(detector.matches(in: text, range: NSRange(location: 22, length: 17)).map(\.range)
                == [NSRange(location: 26, length: 13)])
        #expect(detector.matches(in: text, options: .anchored, range: NSRange(location: 0, length: 39)).isEmpty)
        #expect(detector.matches(in: text, options: .anchored, range: NSRange(location: 4, length: 35)).count == 1)
        // Text before the range does not start a word when it is hidden: "xwww.apple.com" from "www".
        #expect(detector.matches(in: "xwww.apple.com", range: NSRange(location: 1, length: 13)).count == 1)
        #expect(detector.matches(in: "xwww.apple.com", options: .withTransparentBounds,
                                 range: NSRange(location: 1, length: 13)).isEmpty)
    }

    @Test("Results carry Apple's values and can be made and moved")
    func results() {
        let url = URL(string: "https://swift.org")!
        let link = NSTextCheckingResult.linkCheckingResult(range: NSRange(location: 2, length: 17), url: url)
        #expect(link.resultType == .link && link.url == url && link.numberOfRanges == 1)
        #expect(link.range(at: 0) == link.range && link.range(withName: "x").location == NSNotFound)
        let moved = link.adjustingRanges(offset: 10)
        #expect(moved.range == NSRange(location: 12, length: 17) && moved.url == url)
        #expect(link.phoneNumber == nil && link.date == nil && link.components == nil && link.addressComponents == nil)
        let phone = NSTextCheckingResult.phoneNumberCheckingResult(range: NSRange(location: 0, length: 8), phoneNumber: "555-0199")
        #expect(phone.resultType == .phoneNumber && phone.phoneNumber == "555-0199")
        let address = NSTextCheckingResult.addressCheckingResult(range: NSRange(location: 0, length: 1), components: [.city: "Cupertino"])
        #expect(address.addressComponents?[.city] == "Cupertino" && address.components == nil)
        #expect(NSTextCheckingKey.zip.rawValue == "ZIP")
        #expect(NSTextCheckingResult.CheckingType.link.rawValue == 32 && NSTextCheckingResult.CheckingType.phoneNumber.rawValue == 2048)
        #expect(NSTextCheckingResult.CheckingType.date.rawValue == 8 && NSTextCheckingResult.CheckingType.allTypes.rawValue == .max)
        #expect(link.description.contains("https://swift.org"))
        #expect(link.copy() as AnyObject === link)
    }

    @Test("A detector is shared across threads")
    func concurrent() async throws {
        let detector = try NSDataDetector(types: NSTextCheckingAllTypes)
        let expected = detector.numberOfMatches(in: Self.text, range: NSRange(location: 0, length: Self.text.utf16.count))
        let counts = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<8 {
                group.addTask { detector.numberOfMatches(in: Self.text, range: NSRange(location: 0, length: Self.text.utf16.count)) }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(counts == Array(repeating: expected, count: 8))
    }
}
