import Foundation
import TextKitGraphics

extension UIFont {
    private static let familyOverrides = Locked<(system: String?, monospaced: String?)>((nil, nil))

    /// The family of the system font (`systemFont(ofSize:)`, text styles).
    ///
    /// Default: the environment variable `OTK_SYSTEM_FONT` when it names an installed family,
    /// else "Noto Sans" when installed, else "DejaVu Sans". Set it in code to override (it takes
    /// effect for fonts created afterwards; set `nil` to return to the default). Thread-safe.
    public static var systemFontFamilyName: String {
        get {
            familyOverrides.withLock { $0.system } ?? defaultFamily(environment: "OTK_SYSTEM_FONT",
                                                                    preferred: ["Noto Sans", "DejaVu Sans"])
        }
        set { familyOverrides.withLock { $0.system = newValue } }
    }

    /// Sets the system family; `nil` returns to the default (see ``systemFontFamilyName``).
    public static func setSystemFontFamilyName(_ family: String?) {
        familyOverrides.withLock { $0.system = family }
    }

    /// The family of `monospacedSystemFont(ofSize:weight:)`.
    ///
    /// Default: the environment variable `OTK_MONOSPACED_FONT` when it names an installed family,
    /// else "DejaVu Sans Mono", else "Noto Sans Mono", else fontconfig's "monospace". Settable as
    /// ``systemFontFamilyName``.
    public static var monospacedSystemFontFamilyName: String {
        get {
            familyOverrides.withLock { $0.monospaced } ?? defaultFamily(environment: "OTK_MONOSPACED_FONT",
                                                                        preferred: ["DejaVu Sans Mono", "Noto Sans Mono", "monospace"])
        }
        set { familyOverrides.withLock { $0.monospaced = newValue } }
    }

    /// Sets the monospaced family; `nil` returns to the default.
    public static func setMonospacedSystemFontFamilyName(_ family: String?) {
        familyOverrides.withLock { $0.monospaced = family }
    }

    private static func defaultFamily(environment variable: String, preferred: [String]) -> String {
        let catalog = FontCatalog.current
        // getenv, not ProcessInfo.environment (which copies the whole environment): this runs for
        // every descriptor resolution.
        if let raw = getenv(variable), case let value = String(cString: raw), !value.isEmpty, catalog.hasFamily(value) {
            return value
        }
        return preferred.first(where: catalog.hasFamily) ?? preferred.last!
    }

    // MARK: - System fonts

    /// The system font (``systemFontFamilyName``) at a size, regular weight.
    public class func systemFont(ofSize fontSize: CGFloat) -> UIFont {
        systemFont(ofSize: fontSize, weight: .regular)
    }

    /// The system font at a size and weight. The installed face nearest in weight is used
    /// (Noto Sans has Regular and Bold: `.medium` gives Regular, `.semibold` gives Bold); asking
    /// for semibold or heavier when only lighter faces exist gives synthetic bold.
    public class func systemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        UIFont(descriptor: systemDescriptor(family: systemFontFamilyName, weight: weight, symbolic: []), size: fontSize)
    }

    /// The bold system font.
    public class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        UIFont(descriptor: systemDescriptor(family: systemFontFamilyName, weight: nil, symbolic: .traitBold), size: fontSize)
    }

    /// The italic system font (synthetic oblique if the family has no italic face).
    public class func italicSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        UIFont(descriptor: systemDescriptor(family: systemFontFamilyName, weight: nil, symbolic: .traitItalic),
               size: fontSize)
    }

    /// The monospaced system font (``monospacedSystemFontFamilyName``) at a size and weight.
    public class func monospacedSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        UIFont(descriptor: systemDescriptor(family: monospacedSystemFontFamilyName, weight: weight, symbolic: .traitMonoSpace),
               size: fontSize)
    }

    /// The system font with tabular (fixed-width) digits: the OpenType feature `tnum` is set in
    /// the descriptor's `.featureSettings` for the typesetter to apply.
    public class func monospacedDigitSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        let descriptor = systemDescriptor(family: systemFontFamilyName, weight: weight, symbolic: [])
            .addingAttributes([.featureSettings: [FontFeature.tabularFigures]])
        return UIFont(descriptor: descriptor, size: fontSize)
    }

    static func systemDescriptor(family: String, weight: Weight?, symbolic: UIFontDescriptor.SymbolicTraits) -> UIFontDescriptor {
        var attributes = FontAttributes()
        attributes.family = family
        var traits = FontAttributes.Traits()
        traits.weight = weight
        traits.symbolic = symbolic.union(.traitUIOptimized)
        attributes.traits = traits
        return UIFontDescriptor(attributes: attributes)
    }

    // MARK: - Standard sizes (UIKit's values on iPhone)

    /// The standard label font size: 17 points.
    public class var labelFontSize: CGFloat { 17 }
    /// The standard button font size: 18 points.
    public class var buttonFontSize: CGFloat { 18 }
    /// The standard system font size: 14 points.
    public class var systemFontSize: CGFloat { 14 }
    /// The smaller standard system font size: 12 points.
    public class var smallSystemFontSize: CGFloat { 12 }
}
