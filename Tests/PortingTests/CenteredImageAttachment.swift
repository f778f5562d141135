import Foundation
import OpenTextKit

// The inline-icon attachment iOS apps write: an image as tall as the font's cap height, centred on
// it, and told which container it is laid out in.
final class CenteredImageAttachment: NSTextAttachment {
    var font = UIFont.systemFont(ofSize: 17)
    private(set) var containersAsked: [NSTextContainer?] = []

    override func attachmentBounds(for textContainer: NSTextContainer?, proposedLineFragment lineFrag: CGRect,
                                   glyphPosition position: CGPoint, characterIndex charIndex: Int) -> CGRect {
        containersAsked.append(textContainer)
        guard let image = image, image.size.height > 0 else { return .zero }
        let height = font.capHeight
        let width = image.size.width * height / image.size.height
        return CGRect(x: 0, y: 0, width: width, height: height)
    }

    override func image(forBounds imageBounds: CGRect, textContainer: NSTextContainer?, characterIndex charIndex: Int) -> UIImage? {
        textContainer?.size.width ?? 0 > 0 ? image : nil
    }
}
