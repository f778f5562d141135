import TextKitGraphics

/// What the layout manager asks of an attachment, as UIKit's `NSTextAttachmentContainer`. The
/// layout manager passes the container the attachment is laid out in.
public protocol NSTextAttachmentContainer: AnyObject {
    /// The image to draw in `imageBounds` (in the attachment's own coordinates) for the attachment at
    /// `charIndex`, or nil to draw nothing.
    func image(forBounds imageBounds: CGRect, textContainer: NSTextContainer?, characterIndex charIndex: Int) -> UIImage?
    /// The attachment's bounds in points relative to the baseline (y up from the baseline, as UIKit:
    /// a negative `origin.y` descends below it), given the proposed line fragment and glyph position.
    func attachmentBounds(for textContainer: NSTextContainer?, proposedLineFragment lineFrag: CGRect,
                          glyphPosition position: CGPoint, characterIndex charIndex: Int) -> CGRect
}

/// An inline object in text (the value of `.attachment` on a U+FFFC character), as UIKit's
/// `NSTextAttachment`. Compared by identity, as UIKit's.
open class NSTextAttachment: NSObject, NSTextAttachmentContainer {
    /// The object replacement character U+FFFC that carries an attachment in the text.
    public static let character: Int = 0xFFFC

    /// The attachment's data, if it was made from data.
    open var contents: Data?
    /// The data's type identifier (e.g. "public.png"), if known.
    open var fileType: String?
    /// The image to draw; nil draws nothing (an image decoder for ``contents`` belongs to the graphics layer).
    open var image: UIImage?
    /// Bounds in points relative to the baseline (y up). `.zero` (default) means the image's size on the baseline.
    open var bounds: CGRect = .zero

    /// An attachment holding `contentData` of type `uti` (a uniform type identifier such as "public.png").
    public init(data contentData: Data?, ofType uti: String?) {
        contents = contentData
        fileType = uti
        super.init()
    }

    /// Keyed-archive decoding: not supported on Linux, so it always fails. It exists because
    /// subclasses written for iOS declare `required init?(coder:)`, and that must compile.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// An attachment showing `image`.
    public convenience init(image: UIImage) {
        self.init(data: nil, ofType: nil)
        self.image = image
    }

    /// An attachment with no contents and no image; give it an ``image`` or ``bounds`` before use.
    public convenience override init() { self.init(data: nil, ofType: nil) }

    /// The image drawn for the attachment in `imageBounds` (the default returns ``image``). Override it to draw something that depends on the container or position.
    open func image(forBounds imageBounds: CGRect, textContainer: NSTextContainer?, characterIndex charIndex: Int) -> UIImage? {
        image
    }

    /// ``bounds`` when set, else the image's size sitting on the baseline, else zero.
    open func attachmentBounds(for textContainer: NSTextContainer?, proposedLineFragment lineFrag: CGRect,
                               glyphPosition position: CGPoint, characterIndex charIndex: Int) -> CGRect {
        if bounds != .zero { return bounds }
        if let image { return CGRect(origin: .zero, size: image.size) }
        return .zero
    }
}

extension NSAttributedString {
    /// A one-character string, U+FFFC, carrying `attachment` under `.attachment`.
    public convenience init(attachment: NSTextAttachment) {
        self.init(string: "\u{FFFC}", attributes: [.attachment: attachment])
    }
}
