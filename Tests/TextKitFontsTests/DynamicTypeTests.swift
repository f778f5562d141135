import Foundation
import Synchronization
import Testing
@testable import TextKitFonts

@Suite("Dynamic Type")
struct DynamicTypeTests {
    @Test("Body sizes follow Apple's table", arguments: [
        (UIContentSizeCategory.extraSmall, 14.0), (.small, 15), (.medium, 16), (.large, 17), (.extraLarge, 19),
        (.extraExtraLarge, 21), (.extraExtraExtraLarge, 23), (.accessibilityMedium, 28), (.accessibilityLarge, 33),
        (.accessibilityExtraLarge, 40), (.accessibilityExtraExtraLarge, 47), (.accessibilityExtraExtraExtraLarge, 53),
    ] as [(UIContentSizeCategory, CGFloat)])
    func bodySizes(category: UIContentSizeCategory, size: CGFloat) {
        let font = UIFont.preferredFont(forTextStyle: .body, contentSizeCategory: category)
        #expect(font.pointSize == size)
        #expect(font.textStyle == .body)
        let descriptor = UIFontDescriptor.preferredFontDescriptor(
            withTextStyle: .body, compatibleWith: UITraitCollection(preferredContentSizeCategory: category))
        #expect(descriptor.pointSize == size)
    }

    @Test("Every style has its default size at .large and grows monotonically")
    func defaultsAndMonotonicity() {
        let large: [UIFont.TextStyle: CGFloat] = [.largeTitle: 34, .title1: 28, .title2: 22, .title3: 20, .headline: 17,
                                                  .body: 17, .callout: 16, .subheadline: 15, .footnote: 13,
                                                  .caption1: 12, .caption2: 11]
        for style in UIFont.TextStyle.allStyles {
            #expect(style.pointSize(for: .large) == large[style])
            let sizes = UIContentSizeCategory.allCategories.map(style.pointSize(for:))
            #expect(sizes == sizes.sorted())
            #expect(style.pointSize(for: .extraSmall) >= 11)
        }
        #expect(UIFont.TextStyle.caption2.pointSize(for: .accessibilityExtraExtraExtraLarge) == 40)
        #expect(UIFont.TextStyle.largeTitle.pointSize(for: .accessibilityExtraExtraExtraLarge) == 60)
    }

    @Test("Headline is the semibold system font, body the regular one")
    func headlineWeight() {
        let headline = UIFont.preferredFont(forTextStyle: .headline, contentSizeCategory: .large)
        let body = UIFont.preferredFont(forTextStyle: .body, contentSizeCategory: .large)
        #expect(headline.pointSize == body.pointSize)
        #expect(headline.fontDescriptor.symbolicTraits.contains(.traitBold))
        #expect(!body.fontDescriptor.symbolicTraits.contains(.traitBold))
    }

    @Test("Content size categories parse from raw values, Swift names and HIG abbreviations")
    func categoryNames() {
        #expect(UIContentSizeCategory(name: "UICTContentSizeCategoryXL") == .extraLarge)
        #expect(UIContentSizeCategory(name: "extraExtraLarge") == .extraExtraLarge)
        #expect(UIContentSizeCategory(name: "ax3") == .accessibilityExtraLarge)
        #expect(UIContentSizeCategory(name: "huge") == nil)
        #expect(UIContentSizeCategory.small < .large && UIContentSizeCategory.large < .accessibilityMedium)
        #expect(UIContentSizeCategory.accessibilityMedium.isAccessibilityCategory)
        #expect(!UIContentSizeCategory.extraExtraExtraLarge.isAccessibilityCategory)
    }

    @Test("UIFontMetrics scales a custom font and values in the style's proportion")
    func fontMetrics() throws {
        let custom = try #require(UIFont(name: "DejaVu Serif", size: 17))
        let xxxl = UITraitCollection(preferredContentSizeCategory: .extraExtraExtraLarge)
        let scaled = UIFontMetrics.default.scaledFont(for: custom, compatibleWith: xxxl)
        #expect(scaled.pointSize == 23)
        #expect(scaled.face === custom.face)
        #expect(UIFontMetrics(forTextStyle: .body).scaledFont(for: custom, maximumPointSize: 20, compatibleWith: xxxl).pointSize == 20)
        #expect(abs(UIFontMetrics(forTextStyle: .title1).scaledValue(for: 28, compatibleWith: xxxl) - 34) < 1e-9)
        let large = UITraitCollection(preferredContentSizeCategory: .large)
        #expect(UIFontMetrics.default.scaledFont(for: custom, compatibleWith: large) === custom)
    }
}

