import OpenTextKit

/// Images larger than a column (a screenshot in a README, a photo in an RTFD) are scaled down,
/// keeping their proportions, to the column's width and most of its height: TextKit lays an
/// attachment out at its image's size, and a line taller than the column or wider than it fits
/// nowhere and would stop the layout. Attachments whose bounds the document sets are left alone
/// unless those are too large too.
enum ImageFitting {
    /// The share of a column's height an image may take (the rest for the line's other text
    /// and spacing).
    static let heightShare: CGFloat = 0.85

    /// Fits every attachment of `text` into columns `width` × `height` points (a height of 0 or
    /// less: a scrolling page of no fixed height, where only the width counts).
    static func fit(_ text: NSMutableAttributedString, width: CGFloat, height: CGFloat) {
        guard width > 0, text.length > 0 else { return }
        let maximum = CGSize(width: width, height: height > 0 ? height * heightShare : .infinity)
        text.enumerateAttribute(.attachment, in: NSRange(location: 0, length: text.length), options: []) { value, _, _ in
            guard let attachment = value as? NSTextAttachment else { return }
            let size = attachment.bounds.size != .zero ? attachment.bounds.size : attachment.image?.size ?? .zero
            guard size.width > 0, size.height > 0 else { return }
            let factor = min(maximum.width / size.width, maximum.height / size.height)
            guard factor < 1 else { return }
            attachment.bounds = CGRect(x: attachment.bounds.minX, y: attachment.bounds.minY,
                                       width: (size.width * factor).rounded(.down), height: (size.height * factor).rounded(.down))
        }
    }
}
