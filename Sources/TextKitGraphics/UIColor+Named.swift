import Foundation

// UIKit's class colours. The semantic and system colours (`label`, `systemBlue`, …) adapt to
// dark mode in UIKit; OpenTextKit has no appearance, so they have their light-mode values
// (iOS 13–17 light, default contrast).

private func rgb(_ r: Int, _ g: Int, _ b: Int, _ a: CGFloat = 1) -> UIColor {
    UIColor(red: CGFloat(r) / 255, green: CGFloat(g) / 255, blue: CGFloat(b) / 255, alpha: a)
}

private enum NamedColors {
    static let black = UIColor(white: 0, alpha: 1)
    static let darkGray = UIColor(white: 1.0 / 3.0, alpha: 1)
    static let lightGray = UIColor(white: 2.0 / 3.0, alpha: 1)
    static let white = UIColor(white: 1, alpha: 1)
    static let gray = UIColor(white: 0.5, alpha: 1)
    static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let green = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
    static let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
    static let cyan = UIColor(red: 0, green: 1, blue: 1, alpha: 1)
    static let yellow = UIColor(red: 1, green: 1, blue: 0, alpha: 1)
    static let magenta = UIColor(red: 1, green: 0, blue: 1, alpha: 1)
    static let orange = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)
    static let purple = UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1)
    static let brown = UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1)
    static let clear = UIColor(white: 0, alpha: 0)

    static let label = UIColor(white: 0, alpha: 1)
    static let secondaryLabel = rgb(60, 60, 67, 0.6)
    static let tertiaryLabel = rgb(60, 60, 67, 0.3)
    static let quaternaryLabel = rgb(60, 60, 67, 0.18)
    static let placeholderText = rgb(60, 60, 67, 0.3)
    static let separator = rgb(60, 60, 67, 0.29)
    static let link = rgb(0, 122, 255)
    static let systemBackground = UIColor(white: 1, alpha: 1)
    static let secondarySystemBackground = rgb(242, 242, 247)
    static let tertiarySystemBackground = UIColor(white: 1, alpha: 1)
    static let systemBlue = rgb(0, 122, 255)
    static let systemRed = rgb(255, 59, 48)
    static let systemGreen = rgb(52, 199, 89)
    static let systemOrange = rgb(255, 149, 0)
    static let systemYellow = rgb(255, 204, 0)
    static let systemPink = rgb(255, 45, 85)
    static let systemPurple = rgb(175, 82, 222)
    static let systemIndigo = rgb(88, 86, 214)
    static let systemTeal = rgb(48, 176, 199)
    static let systemGray = rgb(142, 142, 147)
    static let systemGray2 = rgb(174, 174, 178)
    static let systemGray3 = rgb(199, 199, 204)
    static let systemGray4 = rgb(209, 209, 214)
    static let systemGray5 = rgb(229, 229, 234)
    static let systemGray6 = rgb(242, 242, 247)
    static let systemMint = rgb(0, 199, 190)
    static let systemCyan = rgb(50, 173, 230)
    static let systemBrown = rgb(162, 132, 94)
    static let opaqueSeparator = rgb(198, 198, 200)
    static let systemGroupedBackground = rgb(242, 242, 247)
    static let secondarySystemGroupedBackground = UIColor(white: 1, alpha: 1)
    static let tertiarySystemGroupedBackground = rgb(242, 242, 247)
    static let systemFill = rgb(120, 120, 128, 0.2)
    static let secondarySystemFill = rgb(120, 120, 128, 0.16)
    static let tertiarySystemFill = rgb(118, 118, 128, 0.12)
    static let quaternarySystemFill = rgb(116, 116, 128, 0.08)
    static let lightText = UIColor(white: 1, alpha: 0.6)
    static let darkText = UIColor(white: 0, alpha: 1)
}

extension UIColor {
    /// Black (grey 0).
    public class var black: UIColor { NamedColors.black }
    /// Dark grey (grey 1/3).
    public class var darkGray: UIColor { NamedColors.darkGray }
    /// Light grey (grey 2/3).
    public class var lightGray: UIColor { NamedColors.lightGray }
    /// White (grey 1).
    public class var white: UIColor { NamedColors.white }
    /// Grey (grey 0.5).
    public class var gray: UIColor { NamedColors.gray }
    /// Red (1, 0, 0).
    public class var red: UIColor { NamedColors.red }
    /// Green (0, 1, 0).
    public class var green: UIColor { NamedColors.green }
    /// Blue (0, 0, 1).
    public class var blue: UIColor { NamedColors.blue }
    /// Cyan (0, 1, 1).
    public class var cyan: UIColor { NamedColors.cyan }
    /// Yellow (1, 1, 0).
    public class var yellow: UIColor { NamedColors.yellow }
    /// Magenta (1, 0, 1).
    public class var magenta: UIColor { NamedColors.magenta }
    /// Orange (1, 0.5, 0).
    public class var orange: UIColor { NamedColors.orange }
    /// Purple (0.5, 0, 0.5).
    public class var purple: UIColor { NamedColors.purple }
    /// Brown (0.6, 0.4, 0.2).
    public class var brown: UIColor { NamedColors.brown }
    /// Fully transparent black.
    public class var clear: UIColor { NamedColors.clear }