/// Tests that change process-wide settings, one at a time (and no other suite reads them).
@Suite("Process-wide font settings", .serialized)
struct ProcessWideFontSettingsTests {
    @Test("Changing the preferred category posts the notification with the new value")
    func notification() async throws {
        let original = UIContentSizeCategory.preferred
        defer { UIContentSizeCategory.preferred = original }
        let target: UIContentSizeCategory = original == .accessibilityLarge ? .small : .accessibilityLarge
        let received = Mutex<[UIContentSizeCategory]>([])
        let observer = NotificationCenter.default.addObserver(forName: UIContentSizeCategory.didChangeNotification,
                                                              object: nil, queue: nil) { note in
            if let value = note.userInfo?[UIContentSizeCategory.newValueUserInfoKey] as? UIContentSizeCategory {
                received.withLock { $0.append(value) }
            }
        }
        defer { NotificationCenter.default.removeObserver(observer) }
        UIContentSizeCategory.preferred = target
        UIContentSizeCategory.preferred = target  // no change, no second notification
        #expect(received.withLock { $0 } == [target])
        #expect(UIFont.preferredFont(forTextStyle: .body).pointSize == UIFont.TextStyle.body.pointSize(for: target))
    }

    @Test("The system family is Noto Sans here, and can be set in code or by OTK_SYSTEM_FONT")
    func systemFamily() throws {
        #expect(UIFont.systemFontFamilyName == "Noto Sans")
        #expect(UIFont.systemFont(ofSize: 12).face.url.path == TestFonts.notoSans.path)
        #expect(UIFont.boldSystemFont(ofSize: 12).face.url.lastPathComponent == "NotoSans-Bold.ttf")
        #expect(UIFont.italicSystemFont(ofSize: 12).face.url.lastPathComponent == "NotoSans-Italic.ttf")
        #expect(UIFont.systemFont(ofSize: 12, weight: .semibold).face.url.lastPathComponent == "NotoSans-Bold.ttf")
        #expect(UIFont.systemFont(ofSize: 12, weight: .medium).face.url.lastPathComponent == "NotoSans-Regular.ttf")
        #expect(UIFont.monospacedSystemFont(ofSize: 12, weight: .regular).face.url.path == TestFonts.dejaVuSansMono.path)
        #expect(UIFont.monospacedDigitSystemFont(ofSize: 12, weight: .regular).featureSettings == [.tabularFigures])

        UIFont.setSystemFontFamilyName("DejaVu Serif")
        #expect(UIFont.systemFont(ofSize: 12).face.url.path == TestFonts.dejaVuSerif.path)
        UIFont.setSystemFontFamilyName(nil)
        setenv("OTK_SYSTEM_FONT", "DejaVu Sans", 1)
        #expect(UIFont.systemFontFamilyName == "DejaVu Sans")
        setenv("OTK_SYSTEM_FONT", "No Such Family", 1)
        #expect(UIFont.systemFontFamilyName == "Noto Sans")
        unsetenv("OTK_SYSTEM_FONT")
        #expect(UIFont.systemFont(ofSize: 12).face.url.path == TestFonts.notoSans.path)
    }

    @Test("A registered font file joins the collection and resolves")
    func registerFont() throws {
        // A copy of an installed single-face font that no other test uses, under a new path.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("otk-register-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let copy = directory.appendingPathComponent("Initials.otf")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: "/usr/share/fonts/opentype/linux-libertine/LinLibertine_I.otf"),
                                         to: copy)
        let before = FontCollection.installed.faces(ofFamily: "Linux Libertine Initials O").count
        try FontCollection.registerFont(at: copy)
        let faces = FontCollection.installed.faces(ofFamily: "Linux Libertine Initials O")
        #expect(faces.count == before + 1)
        #expect(faces.contains { $0.url.path == copy.path })
        #expect(UIFont(name: "Linux Libertine Initials O", size: 12) != nil)
    }
}
