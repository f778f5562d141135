import Foundation
import OpenTextKit
import Testing

// Core Text client code written as it is written for iOS: attribute dictionaries keyed by the
// `kCT…` CFStrings, fonts registered from files, fallback fonts, run delegates that reserve room
// for images. Each snippet is in the iOS spelling; the tests check what it does.

/// Counts the pixels of `image` that are mostly red, green and blue.
/// `line` drawn as Core Text code draws it: on white, in a context flipped to y up, at `position`.
private func drawnLine(_ line: CTLine, size: CGSize, at position: CGPoint) -> UIImage {
    UIGraphicsImageRenderer(size: size).image { rendererContext in
        let context = rendererContext.cgContext
        UIColor.white.setFill()
        context.fill(CGRect(origin: .zero, size: size))
        context.textMatrix = .identity
        context.translateBy(x: 0, y: size.height)
        context.scaleBy(x: 1, y: -1)
        context.textPosition = position
        CTLineDraw(line, context)
    }
}

private func colourCounts(_ image: CGImage) -> (red: Int, green: Int, blue: Int) {
    var counts = (red: 0, green: 0, blue: 0)
    for y in 0..<image.height {
        for x in 0..<image.width {
            guard let p = image.rgba(atX: x, y: y) else { continue }
            if p.r > 180 && p.g < 90 && p.b < 90 { counts.red += 1 }
            if p.g > 180 && p.r < 90 && p.b < 90 { counts.green += 1 }
            if p.b > 180 && p.r < 90 && p.g < 90 { counts.blue += 1 }
        }
    }
    return counts
}

/// What an image-placing Core Text client keeps for each image: its size, reached through `refCon`.
private struct ImageRunInfo {
    var width: CGFloat
    var ascent: CGFloat
    var descent: CGFloat
}

/// An image a client keeps alive through a run delegate's `refCon`.
private final class PlacedImage {}

/// The attributed string an image-placing client builds: text, then U+FFFC carrying a run
/// delegate sized by the callbacks, then more text.
private func stringWithImagePlaceholder(font: CTFont, info: UnsafeMutablePointer<ImageRunInfo>) -> NSAttributedString {
    var callbacks = CTRunDelegateCallbacks(version: kCTRunDelegateVersion1, dealloc: { _ in }, getAscent: { refCon in
        refCon.assumingMemoryBound(to: ImageRunInfo.self).pointee.ascent
    }, getDescent: { refCon in
        refCon.assumingMemoryBound(to: ImageRunInfo.self).pointee.descent
    }, getWidth: { refCon in
        refCon.assumingMemoryBound(to: ImageRunInfo.self).pointee.width
    })
    let delegate = CTRunDelegateCreate(&callbacks, info)!
    let text = NSMutableAttributedString(string: "Before ",
                                         attributes: [NSAttributedString.Key(kCTFontAttributeName as String): font])
    text.append(NSAttributedString(string: "\u{FFFC}", attributes: [
        NSAttributedString.Key(kCTFontAttributeName as String): font,
        NSAttributedString.Key(kCTRunDelegateAttributeName as String): delegate,
    ]))
    text.append(NSAttributedString(string: " after", attributes: [NSAttributedString.Key(kCTFontAttributeName as String): font]))
    return text
}

@Suite("Ported Core Text code")
struct CoreTextPortingTests {
    // MARK: Attribute names

    @Test("kCT attribute names are CFStrings: `as String`, NSAttributedString.Key(…) and [String: Any] compile as on iOS")
    func attributeNamesAreCFStrings() {
        let font = CTFontCreateWithName("DejaVu Sans" as CFString, 14, nil)
        // Three spellings iOS code uses.
        let key = NSAttributedString.Key(kCTFontAttributeName as String)
        let dictionary = [kCTFontAttributeName as String: font]
        let name: String = kCTForegroundColorAttributeName as String
        #expect(key == .font)
        #expect(dictionary["NSFont"] === font)
        #expect(name == "CTForegroundColor")
        #expect(NSAttributedString.Key(rawValue: kCTForegroundColorAttributeName as String).rawValue == "CTForegroundColor")
        // A Core Text dictionary typesets: the font given under kCTFontAttributeName is the run's.
        let string = CFAttributedStringCreate(nil, "Core Text" as CFString, dictionary as CFDictionary)!
        let line = CTLineCreateWithAttributedString(string)
        let run = (CTLineGetGlyphRuns(line) as! [CTRun])[0]
        let attributes = CTRunGetAttributes(run) as! [NSAttributedString.Key: Any]
        #expect((attributes[key] as? CTFont)?.fontName == font.fontName)
    }

