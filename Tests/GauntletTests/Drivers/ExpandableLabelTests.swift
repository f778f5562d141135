import CoreText
import Foundation
import Testing
import UIKit

// Drives Ported/ExpandableLabel/ExpandableLabel.swift (apploft/ExpandableLabel), which has no
// tests of its own: the behaviours its README describes (a collapsed label ends its last line with
// "..." and a "More" link; expanding shows the whole text; a tap on the link expands), measured
// with Core Text as the file itself measures.

@Suite("Gauntlet: ExpandableLabel")
@MainActor
struct ExpandableLabelTests {
    nonisolated static let long = "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat."

    final class Recorder: NSObject, ExpandableLabelDelegate {
        var calls: [String] = []
        func willExpandLabel(_ label: ExpandableLabel) { calls.append("willExpand") }
        func didExpandLabel(_ label: ExpandableLabel) { calls.append("didExpand") }
        func willCollapseLabel(_ label: ExpandableLabel) { calls.append("willCollapse") }
        func didCollapseLabel(_ label: ExpandableLabel) { calls.append("didCollapse") }
    }

    /// The README's set-up: frame first (the text is cut for the frame's width), 3 lines, collapsed.
    func makeLabel(_ text: String = ExpandableLabelTests.long, configure: (ExpandableLabel) -> Void = { _ in }) -> ExpandableLabel {
        let label = ExpandableLabel(frame: CGRect(x: 0, y: 0, width: 200, height: 80))
        label.font = UIFont(name: "DejaVu Sans", size: 14)
        label.numberOfLines = 3
        label.collapsed = true
        configure(label)
        label.text = text
        return label
    }

    /// The Core Text lines of `string` at `width` (as the file's `lines(for:)`).
    func lineCount(_ string: NSAttributedString, width: CGFloat) -> Int {
        let framesetter = CTFramesetterCreateWithAttributedString(string as CFAttributedString)
        let path = CGPath(rect: CGRect(x: 0, y: 0, width: width, height: CGFloat.greatestFiniteMagnitude), transform: nil)
        return CTFrameGetLines(CTFramesetterCreateFrame(framesetter, CFRange(location: 0, length: 0), path, nil)).count
    }

    @Test("Collapsed: the first lines, then \"... More\", in exactly 3 lines at width 200")
    func collapsedText() throws {
        let label = makeLabel()
        let shown = try #require(label.attributedText)
        #expect(lineCount(NSAttributedString(string: Self.long, attributes: [.font: label.font!]), width: 200) > 3)
        #expect(shown.string.hasSuffix("... More"))
        #expect(lineCount(shown, width: 200) == 3)
        // What precedes the ellipsis is a prefix of the text, cut after a whole word.
        let kept = String(shown.string.dropLast("... More".count))
        #expect(Self.long.hasPrefix(kept.trimmingCharacters(in: .whitespaces)))
        #expect(kept.last == " " || Self.long.dropFirst(kept.count).first == " ")
        #expect(label.expandedText?.string == Self.long)
    }

    @Test("collapsed = false shows the whole text on any number of lines; true cuts it again")
    func toggling() throws {
        let label = makeLabel()
        let collapsedString = try #require(label.attributedText?.string)
        label.collapsed = false
        #expect(label.attributedText?.string == Self.long)
        #expect(label.numberOfLines == 0)
        label.collapsed = true
        #expect(label.attributedText?.string == collapsedString)
        #expect(label.numberOfLines == 3)
    }

    @Test("Text that fits in 3 lines is not changed")
    func shortText() {
        let label = makeLabel("Short text.")
        #expect(label.attributedText?.string == "Short text.")
    }

    @Test("A custom link and ellipsis; a less link after the expanded text")
    func customLinks() throws {
        let label = makeLabel { label in
            label.collapsedAttributedLink = NSAttributedString(string: "Read More")
            label.ellipsis = NSAttributedString(string: "…")
            label.setLessLinkWith(lessLink: "Close", attributes: [.foregroundColor: UIColor.red], position: nil)
        }
        #expect(label.attributedText?.string.hasSuffix("… Read More") == true)
        #expect(lineCount(try #require(label.attributedText), width: 200) == 3)
        label.collapsed = false
        #expect(label.attributedText?.string == Self.long + "  Close")
    }

    @Test("textReplacementType .character cuts the last line by characters")
    func characterReplacement() throws {
        let label = makeLabel { $0.textReplacementType = .character }
        let shown = try #require(label.attributedText)
        #expect(shown.string.hasSuffix("... More"))
        let kept = String(shown.string.dropLast("... More".count))
        #expect(Self.long.hasPrefix(kept))
        #expect(lineCount(shown, width: 200) <= 3)
    }

    @Test("A tap on \"More\" expands and tells the delegate; a tap on the first word does not")
    func tapOnLink() throws {
        let label = makeLabel()
        let recorder = Recorder()
        label.delegate = recorder
        let shown = try #require(label.attributedText)
        let delivery = TouchDelivery(rootView: label)

        // Where "More" is, found as the file's hit test maps points: Core Text lines in the
        // label's text rect, y flipped.
        let textRect = label.textRect(forBounds: label.bounds, limitedToNumberOfLines: label.numberOfLines)
        let framesetter = CTFramesetterCreateWithAttributedString(shown as CFAttributedString)
        let suggested = CTFramesetterSuggestFrameSizeWithConstraints(framesetter, CFRange(location: 0, length: shown.length), nil,
                                                                     CGSize(width: textRect.width, height: CGFloat.greatestFiniteMagnitude), nil)
        let path = CGPath(rect: CGRect(x: 0, y: 0, width: suggested.width, height: suggested.height.rounded(.up)), transform: nil)
        let frame = CTFramesetterCreateFrame(framesetter, CFRange(location: 0, length: shown.length), path, nil)
        let lines = CTFrameGetLines(frame)
        var origins = [CGPoint](repeating: .zero, count: lines.count)
        CTFrameGetLineOrigins(frame, CFRange(location: 0, length: lines.count), &origins)
        let last = try #require(lines.last)
        let linkIndex = shown.length - 2   // inside "More"
        let x = CTLineGetOffsetForStringIndex(last, linkIndex, nil)
        let point = CGPoint(x: textRect.minX + x, y: textRect.minY + textRect.height - (origins[lines.count - 1].y + 3))

        // The first word first: nothing happens.
        let firstWord = CGPoint(x: textRect.minX + 5, y: textRect.minY + textRect.height - (origins[0].y + 3))
        delivery.pressBegan(at: firstWord, tapCount: 1, timestamp: 0)
        delivery.pressEnded(at: firstWord, timestamp: 0.1)
        #expect(label.collapsed)
        #expect(recorder.calls.isEmpty)

        delivery.pressBegan(at: point, tapCount: 1, timestamp: 1)
        delivery.pressEnded(at: point, timestamp: 1.1)
        #expect(!label.collapsed)
        #expect(recorder.calls == ["willExpand", "didExpand"])
        #expect(label.attributedText?.string == Self.long)
    }
}
