import Foundation
import OpenTextKit

// Data detection as an iOS app writes it: links for a chat bubble, phone numbers and dates for
// quick actions. Compiled beside Foundation, whose own NSTextCheckingResult has no `url`.
struct DetectedLink {
    let range: NSRange
    let url: URL
}

func detectedLinks(in text: String) throws -> [DetectedLink] {
    let detector = try NSDataDetector(types: NSTextCheckingResult.CheckingType.link.rawValue)
    let matches = detector.matches(in: text, options: [], range: NSRange(text.startIndex..., in: text))
    return matches.compactMap { match in
        guard match.resultType == .link, let url = match.url else { return nil }
        return DetectedLink(range: match.range, url: url)
    }
}

/// Phone numbers and dates, with enumerateMatches and its stop flag: at most `limit` of them.
func quickActions(in text: String, limit: Int) throws -> [String] {
    let types: NSTextCheckingResult.CheckingType = [.phoneNumber, .date]
    let detector = try NSDataDetector(types: types.rawValue)
    var actions: [String] = []
    detector.enumerateMatches(in: text, options: [], range: NSRange(location: 0, length: text.utf16.count)) {
        (match: NSTextCheckingResult?, flags: NSRegularExpression.MatchingFlags, stop: UnsafeMutablePointer<ObjCBool>) in
        guard let match else { return }
        switch match.resultType {
        case .phoneNumber: actions.append("call " + (match.phoneNumber ?? ""))
        case .date: actions.append("remind " + ISO8601DateFormatter().string(from: match.date!))
        default: break
        }
        if actions.count == limit { stop.pointee = true }
    }
    return actions
}

/// The first link's text, with firstMatch and numberOfMatches.
func firstLinkText(in text: String) -> (String, Int)? {
    guard let detector = try? NSDataDetector(types: NSTextCheckingResult.CheckingType.link.rawValue),
          let match = detector.firstMatch(in: text, options: [], range: NSRange(text.startIndex..., in: text)),
          let range = Range(match.range, in: text) else { return nil }
    let count = detector.numberOfMatches(in: text, options: [], range: NSRange(text.startIndex..., in: text))
    return (String(text[range]), count)
}
