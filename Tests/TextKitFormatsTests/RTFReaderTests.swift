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
