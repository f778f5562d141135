/// Where a one-line label's text sits when ``UILabel/adjustsFontSizeToFitWidth`` shrinks it,
/// as UIKit's `UIBaselineAdjustment`.
public enum UIBaselineAdjustment: Int, Sendable, Hashable {
    /// The shrunk text keeps the baseline the text had at its full size (UIKit's default).
    case alignBaselines = 0
    /// The shrunk text is centred vertically, as the full-size text was.
    case alignCenters = 1
    /// The shrunk text keeps the top the full-size text had.
    case none = 2
}
