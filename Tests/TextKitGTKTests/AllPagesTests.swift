import Foundation
import Testing
import TextKitGraphics

// Every page of the demo, shown in turn (ctrl+Page_Down moves the notebook on), snapshotted and
// checked for what it should draw: text, the controls' colours, the circle, the highlighter's
// colours, three columns, pages side by side, the Core Text ellipse, the custom view's text, the
// TextKit 2 page's paragraphs.

extension WindowTests {
    @Suite("GTK host: every page of the demo draws")
    struct AllPagesTests {
        /// Pixels whose colour is far from grey (a colour, not black text or a grey line) in `rect`.
        static func colouredPixels(_ image: CGImage, _ rect: CGRect) -> Int {
            var count = 0
            for y in Int(rect.minY)..<min(Int(rect.maxY), image.height) {
                for x in Int(rect.minX)..<min(Int(rect.maxX), image.width) {
                    guard let p = image.rgba(atX: x, y: y) else { continue }
                    let high = max(p.r, p.g, p.b), low = min(p.r, p.g, p.b)
                    if Int(high) - Int(low) > 50 { count += 1 }
                }
            }
            return count
        }

        @Test("Eleven pages, each drawing its own content", .timeLimit(.minutes(3)))
        func everyPage() throws {
            let session = try DemoSession([:])
            defer { session.close() }
            var pages: [CGImage] = [try session.snapshot(1)]
            for n in 2...11 {
                try session.xdo("key", "ctrl+Page_Down")
                pages.append(try session.snapshot(n))
            }
            _ = try session.quit()
            let width = CGFloat(pages[0].width)
            func ink(_ page: Int, _ rect: CGRect) -> Int { Tools.darkPixels(pages[page], in: rect) }
            func colour(_ page: Int, _ rect: CGRect) -> Int { Self.colouredPixels(pages[page], rect) }
            let body = CGRect(x: 0, y: 45, width: width, height: 420)

            // The pages differ from one another.
            for n in 1..<pages.count {
                #expect(Tools.differingPixels(pages[n - 1], pages[n], in: body) > 2000, "page \(n) looks like page \(n - 1)")
            }
            #expect(ink(0, CGRect(x: 8, y: 45, width: 900, height: 120)) > 2000, "Text view: three paragraphs")
            #expect(ink(1, CGRect(x: 8, y: 50, width: 540, height: 50)) > 300, "Label and field: the label")
            #expect(colour(2, CGRect(x: 86, y: 50, width: 220, height: 320)) > 3000, "Configuration: the selected segments")
            #expect(ink(2, CGRect(x: 330, y: 55, width: 650, height: 120)) > 2000, "Configuration: the text")
            #expect(ink(3, CGRect(x: 0, y: 100, width: width, height: 360)) > 3000, "Text styles: one line per style")
            #expect(colour(3, CGRect(x: 16, y: 50, width: 480, height: 36)) > 150, "Text styles: the slider's knob")
            #expect(colour(4, CGRect(x: 220, y: 128, width: 150, height: 150)) > 8000, "Interaction: the circle")
            #expect(colour(5, body) > 300, "Highlighting: coloured keywords, strings, comments")
            for column in 0..<3 {
                let third = CGRect(x: 16 + CGFloat(column) * (width - 32) / 3, y: 60, width: (width - 64) / 3, height: 120)
                #expect(ink(6, third) > 800, "Columns: column \(column + 1) has text")
            }
            for page in 0..<3 {
                #expect(ink(7, CGRect(x: 24 + CGFloat(page) * 324, y: 70, width: 300, height: 300)) > 2000, "Pages: page \(page + 1)")
            }
            #expect(ink(8, body) > 1500, "Core Text: the framesetter's lines")
            #expect(ink(9, CGRect(x: 16, y: 90, width: 420, height: 40)) > 300, "SimpleTextInput: the view's text")
            #expect(ink(10, CGRect(x: 16, y: 100, width: 700, height: 120)) > 1500, "TextKit 2: the paragraphs and comments")
        }
    }
}
