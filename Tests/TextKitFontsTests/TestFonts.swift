import Foundation
@testable import TextKitFonts

/// Font files the tests use, by path (installed by scripts/setup.sh), so results do not depend on
/// fontconfig's configuration.
enum TestFonts {
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/"
    static let dejaVuSans = URL(fileURLWithPath: dejaVu + "DejaVuSans.ttf")
    static let dejaVuSansBoldOblique = URL(fileURLWithPath: dejaVu + "DejaVuSans-BoldOblique.ttf")
    static let dejaVuSerif = URL(fileURLWithPath: dejaVu + "DejaVuSerif.ttf")
    static let dejaVuSerifBold = URL(fileURLWithPath: dejaVu + "DejaVuSerif-Bold.ttf")
    static let dejaVuSerifBoldItalic = URL(fileURLWithPath: dejaVu + "DejaVuSerif-BoldItalic.ttf")
    static let dejaVuSansMono = URL(fileURLWithPath: dejaVu + "DejaVuSansMono.ttf")
    static let notoSans = URL(fileURLWithPath: "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf")
    static let notoColorEmoji = URL(fileURLWithPath: "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf")
    static let notoSansCJK = URL(fileURLWithPath: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
    static let libertine = URL(fileURLWithPath: "/usr/share/fonts/opentype/linux-libertine/LinLibertine_R.otf")
}
