import CoreText
import Foundation
import Testing
import UIKit

// Drives Ported/NantesLabel/ (instacart/Nantes): the checks of Nantes' own NantesTests.swift and
// AttributedStringExtensionTests.swift (upstream's Nantes/NantesTests/, not copied here), with the
// same values, plus what its snapshot tests cover without images: the truncation
// token, the number of lines, delivered taps on links and the accessibility element's frame.
// Upstream's testCanPerform is not here: the canPerformAction override it calls needs #selector
// and was removed (Linux-forced). Data detection runs on a background queue and reports on the
// main queue, as upstream's tests wait for with an expectation; here the tests await.

@Suite("Gauntlet: NantesLabel")
@MainActor
struct NantesLabelTests {
    final class Recorder: NantesLabelDelegate {
        var links: [URL] = []
        func attributedLabel(_ label: NantesLabel, didSelectLink link: URL) { links.append(link) }
    }

    nonisolated static let long = "Nantes draws its text with Core Text: it truncates the last line with a token and finds links in the text."

    /// Upstream's `addLink(_:to:)` helper: the data detector's first match, as a link model.
    func addLink(_ link: NSAttributedString, to label: NantesLabel) {
        let dataDetector = try! NSDataDetector(types: label.enabledTextCheckingTypes.rawValue)
        let result = dataDetector.matches(in: link.string, options: .withTransparentBounds, range: NSRange(location: 0, length: link.length)).first
        let labelLink = NantesLabel.Link(attributes: [:], activeAttributes: [:], inactiveAttributes: [:], linkTappedBlock: nil, result: result, text: label.text)
        label.addLink(labelLink)
    }

    /// Waits (up to two seconds) for the background data detection to report on the main queue.
    func waitUntil(_ condition: () -> Bool) async throws {
        for _ in 0..<200 where !condition() {
            try await Task.sleep(nanoseconds: 10_000_000)
        }
    }

    func paragraphStyle(_ lineSpacing: CGFloat, _ minimum: CGFloat, _ maximum: CGFloat) -> NSParagraphStyle {
        let paragraphStyle = NSMutableParagraphStyle()
        paragraphStyle.lineSpacing = lineSpacing
        paragraphStyle.minimumLineHeight = minimum
        paragraphStyle.maximumLineHeight = maximum
        return paragraphStyle
    }

    func labelWithProperties() -> NantesLabel {
        let label = NantesLabel(frame: .zero)
        label.lineSpacing = 21
        label.minimumLineHeight = 31
        label.maximumLineHeight = 41
        label.kern = 31
        return label
    }

    // MARK: - NantesTests.swift

