import Testing
@testable import TextKitModel
import ModelTestSupport
import TextKitFonts
import TextKitGraphics

private func runs(_ s: NSAttributedString) -> [(String, NSRange)] {
    var out: [(String, NSRange)] = []
    let u = Array(s.string.utf16)
    s.enumerateAttributes(in: NSRange(location: 0, length: s.length)) { attrs, r, _ in
        let text = String(decoding: u[r.location..<(r.location + r.length)], as: UTF16.self)
        out.append((text + attrs.keys.map(\.rawValue).sorted().joined(separator: ","), r))
    }
    return out
}

@Suite("NSAttributedString and NSMutableAttributedString")
struct NSAttributedStringTests {
    @Test("Initialisers set text and attributes")
    func initialisers() {
        #expect(NSAttributedString().length == 0)
        #expect(NSAttributedString().string == "")
        let plain = NSAttributedString(string: "héllo 😀")
        #expect(plain.length == 8)
        #expect(plain.attributes(at: 7, effectiveRange: nil).isEmpty)
        let styled = NSAttributedString(string: "abc", attributes: [.kern: 2.0])
        var r = NSRange()
        #expect(styled.attributes(at: 1, effectiveRange: &r)[.kern] as? Double == 2.0)
        #expect(r == NSRange(location: 0, length: 3))
        #expect(NSAttributedString(attributedString: styled).isEqual(to: styled))
        #expect(NSAttributedString(string: "x", attributes: nil).attributes(at: 0, effectiveRange: nil).isEmpty)
    }

    @Test("Inserted text takes the attributes before it; at 0 the ones after it; replacements the first replaced character's")
    func inheritance() {
        let s = NSMutableAttributedString(string: "ab", attributes: [.kern: 1])
        s.addAttribute(.kern, value: 2, range: NSRange(location: 1, length: 1))
        s.replaceCharacters(in: NSRange(location: 1, length: 0), with: "X")   // after 'a' (kern 1)
        #expect(s.attribute(.kern, at: 1, effectiveRange: nil) as? Int == 1)
        s.replaceCharacters(in: NSRange(location: 0, length: 0), with: "Y")   // at 0: from 'a'
        #expect(s.attribute(.kern, at: 0, effectiveRange: nil) as? Int == 1)
        s.replaceCharacters(in: NSRange(location: 3, length: 1), with: "ZZ")  // replaces 'b' (kern 2)
        #expect(s.string == "YaXZZ")
        #expect(s.attribute(.kern, at: 3, effectiveRange: nil) as? Int == 2)
        let empty = NSMutableAttributedString()
        empty.replaceCharacters(in: NSRange(location: 0, length: 0), with: "new")
        #expect(empty.attributes(at: 0, effectiveRange: nil).isEmpty)
    }

