import Foundation
import Testing
import UIKit

// Drives Ported/ActiveLabel/ (optonaut/ActiveLabel.swift): element detection, customisation,
// handlers, filtering and URL trimming with the checks of the project's own ActiveTypeTests
// (upstream-tests/ActiveTypeTests.swift), plus a tap delivered to a mention, as the README shows
// (`label.handleMentionTap { userHandle in … }`).

extension ActiveElement: Equatable {}

func == (a: ActiveElement, b: ActiveElement) -> Bool {
    switch (a, b) {
    case (.mention(let a), .mention(let b)) where a == b: return true
    case (.hashtag(let a), .hashtag(let b)) where a == b: return true
    case (.url(let a), .url(let b)) where a == b: return true
    case (.custom(let a), .custom(let b)) where a == b: return true
    default: return false
    }
}

@Suite("Gauntlet: ActiveLabel")
@MainActor
struct ActiveLabelTests {
    let label: ActiveLabel
    let customEmptyType = ActiveType.custom(pattern: "")

    init() {
        label = ActiveLabel()
        label.enabledTypes = [.mention, .hashtag, .url]
    }

    var activeElements: [ActiveElement] {
        label.activeElements.flatMap { $0.1.compactMap { $0.element } }
    }

    /// The first element's text: ActiveTypeTests looks at `activeElements.first` of a dictionary,
    /// which with one kind of element is that kind's first; the checks below keep to that.
    var currentElementString: String? {
        guard let currentElement = activeElements.first else { return nil }
        switch currentElement {
        case .mention(let mention): return mention
        case .hashtag(let hashtag): return hashtag
        case .url(let url, _): return url
        case .custom(let element): return element
        case .email(let element): return element
        }
    }

    var currentElementType: ActiveType? {
        guard let currentElement = activeElements.first else { return nil }
        switch currentElement {
        case .mention: return .mention
        case .hashtag: return .hashtag
        case .url: return .url
        case .custom: return customEmptyType
        case .email: return .email
        }
    }

    func expectOne(_ text: String, _ string: String, _ type: ActiveType, sourceLocation: SourceLocation = #_sourceLocation) {
        label.text = text
        #expect(activeElements.count == 1, "\(text)", sourceLocation: sourceLocation)
        #expect(currentElementString == string, "\(text)", sourceLocation: sourceLocation)
        #expect(currentElementType == type, "\(text)", sourceLocation: sourceLocation)
    }

    func expectNone(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        label.text = text
        #expect(activeElements.count == 0, "\(text)", sourceLocation: sourceLocation)
    }

    @Test("No elements in empty, blank, plain, kaomoji and emoji text (testInvalid)")
    func invalid() {
        for text in ["", " ", "x", "ಠ_ಠ", "😁"] { expectNone(text) }
    }

    @Test("Mentions (testMention)")
    func mention() {
        expectOne("@userhandle", "userhandle", .mention)
        expectOne("@userhandle.", "userhandle", .mention)
        expectOne("@_with_underscores_", "_with_underscores_", .mention)
        expectOne(" . @userhandle", "userhandle", .mention)
        expectOne("@user#hashtag", "user", .mention)
        expectOne("@user@mention", "user", .mention)
        expectOne(".@userhandle", "userhandle", .mention)
        expectOne(" .@userhandle", "userhandle", .mention)
        for text in ["word@mention", "@u", "@.", "@"] { expectNone(text) }
    }

    @Test("Hashtags (testHashtag)")
    func hashtag() {
        expectOne("#somehashtag", "somehashtag", .hashtag)
        expectOne("#somehashtag.", "somehashtag", .hashtag)
        expectOne("#_with_underscores_", "_with_underscores_", .hashtag)
        expectOne(" . #somehashtag", "somehashtag", .hashtag)
        expectOne("#some#hashtag", "some", .hashtag)
        expectOne("#some@mention", "some", .hashtag)
        for text in [".#somehashtag", " .#somehashtag", "word#hashtag", "#h", "#.", "#"] { expectNone(text) }
    }

    @Test("URLs (testURL, testIssue64pic, testIssue64www)")
    func url() {
        expectOne("http://www.google.com", "http://www.google.com", .url)
        expectOne("https://www.google.com", "https://www.google.com", .url)
        expectOne("http://www.google.com.", "http://www.google.com", .url)
        expectOne("www.google.com", "www.google.com", .url)
        expectOne("pic.twitter.com/YUGdEbUx", "pic.twitter.com/YUGdEbUx", .url)
        expectNone("google.com")
        expectNone("picfoo")
        expectNone("wwwbar")
    }

    @Test("A custom pattern (testCustomType)")
    func customType() {
        label.enabledTypes.append(ActiveType.custom(pattern: "\\sare\\b"))
        expectOne("we are one", "are", customEmptyType)
        expectOne("are. are", "are", customEmptyType)
        expectOne("helloare are", "are", customEmptyType)
        expectNone("google")
    }