    @Test("testInit, testText, testAttributedText, testNumberOfLines: text round-trips through attributedText")
    func textAndAttributedText() {
        let label = NantesLabel(frame: .zero)
        #expect(label.attributedText == nil)
        #expect(label.text == nil)
        label.text = "Test text"
        #expect(label.text == "Test text")
        #expect(label.attributedText?.string == "Test text")
        #expect(label.attributedText?.attribute(.font, at: 0, effectiveRange: nil) as? UIFont == label.font,
                "text takes the label's attributes")
        label.attributedText = NSAttributedString(string: "Other text")
        #expect(label.text == "Other text")
        label.numberOfLines = 1
        #expect(label.numberOfLines == 1)
    }

    @Test("testLabelLink: links are equal by attributes, result and text")
    func linkEquality() {
        let label = NantesLabel(frame: .zero)
        label.activeLinkAttributes = [NSAttributedString.Key.foregroundColor: UIColor.green]
        let labelLink = NantesLabel.Link(attributes: nil, activeAttributes: nil, inactiveAttributes: nil, linkTappedBlock: nil, result: nil, text: nil)
        #expect(labelLink.result == nil)
        let anotherLink = NantesLabel.Link(label: label, result: nil, text: nil)
        #expect(anotherLink.result == nil)
        #expect(!(labelLink == anotherLink))
        let equalLink = NantesLabel.Link(attributes: nil, activeAttributes: nil, inactiveAttributes: nil, linkTappedBlock: nil, result: nil, text: nil)
        #expect(labelLink == equalLink)
    }

    @Test("testAccessibility: one element with text, none without")
    func accessibilityElements() {
        let label = NantesLabel(frame: .zero)
        #expect(label.accessibilityElements == nil)
        label.attributedText = NSAttributedString(string: "Test text")
        #expect(label.accessibilityElements?.count == 1)

        let linkText = NSAttributedString(string: "http://www.instacart.com")
        label.attributedText = linkText
        addLink(linkText, to: label)
        #expect(label.accessibilityElements?.count == 1)

        let linkAndLeadingText = NSAttributedString(string: "Leading text and a link: http://www.instacart.com")
        label.attributedText = linkAndLeadingText
        addLink(linkAndLeadingText, to: label)
        #expect(label.accessibilityElements?.count == 1)
        #expect(!label.isAccessibilityElement, "the label is a container, not an element")
    }

    @Test("testTextCheckingTypes: the types round-trip, prebuilt detectors are reused")
    func textCheckingTypes() {
        let label = NantesLabel(frame: .zero)
        #expect(label.enabledTextCheckingTypes == [.link, .address, .phoneNumber], "commonInit's default")
        label.enabledTextCheckingTypes = []
        #expect(label.enabledTextCheckingTypes.isEmpty)
        label.text = "http://www.instacart.com"
        label.enabledTextCheckingTypes = [.link]
        #expect(label.enabledTextCheckingTypes == [.link])
        let detector = label.dataDetector
        label.enabledTextCheckingTypes = [.link]
        #expect(label.enabledTextCheckingTypes == [.link])
        #expect(label.dataDetector === detector)
    }

    @Test("testAddLink: no link without text; a link without a range is kept; one link per call")
    func addLinkCounts() {
        let label = NantesLabel(frame: .zero)
        let linkText = NSAttributedString(string: "http://www.instacart.com")
        addLink(linkText, to: label)
        #expect(label.linkModels.count == 0)

        label.attributedText = NSAttributedString()
        addLink(NSAttributedString(string: ""), to: label)
        #expect(label.linkModels.count == 1)

        label.attributedText = NSAttributedString(string: "\(linkText.string) with text")
        addLink(linkText, to: label)
        #expect(label.linkModels.count == 1)
        #expect(label.linkModels.first?.result?.range == NSRange(location: 0, length: 24))
        #expect(label.linkModels.first?.result?.url == URL(string: "http://www.instacart.com"))
    }

    @Test("testHitTest: the label inside its bounds, nil outside or when it takes no touches")
    func hitTest() {
        let label = NantesLabel(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let badPoint = CGPoint(x: -1, y: -1)
        let goodPoint = CGPoint(x: 5, y: 5)
        let linkText = NSAttributedString(string: "http://www.instacart.com")
        label.enabledTextCheckingTypes = [.link]
        label.attributedText = linkText
        addLink(linkText, to: label)
        #expect(label.hitTest(goodPoint, with: nil) === label)

        label.text = "Test text"
        #expect(label.hitTest(goodPoint, with: nil) === label)
        #expect(label.hitTest(badPoint, with: nil) == nil)
        label.isUserInteractionEnabled = false
        #expect(label.hitTest(goodPoint, with: nil) == nil)
    }

    @Test("testEmptyDelegates: every delegate method has a default")
    func emptyDelegates() {
        final class DelegateTestClass: NantesLabelDelegate {}
        let label = NantesLabel(frame: .zero)
        let testClass = DelegateTestClass()
        label.delegate = testClass
        testClass.attributedLabel(label, didSelectAddress: [:])
        testClass.attributedLabel(label, didSelectDate: Date(), timeZone: TimeZone(secondsFromGMT: 0)!, duration: TimeInterval())
        testClass.attributedLabel(label, didSelectLink: URL(string: "http://www.instacart.com")!)
        testClass.attributedLabel(label, didSelectPhoneNumber: "555-555-5555")
        testClass.attributedLabel(label, didSelectTextCheckingResult: NSTextCheckingResult())
        testClass.attributedLabel(label, didSelectTransitInfo: [:])
        #expect(label.delegate === testClass)
    }

    @Test("testSizeThatFits: zero for nil; \"Test string\" in Core Text's default font is 55 × 15")
    func sizeThatFits() {
        let constraints = CGSize(width: CGFloat.greatestFiniteMagnitude, height: CGFloat.greatestFiniteMagnitude)
        #expect(NantesLabel.sizeThatFitsAttributedString(nil, withConstraints: constraints, limitedToNumberOfLines: 0) == .zero)
        #expect(NantesLabel.sizeThatFitsAttributedString(NSAttributedString(), withConstraints: constraints, limitedToNumberOfLines: 0) == .zero)

        // No font: Core Text's default, Helvetica 12 (here Nimbus Sans, which has Helvetica's
        // widths). Upstream's value is iOS's: 55 × 15.
        let label = NantesLabel(frame: .zero)
        let attributedString = NSAttributedString(string: "Test string")
        label.attributedText = attributedString
        let size = NantesLabel.sizeThatFitsAttributedString(attributedString, withConstraints: constraints, limitedToNumberOfLines: 0)
        #expect(size == CGSize(width: 55.0, height: 15.0))
    }

    @Test("testAttributedStringPropertiesStay: attributedText keeps the string's paragraph style and kern")
    func propertiesStay() throws {
        let label = labelWithProperties()
        label.attributedText = NSAttributedString(string: "Test string with properties", attributes: [.paragraphStyle: paragraphStyle(20, 30, 40), .kern: 30])
        let text = try #require(label.attributedText)
        let style = try #require(text.attribute(.paragraphStyle, at: 0, effectiveRange: nil) as? NSParagraphStyle)
        let kern = try #require(text.attribute(.kern, at: 0, effectiveRange: nil) as? NSNumber)
        #expect(style.lineSpacing == 20)
        #expect(style.minimumLineHeight == 30)
        #expect(style.maximumLineHeight == 40)
        #expect(kern.intValue == 30)
    }

    @Test("testAttributedStringPropertiesUpdate: setAttributedText(_:afterInheriting…) applies the label's")
    func propertiesUpdate() throws {
        let label = labelWithProperties()
        let attributedString = NSAttributedString(string: "Test string with properties", attributes: [.paragraphStyle: paragraphStyle(20, 30, 40), .kern: 30])
        label.setAttributedText(attributedString, afterInheritingLabelAttributesAndConfiguringWithBlock: nil)
        let text = try #require(label.attributedText)
        let style = try #require(text.attribute(.paragraphStyle, at: 0, effectiveRange: nil) as? NSParagraphStyle)
        #expect(style.lineSpacing == 21)
        #expect(style.minimumLineHeight == 31)
        #expect(style.maximumLineHeight == 41)
        // The label's kern is a CGFloat; upstream reads it `as! NSNumber`, which Foundation on
        // Linux does not bridge for a CGFloat inside Any (it does for Int and Double): read either.
        let kern = try #require(text.attribute(.kern, at: 0, effectiveRange: nil))
        #expect((kern as? NSNumber)?.intValue ?? (kern as? CGFloat).map { Int($0) } == 31)
    }

    @Test("testAttributedStringPropertiesUpdateWithBlock: the block's attributes win")
    func propertiesUpdateWithBlock() throws {
        let label = labelWithProperties()
        let attributedString = NSAttributedString(string: "Test string with properties", attributes: [.paragraphStyle: paragraphStyle(20, 30, 40), .kern: 30])
        var blockRan = false
        label.setAttributedText(attributedString) { mutableString -> NSMutableAttributedString in
            blockRan = true
            let range = NSRange(location: 0, length: mutableString.length)
            mutableString.addAttribute(.paragraphStyle, value: self.paragraphStyle(22, 32, 42), range: range)
            mutableString.addAttribute(.kern, value: 32, range: range)
            return mutableString
        }
        #expect(blockRan)
        let text = try #require(label.attributedText)
        let style = try #require(text.attribute(.paragraphStyle, at: 0, effectiveRange: nil) as? NSParagraphStyle)
        let kern = try #require(text.attribute(.kern, at: 0, effectiveRange: nil) as? NSNumber)
        #expect(style.lineSpacing == 22)
        #expect(style.minimumLineHeight == 32)
        #expect(style.maximumLineHeight == 42)
        #expect(kern.intValue == 32)
    }

    @Test("testExistingAttributedLinksAreAddedAsNantesLinks: a .link attribute becomes a link model")
    func existingLinksBecomeModels() async throws {
        let label = NantesLabel(frame: .zero)
        let testUrl = URL(string: "https://www.swiftjoe.com")!
        #expect(label.linkModels.isEmpty)
        label.attributedText = NSAttributedString(string: "Contains a link", attributes: [.link: testUrl])
        try await waitUntil { !label.linkModels.isEmpty }
        #expect(label.linkModels.count == 1)
        #expect(label.linkModels.first?.result?.url == testUrl)
        #expect(label.linkModels.first?.text == "Contains a link")
    }

    @Test("testMultipleLinksAreAdded: an attributed link and a detected one")
    func multipleLinks() async throws {
        let label = NantesLabel(frame: .zero)
        let linkString = NSMutableAttributedString(string: "Link 1", attributes: [.link: URL(string: "https://www.instacart.com")!])
        linkString.append(NSAttributedString(string: "https://www.swiftjoe.com"))
        #expect(label.linkModels.isEmpty)
        label.attributedText = linkString
        try await waitUntil { !label.linkModels.isEmpty }   // both come back in one report
        let urls = Set(label.linkModels.compactMap { $0.result?.url?.absoluteString })
        #expect(urls.contains("https://www.instacart.com"))
        // "Link 1https://…": iOS's detector links the URL after the digit, and so does ours.
        #expect(label.linkModels.count == 2)
        #expect(urls == ["https://www.instacart.com", "https://www.swiftjoe.com"])
    }

    // MARK: - AttributedStringExtensionTests.swift

    @Test("findExistingLinks: URL and String .link attributes, none without")
    func findExistingLinks() {
        let testUrl = URL(string: "https://www.swiftjoe.com")!
        #expect(!NSAttributedString(string: "Contains a link", attributes: [.link: testUrl]).findExistingLinks().isEmpty)
        #expect(!NSAttributedString(string: "Contains a link", attributes: [.link: "https://www.swiftjoe.com"]).findExistingLinks().isEmpty)
        #expect(NSAttributedString(string: "Contains no links at all").findExistingLinks().isEmpty)
    }

    @Test("findExistingLinks: the link of an attributed string made from HTML")
    func findExistingLinksFromHTML() throws {
        let data = try #require("<a href=\"http://www.google.com\">I can be clicked\"".data(using: .utf8))
        // Read by OpenTextKit's HTML importer (libxml2's parser), as WebKit's reads it on iOS.
        let attributedString = try NSAttributedString(data: data,
                                                      options: [.documentType: NSAttributedString.DocumentType.html,
                                                                .characterEncoding: String.Encoding.utf8.rawValue],
                                                      documentAttributes: nil)
        #expect(attributedString.findExistingLinks().count == 1)
        #expect(attributedString.findExistingLinks().first?.url == URL(string: "http://www.google.com"))
    }

    @Test("findCheckingResults: nothing in a link attribute's text; a phone number in \"867-5309\"")
    func findCheckingResults() throws {
        let detector = try NSDataDetector(types: NantesLabel().enabledTextCheckingTypes.rawValue)
        let linkString = NSAttributedString(string: "Contains a link", attributes: [.link: URL(string: "https://www.swiftjoe.com")!])
        #expect(linkString.findCheckingResults(usingDetector: detector).isEmpty)
        let results = NSAttributedString(string: "867-5309").findCheckingResults(usingDetector: detector)
        #expect(results.count == 1)
        #expect(results.first?.phoneNumber == "867-5309")
    }

    // MARK: - Beyond the unit tests: what the snapshot tests draw

    @Test("Number of lines: sizeThatFits is one line, two lines or all of them, each the font's line height")
    func numberOfLinesSizing() throws {
        let label = NantesLabel(frame: CGRect(x: 0, y: 0, width: 120, height: 200))
        label.font = UIFont(name: "Helvetica", size: 14)
        label.numberOfLines = 0   // before the text: one line makes the paragraph style truncate
        label.text = Self.long
        let lineHeight = label.font.lineHeight
        let fitting = CGSize(width: 120, height: 0)
        // All lines: as many as Core Text makes of the rendered text at width 120.
        let framesetter = CTFramesetterCreateWithAttributedString(try #require(label.attributedText) as CFAttributedString)
        let path = CGPath(rect: CGRect(x: 0, y: 0, width: 120, height: CGFloat.greatestFiniteMagnitude), transform: nil)
        let lineCount = CTFrameGetLines(CTFramesetterCreateFrame(framesetter, CFRange(location: 0, length: 0), path, nil)).count
        #expect(lineCount > 3)

        label.numberOfLines = 1
        #expect(label.sizeThatFits(fitting).height == ceil(lineHeight))
        label.numberOfLines = 2
        #expect(label.sizeThatFits(fitting).height == ceil(2 * lineHeight))
        label.numberOfLines = 0
        #expect(label.sizeThatFits(fitting).height == ceil(CGFloat(lineCount) * lineHeight))
        #expect(label.sizeThatFits(fitting).width <= 120)
        label.numberOfLines = 1
        #expect(label.intrinsicContentSize.height == ceil(lineHeight))
    }

    @Test("Truncation: drawing a cut label makes the \"…\" token with the last character's attributes")
    func defaultTruncationToken() throws {
        let label = NantesLabel(frame: CGRect(x: 0, y: 0, width: 120, height: 200))
        label.font = UIFont(name: "Helvetica", size: 14)
        label.numberOfLines = 2
        label.text = Self.long
        #expect(label.attributedTruncationToken == nil)
        _ = UIGraphicsImageRenderer(size: label.bounds.size).image { _ in
            label.drawText(in: label.bounds)
        }
        let token = try #require(label.attributedTruncationToken)
        #expect(token.string == "\u{2026}")
        #expect(token.attribute(.font, at: 0, effectiveRange: nil) as? UIFont == label.font)
    }

    @Test("Truncation: the last visible line ends with the token and fits the width")
    func truncatedLines() throws {
        let label = NantesLabel(frame: CGRect(x: 0, y: 0, width: 120, height: 40))
        let font = try #require(UIFont(name: "Helvetica", size: 14))
        label.font = font
        label.numberOfLines = 2
        label.text = Self.long
        label.attributedTruncationToken = NSAttributedString(string: "… more", attributes: [.font: font, .foregroundColor: UIColor.red])
        let text = try #require(label.renderedAttributedText)
        let rect = CGRect(x: 0, y: 0, width: 120, height: 1000)
        let path = CGMutablePath()
        path.addRect(rect)
        let frame = CTFramesetterCreateFrame(try #require(label.framesetter), CFRange(location: 0, length: text.length), path, nil)
        let lines = CTFrameGetLines(frame)
        #expect(lines.count > 2)

        let truncated = label.truncateLines(lines, fromAttritubedString: text, rect: rect, path: path)
        #expect(truncated.count == lines.count)
        #expect(truncated[0] === lines[0], "lines before the last visible one are kept")
        let cut = truncated[1]
        #expect(CTLineGetTypographicBounds(cut, nil, nil, nil) <= 120)
        let lastRun = try #require(CTLineGetGlyphRuns(cut).last)
        #expect(CTRunGetAttributes(lastRun)[.foregroundColor] as? UIColor == .red, "the token's run ends the line")
        #expect(CTLineGetGlyphCount(cut) < CTLineGetGlyphCount(lines[1]) + 6)
    }

    @Test("Drawing: a link's background fill is painted behind the link's run and nowhere else")
    func linkBackground() throws {
        let label = NantesLabel(frame: CGRect(x: 0, y: 0, width: 300, height: 40))
        label.font = UIFont(name: "Helvetica", size: 17)
        label.enabledTextCheckingTypes = []
        label.linkAttributes = [.nantesLabelBackgroundFillColor: UIColor.red, .foregroundColor: UIColor.blue]
        label.text = "https://www.instacart.com now"
        label.addLink(to: URL(string: "https://www.instacart.com")!, withRange: NSRange(location: 0, length: 25))
        let line = CTLineCreateWithAttributedString(try #require(label.attributedText) as CFAttributedString)
        let linkEnd = CTLineGetOffsetForStringIndex(line, 25, nil)
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let image = try #require(UIGraphicsImageRenderer(size: label.bounds.size, format: format).image { context in
            UIColor.white.setFill()
            context.fill(label.bounds)
            label.drawText(in: label.bounds)
        }.cgImage)
        func redPixels(_ xs: Range<Int>) -> Int {
            xs.reduce(0) { count, x in
                count + (0..<40).filter { y in
                    guard let p = image.rgba(atX: x, y: y) else { return false }
                    return p.r > 200 && p.g < 60 && p.b < 60
                }.count
            }
        }
        #expect(redPixels(2..<Int(linkEnd) - 2) > 100, "the link's background")
        #expect(redPixels(Int(linkEnd) + 3..<300) == 0, "no background behind \"now\"")
    }

    @Test("Delivered taps: on a link the delegate gets its URL; elsewhere labelTappedBlock runs")
    func tapsOnLinks() throws {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 200))
        let label = NantesLabel(frame: CGRect(x: 20, y: 30, width: 300, height: 40))
        root.addSubview(label)
        label.font = UIFont(name: "Helvetica", size: 17)
        label.enabledTextCheckingTypes = []
        label.text = "Open https://www.instacart.com now"
        let url = URL(string: "https://www.instacart.com")!
        let linkRange = NSRange(location: 5, length: 25)
        #expect(label.addLink(to: url, withRange: linkRange) != nil)
        let recorder = Recorder()
        label.delegate = recorder
        var taps = 0
        label.labelTappedBlock = { taps += 1 }

        // Where the characters are: a Core Text line of the label's text (one line, flush left,
        // centred vertically by default).
        let line = CTLineCreateWithAttributedString(try #require(label.attributedText) as CFAttributedString)
        let linkX = CTLineGetOffsetForStringIndex(line, linkRange.location + 10, nil)
        let openX = CTLineGetOffsetForStringIndex(line, 1, nil)
        let delivery = TouchDelivery(rootView: root)

        let onLink = CGPoint(x: 20 + linkX, y: 50)
        #expect(label.link(at: CGPoint(x: linkX, y: 20))?.result?.url == url)
        #expect(delivery.pressBegan(at: onLink, tapCount: 1, timestamp: 0) === label)
        delivery.pressEnded(at: onLink, timestamp: 0.1)
        #expect(recorder.links == [url])
        #expect(taps == 0)

        let onOpen = CGPoint(x: 20 + openX + 2, y: 50)
        #expect(label.link(at: CGPoint(x: openX + 2, y: 20)) == nil)
        delivery.pressBegan(at: onOpen, tapCount: 1, timestamp: 1)
        delivery.pressEnded(at: onOpen, timestamp: 1.1)
        #expect(taps == 1)
        #expect(recorder.links == [url])
    }

    @Test("Accessibility: the element's frame is the label's in the top view; a link is a custom action")
    func accessibilityFrameAndActions() throws {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 200))
        let label = NantesLabel(frame: CGRect(x: 20, y: 30, width: 300, height: 40))
        root.addSubview(label)
        label.enabledTextCheckingTypes = []
        label.text = "Open https://www.instacart.com now"
        let url = URL(string: "https://www.instacart.com")!
        label.addLink(to: url, withRange: NSRange(location: 5, length: 25))
        let recorder = Recorder()
        label.delegate = recorder

        let element = try #require(label.accessibilityElements?.first as? NantesLabelAccessibilityElement)
        #expect(element.accessibilityFrame == CGRect(x: 20, y: 30, width: 300, height: 40))
        let actions = try #require(label.accessibilityCustomActions)
        #expect(actions.map(\.name) == ["https://www.instacart.com"])
        let handler = try #require(actions.first?.actionHandler)
        #expect(handler(actions[0]))
        #expect(recorder.links == [url])
    }
}