    @Test("Equal attribute dictionaries make one run; effective ranges are the runs")
    func runsMerge() {
        let s = NSMutableAttributedString(string: "0123456789")
        s.setAttributes([.kern: 1], range: NSRange(location: 0, length: 3))
        s.setAttributes([.kern: 1], range: NSRange(location: 3, length: 3))
        var r = NSRange()
        _ = s.attributes(at: 4, effectiveRange: &r)
        #expect(r == NSRange(location: 0, length: 6))
        s.addAttribute(.foregroundColor, value: "red", range: NSRange(location: 2, length: 2))
        #expect(runs(s).map(\.1) == [NSRange(location: 0, length: 2), NSRange(location: 2, length: 2),
                                     NSRange(location: 4, length: 2), NSRange(location: 6, length: 4)])
        s.removeAttribute(.foregroundColor, range: NSRange(location: 0, length: 10))
        #expect(runs(s).map(\.1) == [NSRange(location: 0, length: 6), NSRange(location: 6, length: 4)])
        #expect(s._attributeRunCount == 2)
    }

    @Test("Attribute values compare as documented: numbers by value, Hashable by value, classes by identity, others never")
    func valueEquality() {
        final class Token {}
        struct Opaque { var x = 1 }
        let token = Token()
        let s = NSMutableAttributedString(string: "abcdef")
        s.addAttribute(.kern, value: 1, range: NSRange(location: 0, length: 1))
        s.addAttribute(.kern, value: 1.0, range: NSRange(location: 1, length: 1))   // Double 1.0 == Int 1, as NSNumber
        s.addAttribute(.link, value: token, range: NSRange(location: 2, length: 2))
        s.addAttribute(.shadow, value: Opaque(), range: NSRange(location: 4, length: 1))
        s.addAttribute(.shadow, value: Opaque(), range: NSRange(location: 5, length: 1))
        var r = NSRange()
        _ = s.attributes(at: 0, effectiveRange: &r)
        #expect(r.length == 2)
        s.addAttribute(.kern, value: NSNumber(value: 2), range: NSRange(location: 0, length: 1))
        s.addAttribute(.kern, value: CGFloat(2), range: NSRange(location: 1, length: 1))
        _ = s.attributes(at: 0, effectiveRange: &r)
        #expect(r.length == 2, "NSNumber(2) == CGFloat(2)")
        _ = s.attributes(at: 2, effectiveRange: &r)
        #expect(r == NSRange(location: 2, length: 2), "same instance: one run")
        _ = s.attributes(at: 4, effectiveRange: &r)
        #expect(r == NSRange(location: 4, length: 1), "non-hashable values never merge")
        #expect(s.attribute(.link, at: 3, effectiveRange: nil) as? Token === token)
    }

    @Test("Fonts, colours and paragraph styles given as AnyObject (as `[Key: AnyObject]` dictionaries hold them) are the same values as given directly")
    func valuesInAnyObject() {
        let font = UIFont.systemFont(ofSize: 13)
        let color = UIColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 1)
        let style = NSMutableParagraphStyle()
        style.alignment = .center
        let boxed: [NSAttributedString.Key: AnyObject] = [.font: font, .foregroundColor: color, .paragraphStyle: style]
        let s = NSMutableAttributedString(string: "abcd", attributes: boxed)
        s.setAttributes([.font: font, .foregroundColor: UIColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 1),
                         .paragraphStyle: style.copy() as! NSParagraphStyle], range: NSRange(location: 2, length: 2))
        var r = NSRange()
        let attributes = s.attributes(at: 0, effectiveRange: &r)
        #expect(r == NSRange(location: 0, length: 4), "equal values in either form: one run")
        #expect(attributes[.font] as? UIFont === font)
        #expect((attributes[.paragraphStyle] as? NSParagraphStyle)?.alignment == .center)
    }

    @Test("Longest effective ranges look across runs, for all attributes or one")
    func longestEffectiveRange() {
        let s = NSMutableAttributedString(string: "aaabbbccc")
        s.addAttribute(.kern, value: 1, range: NSRange(location: 0, length: 9))
        s.addAttribute(.foregroundColor, value: "red", range: NSRange(location: 3, length: 3))
        var r = NSRange()
        #expect(s.attribute(.kern, at: 4, longestEffectiveRange: &r, in: NSRange(location: 0, length: 9)) as? Int == 1)
        #expect(r == NSRange(location: 0, length: 9))
        #expect(s.attribute(.kern, at: 4, longestEffectiveRange: &r, in: NSRange(location: 2, length: 5)) as? Int == 1)
        #expect(r == NSRange(location: 2, length: 5), "clipped to the limit")
        #expect(s.attribute(.underlineStyle, at: 0, longestEffectiveRange: &r, in: NSRange(location: 0, length: 9)) == nil)
        #expect(r == NSRange(location: 0, length: 9), "absent throughout")
        _ = s.attributes(at: 7, longestEffectiveRange: &r, in: NSRange(location: 0, length: 9))
        #expect(r == NSRange(location: 6, length: 3))
    }

    @Test("Enumeration: forwards, in reverse, per attribute, and stopping")
    func enumeration() {
        let s = NSMutableAttributedString(string: "aabbcc")
        s.addAttribute(.kern, value: 1, range: NSRange(location: 2, length: 2))
        s.addAttribute(.foregroundColor, value: "red", range: NSRange(location: 0, length: 3))
        var forward: [NSRange] = [], backward: [NSRange] = [], kern: [NSRange] = [], stopped: [NSRange] = []
        let all = NSRange(location: 0, length: 6)
        s.enumerateAttributes(in: all) { _, r, _ in forward.append(r) }
        s.enumerateAttributes(in: all, options: .reverse) { _, r, _ in backward.append(r) }
        s.enumerateAttribute(.kern, in: all) { value, r, _ in kern.append(r); #expect((value == nil) != (r.location == 2)) }
        s.enumerateAttributes(in: NSRange(location: 1, length: 4)) { _, r, stop in
            stopped.append(r)
            if r.location == 2 { stop.pointee = true }
        }
        let expected = [NSRange(location: 0, length: 2), NSRange(location: 2, length: 1), NSRange(location: 3, length: 1), NSRange(location: 4, length: 2)]
        #expect(forward == expected)
        #expect(backward == expected.reversed())
        #expect(kern == [NSRange(location: 0, length: 2), NSRange(location: 2, length: 2), NSRange(location: 4, length: 2)])
        #expect(stopped == [NSRange(location: 1, length: 1), NSRange(location: 2, length: 1)])
    }

    @Test("The block may change the range it was given; enumeration goes on after it, shifted")
    func mutationDuringEnumeration() {
        let s = NSMutableAttributedString(string: "one two three")
        s.addAttribute(.kern, value: 1, range: NSRange(location: 4, length: 3))
        var seen: [String] = []
        s.enumerateAttribute(.kern, in: NSRange(location: 0, length: s.length)) { value, r, _ in
            seen.append((s.string as NSString).substring(with: r))
            if value != nil { s.replaceCharacters(in: r, with: "TWO!") }
        }
        #expect(s.string == "one TWO! three")
        #expect(seen == ["one ", "two", " three"])
    }

    @Test("Substrings, equality, hashing, copies and description")
    func substringsAndCopies() {
        let s = NSMutableAttributedString(string: "Hello, world", attributes: [.kern: 1])
        s.addAttribute(.foregroundColor, value: "blue", range: NSRange(location: 7, length: 5))
        let sub = s.attributedSubstring(from: NSRange(location: 5, length: 5))
        #expect(sub.string == ", wor")
        var r = NSRange()
        #expect(sub.attribute(.foregroundColor, at: 2, effectiveRange: &r) as? String == "blue")
        #expect(r == NSRange(location: 2, length: 3))
        let copy = s.copy() as! NSAttributedString
        let mutable = s.mutableCopy() as! NSMutableAttributedString
        #expect(type(of: copy) == NSAttributedString.self)
        #expect(copy == s && copy.hash == s.hash)
        #expect(copy.isEqual(to: mutable))
        mutable.append(NSAttributedString(string: "!"))
        #expect(s.string == "Hello, world" && copy.string == "Hello, world", "copies are independent")
        #expect(!copy.isEqual(to: mutable))
        let differentAttrs = NSAttributedString(string: "Hello, world", attributes: [.kern: 1])
        #expect(!differentAttrs.isEqual(to: s))
        #expect(NSAttributedString(string: "ab", attributes: [.kern: 1]).description == "ab{\n    NSKern = 1;\n}")
    }

    @Test("Derived mutators: append, insert, delete, setAttributedString, attributed replacement")
    func derivedMutators() {
        let s = NSMutableAttributedString(string: "world")
        s.insert(NSAttributedString(string: "hello ", attributes: [.kern: 1]), at: 0)
        s.append(NSAttributedString(string: "!", attributes: [.underlineStyle: NSUnderlineStyle.double.rawValue]))
        #expect(s.string == "hello world!")
        #expect(s.attribute(.kern, at: 5, effectiveRange: nil) as? Int == 1)
        #expect(s.attribute(.kern, at: 6, effectiveRange: nil) == nil)
        #expect(s.attribute(.underlineStyle, at: 11, effectiveRange: nil) as? Int == 9)
        s.deleteCharacters(in: NSRange(location: 0, length: 6))
        #expect(s.string == "world!")
        s.replaceCharacters(in: NSRange(location: 0, length: 5), with: NSAttributedString(string: "there", attributes: [.kern: 3]))
        #expect(runs(s).map(\.1) == [NSRange(location: 0, length: 5), NSRange(location: 5, length: 1)])
        s.setAttributedString(NSAttributedString(string: "new"))
        #expect(s.string == "new" && s.attributes(at: 2, effectiveRange: nil).isEmpty)
        s.insert(s, at: 1)
        #expect(s.string == "nnewew", "inserting a string into itself uses a snapshot")
        s.setAttributes(nil, range: NSRange(location: 0, length: 6))
        #expect(s._attributeRunCount == 1)
    }

    @Test("Any text is stored as given: lone surrogates, NULs, long combining sequences, a megabyte without newline")
    func oddText() {
        let s = NSMutableAttributedString(string: "a😀b")
        s.deleteCharacters(in: NSRange(location: 1, length: 1))     // leaves the low surrogate alone
        #expect(s.length == 3)
        #expect(s._utf16(in: NSRange(location: 0, length: 3)) == [0x61, 0xDE00, 0x62])
        #expect(s.string == "a\u{FFFD}b" && s.string.utf16.count == 3)
        s.insert(NSAttributedString(string: "\0\0"), at: 3)
        #expect(s.length == 5 && s._utf16Unit(at: 4) == 0)
        let marks = String(repeating: "\u{301}", count: 20_000)
        let combining = NSMutableAttributedString(string: "e" + marks)
        combining.addAttribute(.kern, value: 1, range: NSRange(location: 500, length: 1))
        #expect(combining.length == 20_001)
        #expect(combining.string == "e" + marks)
        let long = NSMutableAttributedString(string: String(repeating: "x", count: 1 << 20))
        #expect(long.paragraphRange(for: NSRange(location: 1 << 19, length: 0)) == NSRange(location: 0, length: 1 << 20))
        long.replaceCharacters(in: NSRange(location: 1000, length: 0), with: "\n")
        #expect(long.paragraphRange(for: NSRange(location: 1 << 19, length: 0)) == NSRange(location: 1001, length: (1 << 20) - 1000))
        #expect(long._paragraphCount == 2)
        long._storage.invariantCheck()
    }

    @Test("Paragraph and line ranges with every separator", arguments: [
        // (text, range, paragraph range, line range)
        ("ab\ncd", NSRange(location: 1, length: 0), NSRange(location: 0, length: 3), NSRange(location: 0, length: 3)),
        ("ab\ncd", NSRange(location: 3, length: 0), NSRange(location: 3, length: 2), NSRange(location: 3, length: 2)),
        ("ab\r\ncd", NSRange(location: 3, length: 0), NSRange(location: 0, length: 4), NSRange(location: 0, length: 4)),
        ("ab\rcd", NSRange(location: 4, length: 0), NSRange(location: 3, length: 2), NSRange(location: 3, length: 2)),
        ("ab\u{2029}cd", NSRange(location: 0, length: 0), NSRange(location: 0, length: 3), NSRange(location: 0, length: 3)),
        ("ab\u{2028}cd", NSRange(location: 4, length: 0), NSRange(location: 0, length: 5), NSRange(location: 3, length: 2)),
        ("ab\u{85}cd", NSRange(location: 1, length: 0), NSRange(location: 0, length: 5), NSRange(location: 0, length: 3)),
        ("ab\n", NSRange(location: 3, length: 0), NSRange(location: 3, length: 0), NSRange(location: 3, length: 0)),
        ("a\nb\nc", NSRange(location: 1, length: 2), NSRange(location: 0, length: 4), NSRange(location: 0, length: 4)),
        ("", NSRange(location: 0, length: 0), NSRange(location: 0, length: 0), NSRange(location: 0, length: 0)),
        ("\r\n\r\n", NSRange(location: 2, length: 0), NSRange(location: 2, length: 2), NSRange(location: 2, length: 2)),
    ])
    func paragraphs(text: String, range: NSRange, paragraph: NSRange, line: NSRange) {
        let s = NSAttributedString(string: text)
        #expect(s.paragraphRange(for: range) == paragraph)
        #expect(s.lineRange(for: range) == line)
    }

    /// The scan for a paragraph's ends skips eight units at a time that hold no separator: every
    /// separator, alone, as CR LF and next to another, at every position across three blocks,
    /// among ASCII (blocks tested as words) and among other letters (tested unit by unit).
    @Test("Paragraph and line ranges with separators at every position of a block")
    func paragraphsAcrossBlocks() {
        for separator in ["\n", "\r", "\r\n", "\u{2028}", "\u{2029}", "\u{85}", "\u{85}\u{2029}", "\t"] {
            for (position, letter) in (0...24).flatMap({ p in ["a", "é"].map { (p, $0) } }) {
                let text = String(repeating: letter, count: position) + separator + String(repeating: "a", count: 24 - position)
                var reference = ReferenceText()
                reference.replace(NSRange(location: 0, length: 0), with: Array(text.utf16))
                let s = NSAttributedString(string: text)
                for offset in 0...s.length {
                    let range = NSRange(location: offset, length: 0)
                    #expect(s.paragraphRange(for: range) == reference.enclosing(range, lines: false), "\(text.debugDescription) at \(offset)")
                    #expect(s.lineRange(for: range) == reference.enclosing(range, lines: true), "\(text.debugDescription) at \(offset)")
                }
            }
        }
    }

    @Test("Package accessors: units by chunk or copy, runs, paragraphs by index, version")
    func packageAccessors() {
        var text = ""
        for i in 0..<300 { text += "Paragraph \(i) with some words.\(i % 3 == 0 ? "\r\n" : "\n")" }
        let s = NSMutableAttributedString(string: text)
        s.addAttribute(.kern, value: 1, range: NSRange(location: 100, length: 50))
        let all = NSRange(location: 0, length: s.length)
        var pieces: [UInt16] = [], offsets: [Int] = []
        s._forEachUTF16Chunk(in: NSRange(location: 10, length: 5000)) { buf, offset in
            offsets.append(offset); pieces += buf; return true
        }
        #expect(pieces == Array(text.utf16)[10..<5010].map { $0 })
        #expect(offsets.count > 1 && offsets.first == 10, "debug builds use small chunks")
        var buffer = [UInt16](repeating: 0, count: 20)
        buffer.withUnsafeMutableBufferPointer { s._copyUTF16(in: NSRange(location: 3000, length: 20), into: $0.baseAddress!) }
        #expect(buffer == Array(Array(text.utf16)[3000..<3020]))
        var runRanges: [NSRange] = []
        s._forEachAttributeRun(in: all) { _, r in runRanges.append(r); return true }
        #expect(runRanges == [NSRange(location: 0, length: 100), NSRange(location: 100, length: 50), NSRange(location: 150, length: s.length - 150)])
        var reversed: [NSRange] = []
        s._forEachAttributeRun(in: NSRange(location: 120, length: 100), reverse: true) { _, r in reversed.append(r); return true }
        #expect(reversed == [NSRange(location: 150, length: 70), NSRange(location: 120, length: 30)])
        var forward: [NSRange] = []
        s._forEachAttributeRun(in: NSRange(location: 120, length: 100)) { _, r in forward.append(r); return true }
        #expect(forward == [NSRange(location: 120, length: 30), NSRange(location: 150, length: 70)])
        var firstOnly: [NSRange] = []
        s._forEachAttributeRun(in: all) { _, r in firstOnly.append(r); return false }
        #expect(firstOnly == [NSRange(location: 0, length: 100)])
        // From a chunk's first unit, stopping after the second piece.
        var stopped: [Int] = []
        s._forEachUTF16Chunk(in: NSRange(location: offsets[1], length: 3000)) { _, offset in
            stopped.append(offset); return stopped.count < 2
        }
        #expect(stopped == [offsets[1], offsets[2]])
        #expect(s._paragraphCount == 301)
        let p7 = s._paragraph(at: 7)
        let ns = text as NSString
        let start7 = ns.range(of: "Paragraph 7 ").location
        #expect(p7.range == ns.paragraphRange(for: NSRange(location: start7, length: 0)))
        #expect(s._paragraphIndex(containing: start7 + 3) == 7)
        #expect(s._paragraph(containing: start7 + 3).range == p7.range)
        #expect(p7.contentsEnd == start7 + "Paragraph 7 with some words.".utf16.count)
        let p6 = s._paragraph(at: 6)
        #expect(p6.range.length - (p6.contentsEnd - p6.range.location) == 2, "CRLF is one two-unit separator")
        #expect(s._paragraph(at: 300).range == NSRange(location: s.length, length: 0), "the empty last paragraph")
        let v = s._storageVersion
        s.addAttribute(.kern, value: 2, range: NSRange(location: 0, length: 1))
        #expect(s._storageVersion != v)
    }

    @Test("_paragraphEnds finds, in one pass, the ends _paragraph(containing:) finds one at a time, across chunks and in any range")
    func paragraphEndsInOnePass() {
        // Paragraphs of random lengths (some longer than a chunk) ended by LF, CR, CR LF or U+2029,
        // with U+2028 and U+0085 inside them (line breaks, not paragraph ends), and no separator at the end.
        var generator = SeededGenerator(seed: 48)
        var text = ""
        for p in 0..<400 {
            let length = [0, 1, 7, 60, 900, 5000][Int(generator.next() % 6)]
            text += String(repeating: p % 5 == 0 ? "x\u{2028}" : "word ", count: length / 5 + 1)
            if p % 7 == 3 { text += "\u{85}" }
            text += ["\n", "\r", "\r\n", "\u{2029}"][Int(generator.next() % 4)]
        }
        text += "last"
        let s = NSAttributedString(string: text)
        func ends(in range: Range<Int>) -> [Int] {   // one paragraph at a time
            var found: [Int] = []
            var at = range.lowerBound
            while at < range.upperBound {
                let paragraph = s._paragraph(containing: at).range
                let end = paragraph.location + paragraph.length
                if end <= range.upperBound, end < s.length || s._paragraph(containing: end - 1).contentsEnd < end { found.append(end) }
                at = end
            }
            return found
        }
        #expect(s._paragraphEnds(in: 0..<s.length) == ends(in: 0..<s.length))
        #expect(s._paragraphEnds(in: 0..<s.length).count == 400)
        for _ in 0..<50 {
            let a = Int(generator.next() % UInt64(s.length)), b = Int(generator.next() % UInt64(s.length))
            let range = min(a, b)..<max(a, b)
            // Starting inside a paragraph: the first end is that paragraph's.
            #expect(s._paragraphEnds(in: range) == ends(in: range), "\(range)")
        }
        #expect(s._paragraphEnds(in: 5..<5).isEmpty)
    }

    @Test("Round trip through Foundation's NSAttributedString keeps every key and value")
    func foundationRoundTrip() {
        let style = NSMutableParagraphStyle()
        style.alignment = .center
        let keys: [(NSAttributedString.Key, Any)] = [
            (.font, "Helvetica"), (.paragraphStyle, style), (.foregroundColor, "red"), (.backgroundColor, "blue"),
            (.ligature, 0), (.kern, 1.5), (.tracking, 0.5), (.strikethroughStyle, 1), (.strikethroughColor, "green"),
            (.underlineStyle, 9), (.underlineColor, "grey"), (.strokeColor, "black"), (.strokeWidth, -3.0),
            (.shadow, NSShadow()), (.textEffect, NSAttributedString.TextEffectStyle.letterpressStyle.rawValue),
            (.attachment, NSTextAttachment()), (.link, URL(string: "https://example.org")!), (.baselineOffset, 2.0),
            (.obliqueness, 0.2), (.expansion, 0.1), (.writingDirection, [1]), (.verticalGlyphForm, 0),
            (.languageIdentifier, "de-CH"),
        ]
        let s = NSMutableAttributedString(string: String(repeating: "x", count: keys.count))
        for (i, (key, value)) in keys.enumerated() { s.addAttribute(key, value: value, range: NSRange(location: i, length: 1)) }
        let foundation = s.foundationAttributedString
        #expect(foundation.length == keys.count)
        for (i, (key, _)) in keys.enumerated() {
            #expect(foundation.attribute(Foundation.NSAttributedString.Key(key.rawValue), at: i, effectiveRange: nil) != nil, "\(key.rawValue)")
        }
        let back = NSAttributedString(foundation)
        #expect(back.isEqual(to: s))
    }

    @Test("Swift's AttributedString carries link and languageIdentifier both ways")
    func attributedStringConversion() {
        let s = NSMutableAttributedString(string: "Grüezi 😀 world", attributes: [.kern: 1])
        s.addAttribute(.link, value: URL(string: "https://example.org")!, range: NSRange(location: 10, length: 5))
        s.addAttribute(.languageIdentifier, value: "de-CH", range: NSRange(location: 0, length: 6))
        let swift = AttributedString(s)
        #expect(String(swift.characters) == "Grüezi 😀 world")
        let linked = swift.runs.compactMap { run in run.link.map { (String(swift[run.range].characters), $0) } }
        #expect(linked.count == 1 && linked[0].0 == "world" && linked[0].1.absoluteString == "https://example.org")
        let back = NSAttributedString(swift)
        var r = NSRange()
        #expect(back.attribute(.link, at: 12, effectiveRange: &r) as? URL == URL(string: "https://example.org"))
        #expect(r == NSRange(location: 10, length: 5))
        #expect(back.attribute(.languageIdentifier, at: 0, effectiveRange: &r) as? String == "de-CH")
        #expect(r == NSRange(location: 0, length: 6))
        #expect(back.attribute(.kern, at: 0, effectiveRange: nil) == nil, "no Foundation scope for kern on Linux")
    }

    @Test("Adding and removing objects, in any order, gives what a plain model of the text gives (remembered edits and their reverses)")
    func rememberedEditsAgreeWithAModel() {
        final class Colour: NSObject {
            let name: String
            init(_ name: String) { self.name = name }
            override func isEqual(_ object: Any?) -> Bool { (object as? Colour)?.name == name }
            override var hash: Int { name.hashValue }
        }
        let colour = NSAttributedString.Key("colour")
        let colours = [Colour("red"), Colour("blue"), Colour("red"), Colour("green")]  // two equal reds
        let s = NSMutableAttributedString(string: String(repeating: "x", count: 24), attributes: [.kern: 1])
        var model = [String?](repeating: nil, count: 24)
        var random = SeededGenerator.forTest()
        for step in 0..<400 {
            let location = Int.random(in: 0..<24, using: &random)
            let range = NSRange(location: location, length: Int.random(in: 1...(24 - location), using: &random))
            if Bool.random(using: &random) {
                let value = colours.randomElement(using: &random)!
                s.addAttribute(colour, value: value, range: range)
                for i in location..<(location + range.length) { model[i] = value.name }
            } else {
                s.removeAttribute(colour, range: range)
                for i in location..<(location + range.length) { model[i] = nil }
            }
            for i in 0..<24 {
                let found = (s.attribute(colour, at: i, effectiveRange: nil) as? Colour)?.name
                #expect(found == model[i], "step \(step), character \(i)")
                #expect(s.attribute(.kern, at: i, effectiveRange: nil) as? Int == 1)
            }
        }
        // Coloured and then uncoloured, the text is one run again.
        s.addAttribute(colour, value: colours[0], range: NSRange(location: 0, length: 5))
        s.addAttribute(colour, value: colours[1], range: NSRange(location: 3, length: 5))
        s.removeAttribute(colour, range: NSRange(location: 0, length: 24))
        var run = NSRange()
        _ = s.attributes(at: 0, effectiveRange: &run)
        #expect(run == NSRange(location: 0, length: 24))
    }

    @Test("A substring takes its source's small attribute table; edits on either side afterwards leave the other's attributes alone")
    func substringSharesSmallTable() {
        let token = NSAttributedString.Key("token"), red = "keyword", blue = "comment"
        let source = NSMutableAttributedString(string: "def f(): return 1 # done")
        source.addAttribute(token, value: red, range: NSRange(location: 0, length: 3))
        source.addAttribute(token, value: blue, range: NSRange(location: 18, length: 6))
        let sub = NSMutableAttributedString(attributedString: source.attributedSubstring(from: NSRange(location: 2, length: 20)))
        var r = NSRange()
        #expect(sub.attribute(token, at: 0, effectiveRange: &r) as? String == red)
        #expect(r == NSRange(location: 0, length: 1))
        #expect(sub.attribute(token, at: 5, effectiveRange: &r) == nil)
        #expect(r == NSRange(location: 1, length: 15))
        #expect(sub.attribute(token, at: 16, effectiveRange: &r) as? String == blue)
        #expect(r == NSRange(location: 16, length: 4))
        // Each side makes new sets in its own table.
        sub.addAttribute(.kern, value: 2.0, range: NSRange(location: 0, length: 20))
        source.addAttribute(.underlineStyle, value: 1, range: NSRange(location: 0, length: 24))
        source.removeAttribute(token, range: NSRange(location: 0, length: 24))
        #expect(sub.attribute(token, at: 0, effectiveRange: nil) as? String == red)
        #expect(sub.attribute(token, at: 16, effectiveRange: nil) as? String == blue)
        #expect(sub.attribute(.underlineStyle, at: 0, effectiveRange: nil) == nil)
        #expect(sub.attribute(.kern, at: 0, effectiveRange: nil) as? Double == 2.0)
        #expect(sub.attribute(.kern, at: 19, effectiveRange: nil) as? Double == 2.0)
        #expect(source.attribute(.kern, at: 5, effectiveRange: nil) == nil)
        #expect(source.attribute(token, at: 0, effectiveRange: nil) == nil)
        #expect(source.attribute(.underlineStyle, at: 23, effectiveRange: &r) as? Int == 1)
        #expect(r == NSRange(location: 0, length: 24))
        // Equal attributes on both sides still compare equal, and join runs when spliced back.
        sub.removeAttribute(.kern, range: NSRange(location: 0, length: 20))
        let built = NSMutableAttributedString(string: "f f(): return 1 # do")
        built.addAttribute(token, value: red, range: NSRange(location: 0, length: 1))
        built.addAttribute(token, value: blue, range: NSRange(location: 16, length: 4))
        #expect(sub.isEqual(to: built))
        let plain = NSMutableAttributedString(string: "xx", attributes: [token: red])
        plain.append(sub.attributedSubstring(from: NSRange(location: 0, length: 1)))
        #expect(plain.attribute(token, at: 0, effectiveRange: &r) as? String == red)
        #expect(r == NSRange(location: 0, length: 3))
    }

    @Test("Text with many distinct attribute sets spliced into other text keeps each run's (the id map past its short list)")
    func spliceWithManyAttributeSets() {
        let s = NSMutableAttributedString(string: String(repeating: "ab", count: 25))
        for i in 0..<50 { s.addAttribute(.kern, value: Double(i), range: NSRange(location: i, length: 1)) }
        let target = NSMutableAttributedString(string: "[]", attributes: [.foregroundColor: "red"])
        target.insert(s, at: 1)
        #expect(target.length == 52)
        for i in 0..<50 { #expect(target.attribute(.kern, at: i + 1, effectiveRange: nil) as? Double == Double(i)) }
        #expect(target.attribute(.foregroundColor, at: 51, effectiveRange: nil) as? String == "red")
        #expect(target.attribute(.kern, at: 0, effectiveRange: nil) == nil)
    }

    @Test("A substring with many distinct attribute sets keeps each run's (the id map past its short list)")
    func substringWithManyAttributeSets() {
        let s = NSMutableAttributedString(string: String(repeating: "ab", count: 100))
        for i in 0..<200 { s.addAttribute(.kern, value: Double(i % 80), range: NSRange(location: i, length: 1)) }
        for range in [NSRange(location: 0, length: 200), NSRange(location: 3, length: 150), NSRange(location: 170, length: 20)] {
            let sub = s.attributedSubstring(from: range)
            for i in 0..<range.length {
                #expect(sub.attribute(.kern, at: i, effectiveRange: nil) as? Double == Double((range.location + i) % 80))
            }
        }
    }
}
