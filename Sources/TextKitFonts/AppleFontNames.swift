import Foundation
import TextKitGraphics

/// The fonts iOS ships, by the names code asks for them (`UIFont(name: "Menlo", size: 12)!`,
/// `"HelveticaNeue-Bold"`, `".SFUI-Semibold"`), and the Debian fonts that stand in for them.
///
/// A name is a family (spaces optional: "Helvetica Neue", "HelveticaNeue") or a PostScript name,
/// the family followed by a style ("Arial-BoldItalicMT", "Times-Roman", "Avenir-Heavy"). The
/// family picks the first installed family of its row; the style picks the weight and slant.
///
/// | Apple's family | stands in | package |
/// |---|---|---|
/// | Helvetica, Helvetica Neue | Nimbus Sans (a Helvetica clone), else Liberation Sans | fonts-urw-base35, fonts-liberation2 |
/// | Arial | Liberation Sans (Arial's metrics), else Nimbus Sans | fonts-liberation2 |
/// | Times, Times New Roman | Liberation Serif (Times New Roman's metrics), else Nimbus Roman | fonts-liberation2 |
/// | Courier, Courier New | Liberation Mono (Courier New's metrics), else Nimbus Mono PS | fonts-liberation2 |
/// | Menlo, Monaco, SF Mono | the monospaced system font (DejaVu Sans Mono: Menlo derives from it) | fonts-dejavu-core |
/// | Georgia | DejaVu Serif | fonts-dejavu-core |
/// | Palatino | P052 (a Palatino clone) | fonts-urw-base35 |
/// | Verdana | DejaVu Sans (both descend from Bitstream Vera's design brief) | fonts-dejavu-core |
/// | Avenir, Avenir Next, SF Pro, SF UI (`.SFUI…`), the system font's own names | the system font | fonts-noto-core |
///
/// A name in none of these rows is not substituted: `UIFont(name:size:)` gives nil, as on iOS
/// for a font that is not installed.
enum AppleFontNames {
    /// What an Apple font name resolves to here.
    struct Substitute: Equatable {
        var family: String
        var weight: UIFont.Weight
        var italic: Bool
    }

    /// The stand-in for `name`, or nil when it is not one of Apple's names (or none of its row's
    /// families is installed). `hasFamily` says whether a family is installed.
    static func substitute(for name: String, hasFamily: (String) -> Bool) -> Substitute? {
        let parts = name.split(separator: "-", maxSplits: 1).map(String.init)
        guard var key = parts.first.map(normalized), !key.isEmpty else { return nil }
        var style = parts.count > 1 ? parts[1].lowercased() : ""
        // PostScript names carry a foundry suffix on the family or the style ("ArialMT",
        // "TimesNewRomanPSMT", "Arial-BoldMT", "CourierNewPS-ItalicMT").
        if families[key] == nil {
            for suffix in ["psmt", "mt", "ps"] where key.hasSuffix(suffix) && families[String(key.dropLast(suffix.count))] != nil {
                key = String(key.dropLast(suffix.count))
                break
            }
        }
        // The SF family's private names (".SFUI-Regular", ".SFUIText-Medium", ".SFNSDisplay").
        if families[key] == nil, key.hasPrefix(".sf") || key.hasPrefix("sfpro") || key.hasPrefix("sfui") || key.hasPrefix("sfns") {
            key = "system"
        }
        guard let row = families[key] else { return nil }
        for suffix in ["mt", "ps"] where style.hasSuffix(suffix) { style = String(style.dropLast(suffix.count)) }
        let candidates = row.map { family -> String in
            switch family {
            case Self.systemFamily: UIFont.systemFontFamilyName
            case Self.monospacedFamily: UIFont.monospacedSystemFontFamilyName
            default: family
            }
        }
        guard let family = candidates.first(where: hasFamily) else { return nil }
        return Substitute(family: family, weight: weight(of: style), italic: style.contains("italic") || style.contains("oblique"))
    }

    private static let systemFamily = "<system>"
    private static let monospacedFamily = "<monospaced>"

    /// Apple's families, normalized (lowercased, no spaces), and their stand-ins in order.
    private static let families: [String: [String]] = {
        let sans = ["Nimbus Sans", "Liberation Sans", systemFamily]
        let arial = ["Liberation Sans", "Nimbus Sans", systemFamily]
        let serif = ["Liberation Serif", "Nimbus Roman", "DejaVu Serif"]
        let mono = ["Liberation Mono", "Nimbus Mono PS", monospacedFamily]
        let rows: [(names: [String], families: [String])] = [
            (["helvetica", "helveticaneue", "helveticaneueinterface"], sans),
            (["arial", "arialhebrew"], arial),
            (["times", "timesnewroman", "timesroman"], serif),
            (["courier", "couriernew"], mono),
            (["menlo", "monaco", "sfmono", "sfmonoregular", "sfnsmono"], [monospacedFamily]),
            (["georgia"], ["DejaVu Serif", "Liberation Serif"]),
            (["palatino"], ["P052", "Liberation Serif"]),
            (["verdana"], ["DejaVu Sans", systemFamily]),
            (["avenir", "avenirnext", "avenirnextcondensed", "system", "systemfont", ".applesystemuifont",
              "sfpro", "sfprotext", "sfprodisplay", "sfprorounded", "sfui", "sfuitext", "sfuidisplay"], [systemFamily]),
        ]
        var table: [String: [String]] = [:]
        for row in rows { for name in row.names { table[name] = row.families } }
        return table
    }()

    private static func normalized(_ family: String) -> String {
        family.lowercased().filter { $0 != " " }
    }

    /// The weight a PostScript style names ("bold", "demibold", "heavy", "ultralight", "book" …).
    private static func weight(of style: String) -> UIFont.Weight {
        let words: [(String, UIFont.Weight)] = [
            ("ultralight", .ultraLight), ("extralight", .ultraLight), ("thin", .thin), ("light", .light),
            ("semibold", .semibold), ("demibold", .semibold), ("demi", .semibold), ("medium", .medium),
            ("extrabold", .heavy), ("ultrabold", .heavy), ("heavy", .heavy), ("black", .black), ("bold", .bold),
        ]
        return words.first { style.contains($0.0) }?.1 ?? .regular
    }
}
