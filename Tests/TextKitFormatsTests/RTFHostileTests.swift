import Testing
@testable import TextKitFormats

/// Hostile RTF: each case is rejected with an error saying where and why, or read as far as it is
/// sound — never a crash, a hang or memory out of proportion. Each test bounds its time (a guard
/// against hangs, the one kind of timing check allowed) and the size of what was read.
@Suite("RTF reader: hostile input")
struct RTFHostileTests {
    /// Reads `data` as RTF within `seconds`; returns the result or the error.
    func read(_ data: Data, within seconds: Double = 2) -> Result<NSAttributedString, DocumentReadingError> {
        var result: Result<NSAttributedString, DocumentReadingError>!
        let time = elapsed {
            do {
                result = .success(try NSAttributedString.readDocument(from: data, options: [.documentType: NSAttributedString.DocumentType.rtf]).attributedString)
            } catch let error as DocumentReadingError {
                result = .failure(error)
            } catch {
                Issue.record("unexpected error type \(error)")
                result = .failure(DocumentReadingError(kind: .malformedRTF, message: "\(error)"))
            }
        }
        #expect(time < seconds, "reading \(data.count) bytes took \(time) s")
        if case .success(let s) = result { #expect(s.length <= data.count, "more characters than bytes") }
        if case .failure(let e) = result, let partial = e.partialResult { #expect(partial.length <= data.count) }
        return result
    }

    @Test("Unbalanced braces: extra closing braces end the document, missing ones are forgiven")
    func unbalanced() throws {
        let s = try read(Data(#"{\rtf1 a}}}}} b {{{ c"#.utf8)).get()
        #expect(s.string == "a")
        let t = try read(Data(#"{\rtf1 a{\b b{\i c"#.utf8)).get()
        #expect(t.string == "abc")
    }

    @Test("Groups nested thousands deep are rejected at the limit with the offset, keeping the text before")
    func deepNesting() throws {
        let depth = 100_000
        let data = Data(("{\\rtf1 start" + String(repeating: "{", count: depth) + "x" + String(repeating: "}", count: depth) + "}").utf8)
        guard case .failure(let e) = read(data) else { Issue.record("expected an error"); return }
        #expect(e.kind == .nestingTooDeep)
        #expect(e.byteOffset == 12 + RTFLimits.maximumGroupDepth - 1)
        #expect(e.line == 1)
        #expect(e.partialResult?.string == "start")
        #expect(e.description.contains("nest"))
    }

    @Test("A \\bin length larger than the file is rejected as truncated, not allocated")
    func binBeyondEnd() throws {
        for count in [50, 100_000_000, Int(Int32.max)] {
            let data = Data("{\\rtf1 ok{\\pict\\pngblip\\bin\(count) abc}}".utf8)
            guard case .failure(let e) = read(data) else { Issue.record("expected an error for \\bin\(count)"); continue }
            #expect(e.kind == .truncated)
            #expect(e.byteOffset == 23)
            #expect(e.message.contains("\(count)"))
            #expect(e.partialResult?.string == "ok")
        }
    }

    @Test("A negative \\bin count is empty")
    func negativeBin() throws {
        #expect(try read(Data(#"{\rtf1 a\bin-5 b}"#.utf8)).get().string == "ab")
    }

    @Test("\\u values out of range become U+FFFD")
    func unicodeOutOfRange() throws {
        let s = try read(Data(#"{\rtf1 \u2147483647?\u-2147483648?\u65536?\u-32769?ok}"#.utf8)).get()
        #expect(s.string == "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}ok")
    }

    @Test("A picture with absurd dimensions keeps its data but no image; bounds stay finite")
    func absurdPicture() throws {
        let png = try #require(TestImages.png(width: 2, height: 2))
        let hex = png.map { String(format: "%02x", $0) }.joined()
        let data = Data("{\\rtf1 {\\pict\\pngblip\\picw2000000000\\pich2000000000\\picwgoal2147483647\\pichgoal2147483647\\picscalex2147483647 \(hex)}}".utf8)
        let s = try read(data).get()
        let a = try #require(s.attr(.attachment, at: 0) as? NSTextAttachment)
        #expect(a.contents == png)
        #expect(a.bounds.width.isFinite && a.bounds.height.isFinite)
    }

    @Test("A picture whose hex data is not a PNG, or is megabytes of hex, costs half its size and no image")
    func hugeHexPicture() throws {
        let hex = String(repeating: "0123456789abcdef", count: 4 * 1024 * 1024 / 16)  // 4 MB of hex
        let data = Data("{\\rtf1 {\\pict\\pngblip \(hex)}}".utf8)
        let s = try read(data, within: 5).get()
        let a = try #require(s.attr(.attachment, at: 0) as? NSTextAttachment)
        #expect(a.contents?.count == 2 * 1024 * 1024)
        #expect(a.image == nil)
    }

    @Test("A multi-megabyte control word is rejected where it starts")
    func hugeControlWord() throws {
        let data = Data(("{\\rtf1 ab\\" + String(repeating: "x", count: 3_000_000) + " c}").utf8)
        guard case .failure(let e) = read(data) else { Issue.record("expected an error"); return }
        #expect(e.kind == .malformedRTF)
        #expect(e.byteOffset == 9)
        #expect(e.message.contains("32"))
        #expect(e.partialResult?.string == "ab")
    }

    @Test("A multi-megabyte number is rejected where its control word starts")
    func hugeNumber() throws {
        let data = Data(("{\\rtf1\n\nab\\fs" + String(repeating: "9", count: 3_000_000) + " c}").utf8)
        guard case .failure(let e) = read(data) else { Issue.record("expected an error"); return }
        #expect(e.kind == .malformedRTF)
        #expect(e.byteOffset == 10)
        #expect(e.line == 3)
        #expect(e.message.contains("digits"))
    }

    @Test("NUL bytes anywhere are ignored")
    func nulBytes() throws {
        var bytes = Array(#"{\rtf1{\fonttbl\f0 Sans;}\f0 a\b b}"#.utf8)
        for i in stride(from: bytes.count - 2, to: 8, by: -3) { bytes.insert(0, at: i) }
        if case .failure(let e) = read(Data(bytes)) { #expect(e.kind == .malformedRTF) }
        let s = try read(Data(#"{\rtf1 a"#.utf8) + Data(repeating: 0, count: 1_000_000) + Data("b}".utf8)).get()
        #expect(s.string == "ab")
    }

    @Test("Millions of empty groups and unknown words read in bounded time and memory")
    func manyGroups() throws {
        let data = Data(("{\\rtf1 " + String(repeating: "{\\foo12{\\*\\bar x}}", count: 200_000) + "end}").utf8)
        #expect(try read(data, within: 5).get().string == "end")
    }

    @Test("A \\' escape cut off at the end and a lone backslash are read as far as sound")
    func cutOffEscapes() throws {
        if case .failure(let e) = read(Data(#"{\rtf1 ab\'4"#.utf8)) {
            #expect(e.kind == .truncated)
            #expect(e.partialResult?.string == "ab")
        } else { Issue.record("expected an error") }
        #expect(try read(Data(#"{\rtf1 ab\"#.utf8)).get().string == "ab")
        #expect(try read(Data(#"{\rtf1 a\'zzb}"#.utf8)).get().string == "azzb")
    }

    @Test("Colour and font tables with absurd indices and values are clamped")
    func absurdTables() throws {
        let s = try read(Data(#"{\rtf1{\colortbl;\red999999\green-5\blue256;}{\fonttbl\f-7 X;\f2147483647 Y;}\cf2147483647\f2147483647\fs-3 a\cf1\fs99999999 b}"#.utf8)).get()
        #expect(s.string == "ab")
        #expect(s.color(at: 1) == UIColor(red: 1, green: 0, blue: 1, alpha: 1))
        #expect((s.font(at: 1)?.pointSize ?? 0) <= 1_638)
    }
}
