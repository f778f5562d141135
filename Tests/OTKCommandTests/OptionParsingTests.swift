import OpenTextKit
import Testing
@testable import otk

@Suite("Option values: lengths, page sizes, margins, shapes")
struct OptionParsingTests {
    @Test("Lengths take pt, mm, cm and in, and points when there is no unit")
    func lengths() throws {
        #expect(try Length.parse("12", what: "x") == 12)
        #expect(try Length.parse("12pt", what: "x") == 12)
        #expect(abs(try Length.parse("25.4mm", what: "x") - 72) < 1e-9)
        #expect(abs(try Length.parse("2.54cm", what: "x") - 72) < 1e-9)
        #expect(try Length.parse("1.5in", what: "x") == 108)
        #expect(try Length.parse(" -3 ", what: "x") == -3)
        #expect(try Length.parse("1e1", what: "x") == 10)
    }

    @Test("A length that is not a number, or has an unknown unit, names the option in its error",
          arguments: ["", "mm", "abc", "12furlongs", "1.2.3", "nan", "inf", "1e999"])
    func badLengths(_ text: String) {
        #expect {
            _ = try Length.parse(text, what: "--gutter")
        } throws: { error in
            (error as? OTKError)?.message.hasPrefix("--gutter:") == true
        }
    }

    @Test("Page sizes by name, case-insensitive, and WxH with a shared or separate unit")
    func pageSizes() throws {
        #expect(try PageSize.parse("a4") == CGSize(width: 595.28, height: 841.89))
        #expect(try PageSize.parse("Letter") == CGSize(width: 612, height: 792))
        let metric = try PageSize.parse("210x297mm")
        #expect(abs(metric.width - 595.28) < 0.01 && abs(metric.height - 841.89) < 0.01)
        #expect(try PageSize.parse("8.5inx11in") == CGSize(width: 612, height: 792))
        #expect(try PageSize.parse("400x300") == CGSize(width: 400, height: 300))
    }

    @Test("Impossible page sizes are errors", arguments: ["A9", "0x100", "-10x20", "100x", "x", "20000x100", "10x10x10"])
    func badPageSizes(_ text: String) {
        #expect(throws: OTKError.self) { try PageSize.parse(text) }
    }

    @Test("Margins follow CSS order for one to four values")
    func margins() throws {
        #expect(try Margins.parse("10") == UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10))
        #expect(try Margins.parse("10,20") == UIEdgeInsets(top: 10, left: 20, bottom: 10, right: 20))
        #expect(try Margins.parse("10,20,30") == UIEdgeInsets(top: 10, left: 20, bottom: 30, right: 20))
        #expect(try Margins.parse("1,2,3,4") == UIEdgeInsets(top: 1, left: 4, bottom: 3, right: 2))
        #expect(try Margins.parse("1in,0,0,0").top == 72)
        #expect(throws: OTKError.self) { try Margins.parse("1,2,3,4,5") }
        #expect(throws: OTKError.self) { try Margins.parse("-5") }
    }

    @Test("Shapes give paths with the expected bounds in page coordinates")
    func shapes() throws {
        #expect(try ShapeSpec(parsing: "rect:10,20,30,40", option: "--exclude").path.bounds == CGRect(x: 10, y: 20, width: 30, height: 40))
        #expect(try ShapeSpec(parsing: "oval:0,0,100,50", option: "--exclude").path.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(try ShapeSpec(parsing: "circle:100,100,50", option: "--shape").path.bounds == CGRect(x: 50, y: 50, width: 100, height: 100))
        let round = try ShapeSpec(parsing: "roundrect:0,0,100,60,10", option: "--exclude").path
        #expect(round.bounds == CGRect(x: 0, y: 0, width: 100, height: 60))
        #expect(!round.contains(CGPoint(x: 0.5, y: 0.5)) && round.contains(CGPoint(x: 50, y: 30)))
        let metric = try ShapeSpec(parsing: "rect:10mm,10mm,1in,1in", option: "--exclude").path.bounds
        #expect(abs(metric.minX - 28.3465) < 0.001 && metric.width == 72)
        let triangle = try ShapeSpec(parsing: "path:M0,0 L100,0 L50,80 Z", option: "--shape").path
        #expect(triangle.contains(CGPoint(x: 50, y: 40)) && !triangle.contains(CGPoint(x: 5, y: 70)))
    }

    @Test("Malformed shapes are errors that name the option",
          arguments: ["oval", "oval:1,2,3", "rect:1,2,3,x", "circle:1,2,-5", "rect:0,0,0,10", "star:1,2,3",
                      "roundrect:0,0,10,10,-1", "path:", "path:L 10 10", "path:M 1 2 A 1 1 0 0 1 3 4"])
    func badShapes(_ text: String) {
        #expect {
            _ = try ShapeSpec(parsing: text, option: "--exclude")
        } throws: { error in
            (error as? OTKError)?.message.hasPrefix("--exclude") == true
        }
    }
}
