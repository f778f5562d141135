import FuzzReplay
import OpenTextKit

/// Reads the input as UTF-16 code units (lone surrogates included) and runs a data detector of all
/// three types over it, whole and over a range the first bytes choose, with and without transparent
/// bounds. Every match must lie inside the searched range, matches must not overlap, and the
/// enumeration, count and first match must agree with `matches`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDataDetector(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(bytes, size)
    let start = input.int(below: 64), length = input.int(below: 4096)
    let options: NSRegularExpression.MatchingOptions = input.bool() ? [.withTransparentBounds] : []
    var units: [UInt16] = []
    while !input.isExhausted { units.append(UInt16(input.byte()) << 8 | UInt16(input.byte())) }
    let text = NSString(characters: units, length: units.count) as String
    let count = text.utf16.count
    let types: NSTextCheckingResult.CheckingType = [.link, .phoneNumber, .date]
    guard let detector = try? NSDataDetector(types: types.rawValue) else { preconditionFailure("valid types") }
    let location = min(start, count)
    for range in [NSRange(location: 0, length: count), NSRange(location: location, length: min(length, count - location))] {
        let matches = detector.matches(in: text, options: options, range: range)
        var end = range.location
        for match in matches {
            precondition(match.range.location >= end && NSMaxRange(match.range) <= NSMaxRange(range), "match outside range or overlapping")
            precondition(match.range.length > 0, "empty match")
            switch match.resultType {
            case .link: precondition(match.url != nil, "link without URL")
            case .phoneNumber: precondition(match.phoneNumber?.isEmpty == false, "phone number without number")
            case .date: precondition(match.date != nil, "date without Date")
            default: preconditionFailure("unexpected type \(match.resultType)")
            }
            end = NSMaxRange(match.range)
        }
        var enumerated = 0
        detector.enumerateMatches(in: text, options: options, range: range) { match, _, _ in if match != nil { enumerated += 1 } }
        precondition(enumerated == matches.count && detector.numberOfMatches(in: text, options: options, range: range) == matches.count)
        precondition(detector.firstMatch(in: text, options: options, range: range)?.range == matches.first?.range)
    }
    return 0
}

#if !FUZZING
@main
enum ReplayDataDetector {
    static func main() { Replay.run(CommandLine.arguments.dropFirst(), fuzzDataDetector) }
}
#endif
