import Foundation
import Testing
import TextKitGraphics

// The demo's Pages page in a real window: one layout manager, a text container per page in a row
// you scroll sideways (the host's horizontal scroll bar and wheel), pages added as the text needs
// them; typing on the first page moves the text across the pages that follow.

extension WindowTests {
    @Suite("GTK host: pages of one layout manager, scrolled sideways")
    struct PagesPageTests {
        static func numbers(_ list: String?) -> [Int] { (list ?? "").split(separator: ",").compactMap { Int($0) } }

        @Test("Typing reflows every following page; the caret's page scrolls into view; the wheel scrolls sideways",
              .timeLimit(.minutes(3)))
        func pages() throws {
            let untouched = try DemoSession(["OTK_DEMO_PAGE": "Pages"])
            defer { untouched.close() }
            // Two painted frames first: the horizontal scroll bar appears after the first one (its
            // height shortens the pages), and a quit could come before it.
            _ = try untouched.snapshot(1)
            _ = try untouched.snapshot(2)
            let firstImage = try untouched.quit()
            let before = try untouched.report()

            let session = try DemoSession(["OTK_DEMO_PAGE": "Pages"])
            defer { session.close() }
            // "We" at the start of the preamble, on page 1 (window y 107: the page's 69 under the tabs).
            try session.xdo("mousemove", "--window", session.window, "47", "107", "click", "1")
            try session.xdo("key", "Home")
            try session.xdo("type", "--delay", "15", "Hear ye, hear ye! ")
            try session.xdo("key", "ctrl+End")                   // the caret on the last page: it scrolls into view
            let atEnd = try session.snapshot(1)
            try session.xdo("click", "--repeat", "3", "--delay", "50", "6")   // the wheel tilted left three steps
            _ = try session.quit()
            let after = try session.report()

            let pagesBefore = try #require(Int(before["pages"] ?? ""))
            #expect(pagesBefore >= 5, "the constitution's text takes several pages: \(before)")
            #expect(before["contentOffsetX"] == "0")
            #expect(after["start"]?.hasPrefix("Preamble\nHear ye, hear ye! We the People") == true, "\(after)")
            #expect(Int(after["length"] ?? "") == Int(before["length"] ?? "")! + 18)
            // Every page after the first starts later in the text, by at most the inserted 18 characters.
            let startsBefore = Self.numbers(before["pageStarts"]), startsAfter = Self.numbers(after["pageStarts"])
            #expect(startsAfter.count >= startsBefore.count)
            for (old, new) in zip(startsBefore, startsAfter).dropFirst() {
                #expect(new >= old && new <= old + 18, "page starts \(startsBefore) → \(startsAfter)")
            }
            #expect(zip(startsBefore, startsAfter).dropFirst().contains { $0 != $1 }, "the text did not move across pages")
            // ctrl+End scrolled to the last page, then the wheel three steps back (a step is the
            // width to the power 2/3, as GtkScrolledWindow's).
            let width = try #require(Double(after["boundsWidth"] ?? "")), content = try #require(Double(after["contentWidth"] ?? ""))
            let offset = try #require(Double(after["contentOffsetX"] ?? ""))
            let step = pow(width, 2.0 / 3.0)
            #expect(abs(offset - (content - width - 3 * step)) < 2, "offset \(offset), content \(content), width \(width)")
            // What shows at the end differs from the first pages, and has text on it.
            let pageArea = CGRect(x: 20, y: 60, width: 900, height: 330)
            #expect(Tools.differingPixels(firstImage, atEnd, in: pageArea) > 5000)
            #expect(Tools.darkPixels(atEnd, in: pageArea) > 2000)
        }
    }
}