    @Test("configureLinkAttribute styles the custom element: bold 14 (testConfigureLinkAttributes)")
    func configureLinkAttributes() throws {
        let newType = ActiveType.custom(pattern: "\\sare\\b")
        label.customize { label in
            label.enabledTypes = [newType]
            label.configureLinkAttribute = { type, attributes, _ in
                var atts = attributes
                if case newType = type {
                    atts[NSAttributedString.Key.font] = UIFont.boldSystemFont(ofSize: 14)
                }
                return atts
            }
            label.text = "we are one"
        }
        let range = (try #require(label.text) as NSString).range(of: "are")
        let areText = label.textStorage.attributedSubstring(from: range)
        var found = false
        areText.enumerateAttributes(in: NSRange(location: 0, length: areText.length), options: [.longestEffectiveRangeNotRequired]) { attributes, _, _ in
            found = attributes[NSAttributedString.Key.font] as? UIFont == UIFont.boldSystemFont(ofSize: 14)
        }
        #expect(found)
    }

    @Test("removeHandle(for:) drops the handler of each type (testRemoveHandle…)")
    func removeHandles() {
        label.handleMentionTap { _ in }
        #expect(label.mentionTapHandler != nil)
        label.removeHandle(for: .mention)
        #expect(label.mentionTapHandler == nil)

        label.handleHashtagTap { _ in }
        #expect(label.hashtagTapHandler != nil)
        label.removeHandle(for: .hashtag)
        #expect(label.hashtagTapHandler == nil)

        label.handleURLTap { _ in }
        #expect(label.urlTapHandler != nil)
        label.removeHandle(for: .url)
        #expect(label.urlTapHandler == nil)

        let newType1 = ActiveType.custom(pattern: "\\sare1\\b")
        let newType2 = ActiveType.custom(pattern: "\\sare2\\b")
        label.handleCustomTap(for: newType1) { _ in }
        label.handleCustomTap(for: newType2) { _ in }
        #expect(label.customTapHandlers.count == 2)
        label.removeHandle(for: newType1)
        #expect(label.customTapHandlers.count == 1)
        label.removeHandle(for: newType2)
        #expect(label.customTapHandlers.count == 0)
    }

    @Test("filterMention / filterHashtag (testFiltering)")
    func filtering() {
        label.text = "@user #tag"
        #expect(activeElements.count == 2)
        label.filterMention { $0 != "user" }
        #expect(activeElements.count == 1)
        label.filterHashtag { $0 != "tag" }
        #expect(activeElements.count == 0)
    }

    @Test("Only the enabled types are detected (testOnly…Enabled)")
    func onlyEnabled() {
        label.enabledTypes = [.mention]
        expectOne("@user #hashtag", "user", .mention)
        expectNone("http://www.google.com")
        expectNone("#somehashtag")
        label.text = "@userNumberOne #hashtag http://www.google.com @anotheruser"
        #expect(activeElements.count == 2)
        #expect(currentElementString == "userNumberOne")

        label.enabledTypes = [.hashtag]
        expectOne("@user #hashtag", "hashtag", .hashtag)
        expectNone("@someuser")
        label.text = "#hashtagNumberOne #hashtag http://www.google.com @anotheruser"
        #expect(activeElements.count == 2)
        #expect(currentElementString == "hashtagNumberOne")

        label.enabledTypes = [.url]
        expectOne("http://www.google.com #hello", "http://www.google.com", .url)
        expectNone("@user")
        label.text = " http://www.apple.com @userNumberOne #hashtag http://www.google.com @anotheruser"
        #expect(activeElements.count == 2)
        #expect(currentElementString == "http://www.apple.com")

        label.enabledTypes = [ActiveType.custom(pattern: "\\sare\\b")]
        expectOne("http://www.google.com  are #hello", "are", customEmptyType)
        expectNone("#somehashtag")
        label.text = " http://www.apple.com are @userNumberOne #hashtag http://www.google.com are @anotheruser"
        #expect(activeElements.count == 2)
        #expect(currentElementString == "are")
    }

    @Test("urlMaximumLength trims long URLs only (testStringTrimming…)")
    func trimming() throws {
        label.urlMaximumLength = 30
        let text = "Tweet with long url: https://twitter.com/twicket_app/status/649678392372121601 and short url: https://hello.co"
        label.text = text
        #expect(text.count != label.text?.count)

        let short = "Tweet with short url: https://hello.co"
        label.text = short
        #expect(label.text == short)

        let url = "https://twitter.com/twicket_app/status/649678392372121601"
        label.text = "Tweet with long url: \(url)"
        #expect(label.text?.count != "Tweet with long url: \(url)".count)
        let first = try #require(activeElements.first)
        guard case .url(let original, let trimmed) = first else {
            Issue.record("expected a URL, got \(first)")
            return
        }
        #expect(original == url)
        #expect(trimmed == url.trim(to: 30))
        #expect(trimmed == "https://twitter.com/twicket..." || trimmed.count <= 33)
    }

    @Test("A tap on a mention calls handleMentionTap's handler with the handle (README)")
    func tapOnMention() throws {
        let label = ActiveLabel(frame: CGRect(x: 0, y: 0, width: 300, height: 40))
        label.enabledTypes = [.mention]
        label.font = UIFont(name: "DejaVu Sans", size: 17)
        label.text = "@alice says hi"
        var tapped: [String] = []
        label.handleMentionTap { tapped.append($0) }
        // Drawn once, as on screen: drawText(in:) sizes the container to the label and centres
        // the text vertically (the label's heightCorrection, which its hit test uses).
        _ = UIGraphicsImageRenderer(size: label.bounds.size).image { _ in
            _ = label.drawHierarchy(in: label.bounds, afterScreenUpdates: true)
        }
        // One line, centred vertically: the label's middle is on the text; "@al" ends inside the
        // mention.
        let font = try #require(label.font)
        let point = CGPoint(x: ("@al" as NSString).size(withAttributes: [.font: font]).width, y: label.bounds.midY)
        let delivery = TouchDelivery(rootView: label)
        delivery.pressBegan(at: point, tapCount: 1, timestamp: 0)
        delivery.pressEnded(at: point, timestamp: 0.1)
        #expect(tapped == ["alice"])

        // A tap beside the text calls nothing.
        delivery.pressBegan(at: CGPoint(x: 295, y: 20), tapCount: 1, timestamp: 1)
        delivery.pressEnded(at: CGPoint(x: 295, y: 20), timestamp: 1.1)
        #expect(tapped == ["alice"])
    }
}
