/// Whether `scalar` is one of Unicode's space separators (general category Zs): the space,
/// no-break space, Ogham space mark, the fixed-width spaces U+2000–U+200A, the narrow no-break
/// and medium mathematical spaces, and the ideographic space.
func isSpaceSeparator(_ scalar: UInt32) -> Bool {
    switch scalar {
    case 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x202F, 0x205F, 0x3000: true
    default: false
    }
}
