import Foundation

/// A colour in extended sRGB with alpha, as UIKit's `UIColor`.
///
/// Components are not premultiplied. Values outside 0...1 are kept (extended sRGB) and clamped
/// only when drawn. Immutable and thread-safe.
open class UIColor: Hashable, @unchecked Sendable, CustomStringConvertible {  // immutable
    /// The red component (0...1 in sRGB; values outside are extended sRGB).
    public let red: CGFloat
    /// The green component.
    public let green: CGFloat
    /// The blue component.
    public let blue: CGFloat
    /// The opacity, 0 (transparent) to 1 (opaque).
    public let alpha: CGFloat

    /// A colour from sRGB components and alpha, stored as given (not clamped).
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A grey: `white` 0 is black, 1 is white.
    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// A colour from hue, saturation and brightness (HSB/HSV), each 0...1; hue 0 and 1 are red.
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let h = (hue - hue.rounded(.down)) * 6  // wrap into [0, 6)
        let s = min(max(saturation, 0), 1), v = brightness
        let sector = min(Int(h), 5)
        let f = h - CGFloat(sector)
        let (p, q, t) = (v * (1 - s), v * (1 - s * f), v * (1 - s * (1 - f)))
        let rgb: (CGFloat, CGFloat, CGFloat)
        switch sector {
        case 0: rgb = (v, t, p)
        case 1: rgb = (q, v, p)
        case 2: rgb = (p, v, t)
        case 3: rgb = (p, q, v)
        case 4: rgb = (t, p, v)
        default: rgb = (v, p, q)
        }
        self.init(red: rgb.0, green: rgb.1, blue: rgb.2, alpha: alpha)
    }

    /// The colour of a ``CGColor`` (grey colours become equal RGB components).
    public convenience init(cgColor: CGColor) {
        let (r, g, b, a) = cgColor.rgba
        self.init(red: r, green: g, blue: b, alpha: a)
    }

    /// The same colour with another alpha.
    open func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        UIColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// The colour as a ``CGColor`` (RGB with alpha).
    open var cgColor: CGColor { CGColor(red: red, green: green, blue: blue, alpha: alpha) }

    /// Reports the RGBA components (any pointer may be nil). Always succeeds.
    @discardableResult
    open func getRed(_ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
                     blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        red?.pointee = self.red
        green?.pointee = self.green
        blue?.pointee = self.blue
        alpha?.pointee = self.alpha
        return true
    }

    /// Reports the grey level and alpha when the colour is a grey (equal RGB components) and
    /// returns true; returns false for other colours, as UIKit does for colours outside a
    /// grey-compatible space.
    @discardableResult
    open func getWhite(_ white: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        guard red == green, green == blue else { return false }
        white?.pointee = red
        alpha?.pointee = self.alpha
        return true
    }

    /// Reports hue, saturation and brightness (each 0...1) and alpha. Always succeeds.
    @discardableResult
    open func getHue(_ hue: UnsafeMutablePointer<CGFloat>?, saturation: UnsafeMutablePointer<CGFloat>?,
                     brightness: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        let maximum = max(red, green, blue), minimum = min(red, green, blue)
        let delta = maximum - minimum
        var h: CGFloat = 0
        if delta > 0 {
            if maximum == red {
                h = (green - blue) / delta
            } else if maximum == green {
                h = (blue - red) / delta + 2
            } else {
                h = (red - green) / delta + 4
            }
            h /= 6
            if h < 0 { h += 1 }
        }
        hue?.pointee = h
        saturation?.pointee = maximum > 0 ? delta / maximum : 0
        brightness?.pointee = maximum
        alpha?.pointee = self.alpha
        return true
    }

    /// Components as 8-bit values (rounded, clamped to 0...255), for pixel comparisons.
    package var rgba8: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        func byte(_ v: CGFloat) -> UInt8 { UInt8(min(max((v * 255).rounded(), 0), 255)) }
        return (byte(red), byte(green), byte(blue), byte(alpha))
    }

    /// Two colours are equal when their red, green, blue and alpha components are (colours are stored as sRGB components).
    public static func == (lhs: UIColor, rhs: UIColor) -> Bool {
        lhs.red == rhs.red && lhs.green == rhs.green && lhs.blue == rhs.blue && lhs.alpha == rhs.alpha
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(red); hasher.combine(green); hasher.combine(blue); hasher.combine(alpha)
    }

    open var description: String { "UIColor(red: \(red), green: \(green), blue: \(blue), alpha: \(alpha))" }
}

extension UIColor {
    /// A colour from a hex string: "#RRGGBB", "#RRGGBBAA", "#RGB" or "#RGBA", with or without
    /// the "#" (or "0x"), case-insensitive, surrounding whitespace ignored. Nil for anything
    /// else. (Not a UIKit API.)
    public convenience init?(hex: String) {
        var digits = Substring(hex.trimmingCharacters(in: .whitespacesAndNewlines))
        if digits.hasPrefix("#") {
            digits = digits.dropFirst()
        } else if digits.lowercased().hasPrefix("0x") {
            digits = digits.dropFirst(2)
        }
        guard [3, 4, 6, 8].contains(digits.count), digits.allSatisfy(\.isHexDigit),
              let value = UInt64(digits, radix: 16) else { return nil }
        let components: [CGFloat]
        switch digits.count {
        case 3, 4:
            let n = digits.count
            components = (0..<n).map { i in CGFloat((value >> UInt64(4 * (n - 1 - i))) & 0xF) * 17 / 255 }
        default:
            let n = digits.count / 2
            components = (0..<n).map { i in CGFloat((value >> UInt64(8 * (n - 1 - i))) & 0xFF) / 255 }
        }
        self.init(red: components[0], green: components[1], blue: components[2],
                  alpha: components.count == 4 ? components[3] : 1)
    }
}
