import Foundation
import OpenTextKit
import Testing

// The code of "Detecting links, phone numbers and dates" (DataDetection.md).

@Suite("Documentation: data detection")
struct DataDetectionArticle {
    @Test("A link detector finds a URL and leaves the sentence's full stop out")
    func links() throws {
        let text = "see https://swift.org."
        var links: [(NSRange, URL)] = []
        // snippet: detect-links
        let detector = try NSDataDetector(types: NSTextCheckingResult.CheckingType.link.rawValue)
        for match in detector.matches(in: text, options: [], range: NSRange(text.startIndex..., in: text)) {
            links.append((match.range, match.url!))     // {4, 17} https://swift.org
        }
        // end snippet
        #expect(links.count == 1)
        #expect(links.first?.0 == NSRange(location: 4, length: 17))
        #expect(links.first?.1 == URL(string: "https://swift.org"))
    }
}