    /// Text colour for primary content (light mode: black).
    public class var label: UIColor { NamedColors.label }
    /// Text colour for secondary content (light mode: #3C3C43 at 60 %).
    public class var secondaryLabel: UIColor { NamedColors.secondaryLabel }
    /// Text colour for tertiary content (light mode: #3C3C43 at 30 %).
    public class var tertiaryLabel: UIColor { NamedColors.tertiaryLabel }
    /// Text colour for quaternary content (light mode: #3C3C43 at 18 %).
    public class var quaternaryLabel: UIColor { NamedColors.quaternaryLabel }
    /// Placeholder text colour (light mode: #3C3C43 at 30 %).
    public class var placeholderText: UIColor { NamedColors.placeholderText }
    /// Thin separator lines (light mode: #3C3C43 at 29 %).
    public class var separator: UIColor { NamedColors.separator }
    /// Link text (light mode: #007AFF).
    public class var link: UIColor { NamedColors.link }
    /// The main background (light mode: white).
    public class var systemBackground: UIColor { NamedColors.systemBackground }
    /// Grouped content background (light mode: #F2F2F7).
    public class var secondarySystemBackground: UIColor { NamedColors.secondarySystemBackground }
    /// Third-level background (light mode: white).
    public class var tertiarySystemBackground: UIColor { NamedColors.tertiarySystemBackground }
    /// System blue (light mode: #007AFF).
    public class var systemBlue: UIColor { NamedColors.systemBlue }
    /// System red (light mode: #FF3B30).
    public class var systemRed: UIColor { NamedColors.systemRed }
    /// System green (light mode: #34C759).
    public class var systemGreen: UIColor { NamedColors.systemGreen }
    /// System orange (light mode: #FF9500).
    public class var systemOrange: UIColor { NamedColors.systemOrange }
    /// System yellow (light mode: #FFCC00).
    public class var systemYellow: UIColor { NamedColors.systemYellow }
    /// System pink (light mode: #FF2D55).
    public class var systemPink: UIColor { NamedColors.systemPink }
    /// System purple (light mode: #AF52DE).
    public class var systemPurple: UIColor { NamedColors.systemPurple }
    /// System indigo (light mode: #5856D6).
    public class var systemIndigo: UIColor { NamedColors.systemIndigo }
    /// System teal (light mode: #30B0C7).
    public class var systemTeal: UIColor { NamedColors.systemTeal }
    /// System grey (light mode: #8E8E93).
    public class var systemGray: UIColor { NamedColors.systemGray }
    /// Second-level system grey (light mode: #AEAEB2).
    public class var systemGray2: UIColor { NamedColors.systemGray2 }
    /// Third-level system grey (light mode: #C7C7CC).
    public class var systemGray3: UIColor { NamedColors.systemGray3 }
    /// Fourth-level system grey (light mode: #D1D1D6).
    public class var systemGray4: UIColor { NamedColors.systemGray4 }
    /// Fifth-level system grey (light mode: #E5E5EA).
    public class var systemGray5: UIColor { NamedColors.systemGray5 }
    /// Sixth-level system grey (light mode: #F2F2F7).
    public class var systemGray6: UIColor { NamedColors.systemGray6 }
    /// System mint (light mode: #00C7BE, iOS 15–18).
    public class var systemMint: UIColor { NamedColors.systemMint }
    /// System cyan (light mode: #32ADE6, iOS 15–18).
    public class var systemCyan: UIColor { NamedColors.systemCyan }
    /// System brown (light mode: #A2845E).
    public class var systemBrown: UIColor { NamedColors.systemBrown }
    /// Separator lines that hide what is under them (light mode: #C6C6C8, opaque).
    public class var opaqueSeparator: UIColor { NamedColors.opaqueSeparator }
    /// The background of grouped content (light mode: #F2F2F7).
    public class var systemGroupedBackground: UIColor { NamedColors.systemGroupedBackground }
    /// Content on a grouped background (light mode: white).
    public class var secondarySystemGroupedBackground: UIColor { NamedColors.secondarySystemGroupedBackground }
    /// Content inside grouped content (light mode: #F2F2F7).
    public class var tertiarySystemGroupedBackground: UIColor { NamedColors.tertiarySystemGroupedBackground }
    /// Fill for thin and small shapes (light mode: #787880 at 20 %).
    public class var systemFill: UIColor { NamedColors.systemFill }
    /// Fill for medium shapes (light mode: #787880 at 16 %).
    public class var secondarySystemFill: UIColor { NamedColors.secondarySystemFill }
    /// Fill for large shapes (light mode: #767680 at 12 %).
    public class var tertiarySystemFill: UIColor { NamedColors.tertiarySystemFill }
    /// Fill for large areas with complex content (light mode: #747480 at 8 %).
    public class var quaternarySystemFill: UIColor { NamedColors.quaternarySystemFill }
    /// Text on dark backgrounds (white at 60 %; not dynamic in UIKit either).
    public class var lightText: UIColor { NamedColors.lightText }
    /// Text on light backgrounds (black; not dynamic in UIKit either).
    public class var darkText: UIColor { NamedColors.darkText }
}