    @Test("Text coloured with kCTForegroundColorAttributeName and with .foregroundColor: both colours drawn by Core Text")
    func bothColourSpellingsInCoreText() throws {
        let text = NSMutableAttributedString(string: "Red and blue")
        let whole = NSRange(location: 0, length: text.length)
        text.addAttribute(NSAttributedString.Key(kCTFontAttributeName as String),
                          value: CTFontCreateWithName("DejaVu Sans" as CFString, 24, nil), range: whole)
        text.addAttribute(NSAttributedString.Key(kCTForegroundColorAttributeName as String),
                          value: UIColor.red.cgColor, range: NSRange(location: 0, length: 3))
        text.addAttribute(.foregroundColor, value: UIColor.blue, range: NSRange(location: 8, length: 4))
        let line = CTLineCreateWithAttributedString(text as CFAttributedString)

        let size = CGSize(width: 220, height: 50)
        let image = drawnLine(line, size: size, at: CGPoint(x: 5, y: 15))
        let counts = colourCounts(try #require(image.cgImage))
        #expect(counts.red > 50)
        #expect(counts.blue > 50)
    }

    @Test("kCTForegroundColorAttributeName colours text drawn by UIKit string drawing and a layout manager too")
    func coreTextColourInTextKit() throws {
        let text = NSAttributedString(string: "Colour", attributes: [
            .font: UIFont(name: "DejaVu Sans", size: 24)!,
            NSAttributedString.Key(kCTForegroundColorAttributeName as String): UIColor.green.cgColor,
        ])
        let size = CGSize(width: 200, height: 40)
        let image = UIGraphicsImageRenderer(size: size).image { _ in
            UIColor.white.setFill()
            UIRectFill(CGRect(origin: .zero, size: size))
            text.draw(at: CGPoint(x: 4, y: 4))
        }
        #expect(colourCounts(try #require(image.cgImage)).green > 50)

        // UIKit's key wins over Core Text's in the TextKit layer, as each layer reads its own first.
        let both = NSMutableAttributedString(attributedString: text)
        both.addAttribute(.foregroundColor, value: UIColor.blue, range: NSRange(location: 0, length: both.length))
        let storage = NSTextStorage(attributedString: both)
        let layoutManager = NSLayoutManager()
        storage.addLayoutManager(layoutManager)
        layoutManager.addTextContainer(NSTextContainer(size: CGSize(width: 200, height: 100)))
        let drawn = UIGraphicsImageRenderer(size: size).image { _ in
            UIColor.white.setFill()
            UIRectFill(CGRect(origin: .zero, size: size))
            layoutManager.drawGlyphs(forGlyphRange: NSRange(location: 0, length: layoutManager.numberOfGlyphs), at: .zero)
        }
        let counts = colourCounts(try #require(drawn.cgImage))
        #expect(counts.blue > 50 && counts.green == 0)
    }

    // MARK: Run delegates

    @Test("A run delegate on U+FFFC reserves its box: the run is getWidth wide, the line as tall as getAscent, nothing drawn")
    func runDelegateReservesABox() throws {
        let font = CTFontCreateWithName("DejaVu Sans" as CFString, 12, nil)
        let info = UnsafeMutablePointer<ImageRunInfo>.allocate(capacity: 1)
        defer { info.deallocate() }
        info.initialize(to: ImageRunInfo(width: 30, ascent: 40, descent: 5))
        let line = CTLineCreateWithAttributedString(stringWithImagePlaceholder(font: font, info: info) as CFAttributedString)

        var ascent: CGFloat = 0, descent: CGFloat = 0, leading: CGFloat = 0
        let width = CTLineGetTypographicBounds(line, &ascent, &descent, &leading)
        #expect(ascent == 40)
        #expect(descent == max(5, CTFontGetDescent(font)))

        // Find the image's run as image-placing code does, and its box.
        var imageRect: CGRect?
        for run in CTLineGetGlyphRuns(line) as! [CTRun] {
            let attributes = CTRunGetAttributes(run) as! [NSAttributedString.Key: Any]
            guard let value = attributes[NSAttributedString.Key(kCTRunDelegateAttributeName as String)] else { continue }
            let delegate = value as! CTRunDelegate
            let refCon = CTRunDelegateGetRefCon(delegate).assumingMemoryBound(to: ImageRunInfo.self)
            var runAscent: CGFloat = 0, runDescent: CGFloat = 0
            let runWidth = CTRunGetTypographicBounds(run, CFRangeMake(0, 0), &runAscent, &runDescent, nil)
            #expect(runWidth == 30 && runWidth == refCon.pointee.width)
            #expect(runAscent == 40 && runDescent == 5)
            let x = CTLineGetOffsetForStringIndex(line, CTRunGetStringRange(run).location, nil)
            imageRect = CGRect(x: x, y: -runDescent, width: runWidth, height: runAscent + runDescent)
        }
        let box = try #require(imageRect)
        // The box sits between the words: "Before " before it, " after" after it.
        let plainWidth = CTLineGetTypographicBounds(CTLineCreateWithAttributedString(
            NSAttributedString(string: "Before  after", attributes: [NSAttributedString.Key(kCTFontAttributeName as String): font])),
            nil, nil, nil)
        #expect(abs(width - plainWidth - 30) < 0.01)
        #expect(box.minX > 0 && box.maxX < CGFloat(width))

        // Drawing draws the text but nothing in the box (no missing-glyph box for U+FFFC).
        let size = CGSize(width: CGFloat(width) + 20, height: 60)
        let image = drawnLine(line, size: size, at: CGPoint(x: 10, y: 10))
        let cg = try #require(image.cgImage)
        var inkInBox = 0, inkOutside = 0
        for y in 0..<cg.height {
            for x in 0..<cg.width {
                guard let p = cg.rgba(atX: x, y: y), Int(p.r) + Int(p.g) + Int(p.b) < 384 else { continue }
                if CGFloat(x) > 10 + box.minX + 1 && CGFloat(x) < 10 + box.maxX - 1 { inkInBox += 1 } else { inkOutside += 1 }
            }
        }
        #expect(inkInBox == 0)
        #expect(inkOutside > 50)
    }

    @Test("CTRunDelegateCreate refuses an unknown version; dealloc gets the refCon when the delegate goes away")
    func runDelegateLifetime() {
        weak var weakImage: PlacedImage?
        do {
            let image = PlacedImage()
            weakImage = image
            var callbacks = CTRunDelegateCallbacks(version: kCTRunDelegateVersion1, dealloc: { refCon in
                Unmanaged<PlacedImage>.fromOpaque(refCon).release()
            }, getAscent: { _ in 10 }, getDescent: { _ in 0 }, getWidth: { _ in 10 })
            var delegate = CTRunDelegateCreate(&callbacks, Unmanaged.passRetained(image).toOpaque())
            #expect(delegate != nil)
            let back = Unmanaged<PlacedImage>.fromOpaque(CTRunDelegateGetRefCon(delegate!)).takeUnretainedValue()
            let same = back === image
            #expect(same)
            delegate = nil
            callbacks.version = 99
            #expect(CTRunDelegateCreate(&callbacks, nil) == nil)
        }
        #expect(weakImage == nil)
    }

    @Test("A run delegate answering NaN or infinity gives a finite, empty box, not a broken line")
    func runDelegateNonFiniteAnswers() {
        var callbacks = CTRunDelegateCallbacks(version: kCTRunDelegateVersion1, dealloc: { _ in },
                                               getAscent: { _ in .nan }, getDescent: { _ in -.infinity },
                                               getWidth: { _ in .infinity })
        let delegate = CTRunDelegateCreate(&callbacks, nil)!
        let text = NSAttributedString(string: "a\u{FFFC}b", attributes: [
            NSAttributedString.Key(kCTFontAttributeName as String): CTFontCreateWithName("DejaVu Sans" as CFString, 12, nil),
            NSAttributedString.Key(kCTRunDelegateAttributeName as String): delegate,
        ])
        let line = CTLineCreateWithAttributedString(text as CFAttributedString)
        var ascent: CGFloat = 0, descent: CGFloat = 0
        let width = CTLineGetTypographicBounds(line, &ascent, &descent, nil)
        #expect(width.isFinite && ascent.isFinite && descent.isFinite)
        #expect(CTLineGetOffsetForStringIndex(line, 2, nil) == CTLineGetOffsetForStringIndex(line, 1, nil))
    }

    // MARK: Fonts

    /// A copy of Linux Biolinum Keyboard (installed, used by no other test) renamed in its name
    /// tables to a family no installed font has, so that registering it is what makes it available.
    static func renamedFontData(family: String = "OTK Registered", postScript: String = "OTKRegister") throws -> Data {
        var bytes = try Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts/opentype/linux-libertine/LinBiolinum_K.otf"))
        // Same-length replacements keep every offset in the file valid.
        precondition(family.count == "Linux Biolinum".count && postScript.count == "LinBiolinum".count)
        for (old, new) in [("Linux Biolinum", family), ("LinBiolinum", postScript)] {
            for encoding in [String.Encoding.ascii, .utf16BigEndian] {
                let from = old.data(using: encoding)!, to = new.data(using: encoding)!
                while let found = bytes.range(of: from) { bytes.replaceSubrange(found, with: to) }
            }
        }
        return bytes
    }

    static func renamedFontFile() throws -> URL {
        let bytes = try renamedFontData()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("otk-ct-register-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent("Renamed.otf")
        try bytes.write(to: url)
        return url
    }

    @Test("CTFontManagerRegisterFontsForURL makes a font file available by name; errors come back as CFErrors")
    func registerFontsForURL() throws {
        let url = try Self.renamedFontFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let family = "OTK Registered Keyboard O"
        #expect(UIFont(name: family, size: 12) == nil)

        var error: Unmanaged<CFError>?
        let registered = CTFontManagerRegisterFontsForURL(url as CFURL, .process, &error)
        #expect(registered && error == nil)
        let font = CTFontCreateWithName(family as CFString, 18, nil)
        #expect(CTFontCopyFamilyName(font) == family)
        #expect(CTFontGetSize(font) == 18)
        #expect(UIFont(name: family, size: 12)?.face.url.path == url.path)
        let descriptors = CTFontCollectionCreateMatchingFontDescriptors(CTFontCollectionCreateFromAvailableFonts(nil)) as? [CTFontDescriptor]
        #expect(descriptors?.contains { $0.fontAttributes[.family] as? String == family } == true)

        // A second registration, a missing file and a file that is not a font fail as in Core Text.
        #expect(!CTFontManagerRegisterFontsForURL(url as CFURL, .process, &error))
        #expect(error.map { CFErrorGetCode($0.takeRetainedValue()) } == CTFontManagerError.alreadyRegistered.rawValue)
        let missing = url.deletingLastPathComponent().appendingPathComponent("missing.ttf")
        error = nil
        #expect(!CTFontManagerRegisterFontsForURL(missing as CFURL, .process, &error))
        let missingError = try #require(error?.takeRetainedValue())
        #expect(CFErrorGetCode(missingError) == CTFontManagerError.fileNotFound.rawValue)
        #expect((missingError as Error as NSError).domain == kCTFontManagerErrorDomain as String)
        let notAFont = url.deletingLastPathComponent().appendingPathComponent("notes.ttf")
        try Data("not a font".utf8).write(to: notAFont)
        error = nil
        #expect(!CTFontManagerRegisterFontsForURL(notAFont as CFURL, .process, &error))
        #expect(error.map { CFErrorGetCode($0.takeRetainedValue()) } == CTFontManagerError.invalidFontData.rawValue)

        // Unregistering makes it unavailable again; a second time fails.
        error = nil
        #expect(CTFontManagerUnregisterFontsForURL(url as CFURL, .process, &error) && error == nil)
        #expect(UIFont(name: family, size: 12) == nil)
        #expect(CTFontCopyFamilyName(CTFontCreateWithName(family as CFString, 18, nil)) != family)
        #expect(!CTFontManagerUnregisterFontsForURL(url as CFURL, .process, &error))
        #expect(error.map { CFErrorGetCode($0.takeRetainedValue()) } == CTFontManagerError.notRegistered.rawValue)
        #expect(CTFontCopyFamilyName(font) == family)  // a font already made keeps its face
    }

    @Test("CTFontCreateForString finds a CJK font for 東京 and keeps the font for text it covers")
    func fontForString() {
        let font = CTFontCreateWithName("DejaVu Sans" as CFString, 12, nil)
        let tokyo = CTFontCreateForString(font, "東京" as CFString, CFRangeMake(0, 2))
        let coverage = CTFontCopyCharacterSet(tokyo)
        #expect(CTFontCopyFamilyName(tokyo) != "DejaVu Sans")
        #expect(CTFontCopyFamilyName(tokyo).contains("CJK"))
        #expect(coverage.contains("東") && coverage.contains("京"))
        #expect(CTFontGetSize(tokyo) == 12)
        #expect(CTFontCreateForString(font, "Hello 東京" as CFString, CFRangeMake(0, 5)) === font)
        // The range picks the characters: the CJK part of a mixed string.
        #expect(CTFontCopyFamilyName(CTFontCreateForString(font, "Hello 東京" as CFString, CFRangeMake(6, 2))).contains("CJK"))
    }

    @Test("CTFontCreateForStringWithLanguage gives Han text a font of the language asked for")
    func fontForStringWithLanguage() {
        let font = CTFontCreateWithName("DejaVu Sans" as CFString, 12, nil)
        let text = "直角" as CFString
        let range = CFRangeMake(0, 2)
        #expect(CTFontCopyFamilyName(CTFontCreateForStringWithLanguage(font, text, range, "ja" as CFString)) == "Noto Sans CJK JP")
        #expect(CTFontCopyFamilyName(CTFontCreateForStringWithLanguage(font, text, range, "zh-Hans" as CFString)) == "Noto Sans CJK SC")
        #expect(CTFontCopyFamilyName(CTFontCreateForStringWithLanguage(font, text, range, "zh-Hant" as CFString)) == "Noto Sans CJK TC")
        #expect(CTFontCopyFamilyName(CTFontCreateForStringWithLanguage(font, text, range, "ko" as CFString)) == "Noto Sans CJK KR")
        #expect(CTFontCreateForStringWithLanguage(font, "Latin" as CFString, CFRangeMake(0, 5), "ja" as CFString) === font)
        #expect(CTFontCreateForStringWithLanguage(font, text, range, nil) == CTFontCreateForString(font, text, range))
    }

    @Test("kCTFontCascadeListAttribute puts its fonts first, for CTFontCreateForString and for layout")
    func cascadeListAttribute() {
        let serifCJK = CTFontDescriptorCreateWithNameAndSize("Noto Serif CJK JP" as CFString, 0)
        let descriptor = CTFontDescriptorCreateWithAttributes([
            kCTFontNameAttribute: "DejaVuSans",
            kCTFontCascadeListAttribute: [serifCJK] as CFArray,
        ] as CFDictionary)
        let font = CTFontCreateWithFontDescriptor(descriptor, 14, nil)
        #expect(CTFontCopyFamilyName(font) == "DejaVu Sans")
        #expect(CTFontCopyFamilyName(CTFontCreateForString(font, "東京" as CFString, CFRangeMake(0, 2))) == "Noto Serif CJK JP")
        // Without the attribute the default fallback is another CJK font.
        let plain = CTFontCreateWithName("DejaVu Sans" as CFString, 14, nil)
        #expect(CTFontCopyFamilyName(CTFontCreateForString(plain, "東京" as CFString, CFRangeMake(0, 2))) != "Noto Serif CJK JP")
        // Layout falls back the same way.
        let line = CTLineCreateWithAttributedString(NSAttributedString(string: "Tokyo 東京", attributes: [
            NSAttributedString.Key(kCTFontAttributeName as String): font,
        ]) as CFAttributedString)
        let families = (CTLineGetGlyphRuns(line) as! [CTRun]).map { run in
            CTFontCopyFamilyName((CTRunGetAttributes(run) as! [NSAttributedString.Key: Any])[.font] as! CTFont)
        }
        #expect(families == ["DejaVu Sans", "Noto Serif CJK JP"])

        // The default cascade list for Japanese starts with a font that has kana.
        let cascade = CTFontCopyDefaultCascadeListForLanguages(plain, ["ja"] as CFArray) as? [CTFontDescriptor] ?? []
        #expect(cascade.count > 3)
        let first = cascade.first.map { CTFontCreateWithFontDescriptor($0, 12, nil) }
        #expect(first.map { CTFontCopyCharacterSet($0).contains("あ") } == true)
        #expect(!cascade.contains { $0.fontAttributes[.family] as? String == "DejaVu Sans" })
        let withOwn = CTFontCopyDefaultCascadeListForLanguages(font, nil) as? [CTFontDescriptor] ?? []
        #expect(withOwn.first?.fontAttributes[.name] as? String == "Noto Serif CJK JP")
    }

    @Test("A font's file and names through CTFontCopyAttribute and CTFontDescriptorCopyAttribute")
    func fontAttributes() {
        let font = CTFontCreateWithName("DejaVu Sans" as CFString, 15, nil)
        let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        #expect((CTFontCopyAttribute(font, kCTFontURLAttribute) as? URL)?.path == dejaVu)
        #expect(CTFontCopyAttribute(font, kCTFontFamilyNameAttribute) as? String == "DejaVu Sans")
        #expect(CTFontCopyAttribute(font, kCTFontNameAttribute) as? String == "DejaVuSans")
        let descriptor = CTFontDescriptorCreateWithNameAndSize("DejaVuSans" as CFString, 0)
        #expect((CTFontDescriptorCopyAttribute(descriptor, kCTFontURLAttribute) as? URL)?.path == dejaVu)
        #expect(CTFontDescriptorCopyAttribute(descriptor, kCTFontNameAttribute) as? String == "DejaVuSans")
        #expect(CTFontDescriptorCopyAttribute(descriptor, kCTFontCascadeListAttribute) == nil)
    }

    @Test("CTFontCopyCharacterSet is the cmap: DejaVu Sans has A, not U+4E00")
    func characterSet() {
        let set = CTFontCopyCharacterSet(CTFontCreateWithName("DejaVu Sans" as CFString, 12, nil))
        #expect(set.contains("A"))
        #expect(set.contains("é") && set.contains("Ω"))
        #expect(!set.contains("\u{4E00}"))
        #expect(!set.contains("\u{E000}"))
    }

    @Test("CGFont from a CGDataProvider over font data has the font's glyphs; CTFontCreateWithGraphicsFont uses it")
    func graphicsFontFromData() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"))
        let installed = CTFontCreateWithName("DejaVu Sans" as CFString, 12, nil)
        guard let provider = CGDataProvider(data: data as CFData), let cgFont = CGFont(provider) else {
            Issue.record("no CGFont from the data")
            return
        }
        #expect(cgFont.numberOfGlyphs == CTFontGetGlyphCount(installed))
        #expect(cgFont.numberOfGlyphs > 5000)
        #expect(cgFont.postScriptName == "DejaVuSans")
        let font = CTFontCreateWithGraphicsFont(cgFont, 20, nil, nil)
        #expect(CTFontGetSize(font) == 20 && CTFontGetGlyphCount(font) == cgFont.numberOfGlyphs)
        #expect(CTFontCopyCharacterSet(font).contains("A"))
        // The same font is installed: registering it again fails as Core Text's does.
        var error: Unmanaged<CFError>?
        #expect(!CTFontManagerRegisterGraphicsFont(cgFont, &error))
        #expect(error.map { CFErrorGetCode($0.takeRetainedValue()) } == CTFontManagerError.alreadyRegistered.rawValue)
        // Font data with a new name, registered as iOS apps register fonts they download.
        let downloaded = try Self.renamedFontData(family: "OTK Downloaded", postScript: "OTKDownload")
        guard let newProvider = CGDataProvider(data: downloaded as CFData), let newFont = CGFont(newProvider) else {
            Issue.record("no CGFont from the renamed data")
            return
        }
        #expect(UIFont(name: "OTK Downloaded Keyboard O", size: 12) == nil)
        error = nil
        #expect(CTFontManagerRegisterGraphicsFont(newFont, &error) && error == nil)
        #expect(CTFontCopyFamilyName(CTFontCreateWithName("OTK Downloaded Keyboard O" as CFString, 12, nil)) == "OTK Downloaded Keyboard O")
        // Bytes that are not a font, and a file that is not there, give no font.
        let junk = try #require(CGDataProvider(data: Data("not a font".utf8)))
        #expect(CGFont(junk) == nil)
        #expect(CGDataProvider(url: URL(fileURLWithPath: "/no/such/font.ttf") as CFURL) == nil)
        let fromURL = try #require(CGDataProvider(url: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf") as CFURL))
        #expect(CGFont(fromURL)?.numberOfGlyphs == cgFont.numberOfGlyphs)
    }
}
