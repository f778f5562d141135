import Testing
@testable import TextKitFormats

@Suite("RTF reader")
struct RTFReaderTests {
    @Test("Reads Cocoa's TextEdit output: text, fonts, sizes, colours and tab stops")
    func cocoaBasics() throws {
        let (s, doc) = try readRTF(#"""
        {\rtf1\ansi\ansicpg1252\cocoartf2761
        \cocoatextscaling0\cocoaplatform0{\fonttbl\f0\fswiss\fcharset0 Helvetica;\f1\froman\fcharset0 DejaVu Serif;}
        {\colortbl;\red255\green255\blue255;\red255\green0\blue0;}
        {\*\expandedcolortbl;;\cssrgb\c100000\c0\c0;}
        \paperw11900\paperh16840\margl1440\margr1440\vieww11520\viewh8400\viewkind0
        \pard\tx560\tx1120\tx1680\tx2240\tx2800\tx3360\tx3920\tx4480\tx5040\tx5600\tx6160\tx6720\pardirnatural\partightenfactor0

        \f0\fs24 \cf0 Hello \f1\b\fs36 \cf2 bold red\
        second}
        """#)
        #expect(s.string == "Hello bold red\nsecond")
        #expect(s.font(at: 0)?.pointSize == 12)
        let bold = try #require(s.font(at: s.offset(of: "bold")))
        #expect(bold.pointSize == 18)
        #expect(bold.familyName == "DejaVu Serif")
        #expect(bold.fontDescriptor.symbolicTraits.contains(.traitBold))
        #expect(s.color(at: s.offset(of: "red")) == UIColor(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(s.color(at: 0) == nil)
        let style = try #require(s.style(at: 0))
        #expect(style.tabStops.count == 12)
        #expect(style.tabStops.first?.location == 28)
        #expect(style.isEqual(NSParagraphStyle.default))
        #expect(doc[.paperSize] as? CGSize == CGSize(width: 595, height: 842))
        #expect(doc[.documentType] as? NSAttributedString.DocumentType == .rtf)
    }
}

@Suite("RTF reader: characters and code pages")
struct RTFCharacterTests {
    @Test("\\u takes a UTF-16 unit and skips \\uc fallback characters; surrogate pairs arrive whole")
    func unicodeEscapes() throws {
        let (s, _) = try readRTF(#"{\rtf1\ansi \u8364?\uc2\u8226 xxA{\uc0\u8212 B}\uc1\u-10179\'3f\u-8704\'3f end}"#)
        #expect(s.string == "€•A—B\u{1F600} end")
    }

    @Test("Out-of-range \\u values become U+FFFD instead of failing")
    func unicodeOutOfRange() throws {
        let (s, _) = try readRTF(#"{\rtf1 a\u99999?b\u-40000?c}"#)
        #expect(s.string == "a\u{FFFD}b\u{FFFD}c")
    }

    @Test("\\'hh decodes in the document's code page and in each font's charset", arguments: [
        (#"{\rtf1\ansi\ansicpg1251 \'cf\'f0\'e8}"#, "При"),
        (#"{\rtf1\ansi\ansicpg1250 \'8a\'e8}"#, "Šč"),
        (#"{\rtf1\ansi\ansicpg1253 \'c1\'e2}"#, "Αβ"),
        (#"{\rtf1\ansi\ansicpg1254 \'de\'fe}"#, "Şş"),
        (#"{\rtf1\ansi\ansicpg1257 \'c0\'e8}"#, "Ąč"),
        (#"{\rtf1\mac \'8e\'d2}"#, "é“"),
        (#"{\rtf1\pc \'82\'c9}"#, "é╔"),
        (#"{\rtf1\pca \'82\'d5}"#, "éı"),
        (#"{\rtf1\ansi{\fonttbl\f0\fnil\fcharset238 X;\f1\fnil\fcharset204 Y;}\f0\'e8\f1\'e8}"#, "čи"),
        (#"{\rtf1\ansi{\fonttbl\f0\fnil\fcharset128 MS Mincho;}\f0\'93\'fa\'96\'7b\'83\\}"#, "日本ソ"),
        (#"{\rtf1\ansi\ansicpg936 \'c4\'e3\'ba\'c3}"#, "你好"),
        (#"{\rtf1\ansi\ansicpg949 \'c7\'d1\'b1\'db}"#, "한글"),
        (#"{\rtf1\ansi\ansicpg950 \'a4\'a4\'a4\'e5}"#, "中文"),
        (#"{\rtf1\ansi\ansicpg932 \'93\'fa\'96\'7b}"#, "日本"),
    ])
    func codePages(source: String, expected: String) throws {
        let (s, _) = try readRTF(source)
        #expect(s.string == expected)
    }

    @Test("Control symbols and special-character words")
    func specialCharacters() throws {
        let (s, _) = try readRTF(#"{\rtf1 a\~b\-c\_d\{\}\\\tab e\line f\page g\emdash\endash\bullet\lquote\rquote\ldblquote\rdblquote}"#)
        #expect(s.string == "a\u{A0}b\u{AD}c\u{2011}d{}\\\te\u{2028}f\u{0C}g—–•‘’“”")
    }

    @Test("\\par, \\ and a line end, \\sect and \\row end paragraphs; CR and LF in the file are not text")
    func paragraphs() throws {
        let (s, _) = try readRTF("{\\rtf1 one\\par two\\\nthree\r\n four\\sect five}")
        #expect(s.string == "one\ntwo\nthree four\nfive")
    }

    @Test("Unknown \\* destinations, headers, stylesheets and hidden text are skipped")
    func skippedDestinations() throws {
        let (s, _) = try readRTF(#"{\rtf1{\stylesheet{\s1 Heading;}}{\header H}{\*\unknownthing {nested} junk}{\*\generator Me;}A{\v hidden}B{\footnote F}C}"#)
        #expect(s.string == "ABC")
    }

    @Test("NUL bytes in text are dropped")
    func nulBytes() throws {
        let (s, _) = try NSAttributedString.readDocument(from: Data("{\\rtf1 a\u{0}b}".utf8), options: [.documentType: NSAttributedString.DocumentType.rtf])
        #expect(s.string == "ab")
    }

    @Test("A missing closing brace is forgiven; text after the document's closing brace is ignored")
    func lenientBraces() throws {
        #expect(try readRTF(#"{\rtf1 truncated \b bold"#).0.string == "truncated bold")
        #expect(try readRTF(#"{\rtf1 done} trailing garbage {"#).0.string == "done")
    }

    @Test("Data that does not start with {\\rtf is rejected with the offset")
    func notRTF() {
        #expect {
            _ = try readRTF("hello")
        } throws: { error in
            guard let e = error as? DocumentReadingError else { return false }
            return e.kind == .malformedRTF && e.byteOffset == 0 && e.line == 1
        }
    }
}

@Suite("RTF reader: character formatting")
struct RTFCharacterFormattingTests {
    @Test("Every underline kind maps to NSUnderlineStyle", arguments: [
        ("ul", NSUnderlineStyle.single), ("uld", [.single, .patternDot]), ("uldash", [.single, .patternDash]),
        ("uldashd", [.single, .patternDashDot]), ("uldashdd", [.single, .patternDashDotDot]), ("uldb", .double),
        ("ulth", .thick), ("ulthd", [.thick, .patternDot]), ("ulthdash", [.thick, .patternDash]),
        ("ulthdashd", [.thick, .patternDashDot]), ("ulthdashdd", [.thick, .patternDashDotDot]),
        ("ulw", [.single, .byWord]), ("ulwave", .single), ("ulhwave", .thick), ("ululdbwave", .double),
        ("ulldash", [.single, .patternDash]), ("ulthldash", [.thick, .patternDash]),
    ] as [(String, NSUnderlineStyle)])
    func underlines(word: String, style: NSUnderlineStyle) throws {
        let (s, _) = try readRTF("{\\rtf1 a\\\(word) b\\ulnone c}")
        #expect(s.attr(.underlineStyle, at: 0) == nil)
        #expect(s.attr(.underlineStyle, at: 1) as? Int == style.rawValue)
        #expect(s.attr(.underlineStyle, at: 2) == nil)
    }

    @Test("Bold, italic, strikethrough, colours, shifts, kerning, outline and shadow")
    func formatting() throws {
        let (s, _) = try readRTF(#"""
        {\rtf1{\fonttbl\f0\froman DejaVu Serif;}{\colortbl;\red0\green0\blue255;\red0\green128\blue0;}
        \f0\fs20 {\b B}{\i I}{\strike S}{\striked1 D}{\cf1 C}{\cb2 G}{\highlight1 H}{\super P}{\sub Q}{\up6 U}{\dn4 N}
        {\expndtw40 K}{\expnd-2 L}{\outl O}{\shad\shadx40\shady-40\shadr20\shadc2 W}{\ul\ulc2 X}}
        """#)
        func at(_ c: String) -> Int { s.offset(of: c) }
        #expect(s.font(at: at("B"))?.fontDescriptor.symbolicTraits.contains(.traitBold) == true)
        #expect(s.font(at: at("I"))?.fontDescriptor.symbolicTraits.contains(.traitItalic) == true)
        #expect(s.font(at: at("B"))?.pointSize == 10)
        #expect(s.attr(.strikethroughStyle, at: at("S")) as? Int == NSUnderlineStyle.single.rawValue)
        #expect(s.attr(.strikethroughStyle, at: at("D")) as? Int == NSUnderlineStyle.double.rawValue)
        #expect(s.color(at: at("C")) == UIColor(red: 0, green: 0, blue: 1, alpha: 1))
        #expect(s.color(.backgroundColor, at: at("G")) == UIColor(red: 0, green: CGFloat(128) / 255, blue: 0, alpha: 1))
        #expect(s.color(.backgroundColor, at: at("H")) == UIColor(red: 0, green: 0, blue: 1, alpha: 1))
        #expect((s.attr(.baselineOffset, at: at("P")) as? CGFloat ?? 0) > 0)
        #expect((s.attr(.baselineOffset, at: at("Q")) as? CGFloat ?? 0) < 0)
        #expect(s.attr(.baselineOffset, at: at("U")) as? CGFloat == 3)
        #expect(s.attr(.baselineOffset, at: at("N")) as? CGFloat == -2)
        #expect(s.attr(.kern, at: at("K")) as? CGFloat == 2)
        #expect(s.attr(.kern, at: at("L")) as? CGFloat == -0.5)
        #expect(s.attr(.strokeWidth, at: at("O")) as? CGFloat == 3)
        let shadow = try #require(s.attr(.shadow, at: at("W")) as? NSShadow)
        #expect(shadow.shadowOffset == CGSize(width: 2, height: -2))
        #expect(shadow.shadowBlurRadius == 1)
        #expect(shadow.shadowColor as? UIColor == UIColor(red: 0, green: CGFloat(128) / 255, blue: 0, alpha: 1))
        #expect(s.color(.underlineColor, at: at("X")) == UIColor(red: 0, green: CGFloat(128) / 255, blue: 0, alpha: 1))
        #expect(s.attr(.underlineStyle, at: at("W")) == nil)
    }

    @Test("Unknown fonts fall back by family class: \\froman to a serif, \\fmodern to a monospaced face")
    func fontFallback() throws {
        let (s, _) = try readRTF(#"{\rtf1{\fonttbl\f0\froman Nonexistent Roman;\f1\fmodern Nonexistent Mono;\f2\fswiss Nonexistent Sans;}\f0 a\f1 b\f2 c}"#)
        #expect(s.font(at: 1)?.face.isFixedPitch == true)
        #expect(s.font(at: 0)?.familyName.contains("Serif") == true)
        #expect(s.font(at: 2)?.familyName.contains("Serif") == false)
    }

    @Test("A document without a font table uses the system font at 12 points")
    func noFontTable() throws {
        let (s, _) = try readRTF(#"{\rtf1 plain}"#)
        #expect(s.font(at: 0)?.familyName == UIFont.systemFontFamilyName)
        #expect(s.font(at: 0)?.pointSize == 12)
    }

    @Test("\\plain resets character formatting but keeps the font size default")
    func plainResets() throws {
        let (s, _) = try readRTF(#"{\rtf1\b\i\fs40\ul a\plain b}"#)
        #expect(s.font(at: 1)?.pointSize == 12)
        #expect(s.attr(.underlineStyle, at: 1) == nil)
        #expect(s.font(at: 1)?.fontDescriptor.symbolicTraits.contains(.traitBold) == false)
    }

    @Test("HYPERLINK fields give .link over their result text; \\l adds a fragment")
    func hyperlinks() throws {
        let (s, _) = try readRTF(#"""
        {\rtf1 See {\field{\*\fldinst{HYPERLINK "https://example.com/a b"}}{\fldrslt{\ul here}}} and {\field{\*\fldinst HYPERLINK \\l "top"}{\fldrslt top}}{\field{\*\fldinst PAGE}{\fldrslt 3}}.}
        """#)
        #expect(s.string == "See here and top3.")
        #expect((s.attr(.link, at: s.offset(of: "here")) as? URL)?.absoluteString == "https://example.com/a%20b")
        #expect(s.attr(.link, at: s.offset(of: "top")) as? URL == URL(string: "#top"))
        #expect(s.attr(.link, at: s.offset(of: " and")) == nil)
        #expect(s.attr(.link, at: s.offset(of: "3")) == nil)
    }
}

@Suite("Attributed string builder")
struct BuilderTests {
    @Test("UTF-16 to String keeps every unit; lone surrogates become U+FFFD one for one")
    func utf16Transcoding() {
        let units: [UInt16] = [0x41, 0xE9, 0x20AC, 0xD83D, 0xDE00, 0xD800, 0x42, 0xDC00, 0x7FF, 0x800, 0xFFFF, 0]
        let s = AttributedStringBuilder.string(fromUTF16: units)
        #expect(Array(s.utf16) == [0x41, 0xE9, 0x20AC, 0xD83D, 0xDE00, 0xFFFD, 0x42, 0xFFFD, 0x7FF, 0x800, 0xFFFF, 0])
        let text = "Grüße, мир, 日本, \u{1F600}\u{1F3FD}!"
        #expect(AttributedStringBuilder.string(fromUTF16: Array(text.utf16)) == text)
    }
}
