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
}
