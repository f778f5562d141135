/// What stands in the text for an image a document names but that was not read (refused by the
/// ``DocumentResourceAccess`` policy, missing or undecodable): a small grey frame with a diagonal
/// cross, so that the reader of the page sees that something is missing and where.
enum ResourcePlaceholder {
    /// The placeholder's size in points.
    static let size = CGSize(width: 24, height: 24)

    /// A new attachment showing the placeholder image (no contents: nothing of the resource is kept).
    static func attachment() -> NSTextAttachment {
        let attachment = NSTextAttachment(data: nil, ofType: nil)
        attachment.image = image()
        return attachment
    }

    /// The placeholder image, drawn once and shared (an image is immutable): a document that
    /// names the same missing image a hundred times drew it a hundred times.
    static func image() -> UIImage? { drawn }

    private static let drawn = draw()

    /// The placeholder image at 2 pixels a point (drawn directly, so that readers on any thread
    /// can make one: no current-context stack is involved).
    private static func draw() -> UIImage? {
        guard let context = try? CGContext(imageSize: size, scale: 2) else { return nil }
        let frame = CGRect(origin: .zero, size: size).insetBy(dx: 1, dy: 1)
        context.setFillColor(gray: 0.93, alpha: 1)
        context.fill(frame)
        context.setStrokeColor(gray: 0.55, alpha: 1)
        context.setLineWidth(1.5)
        context.stroke(frame)
        let cross = frame.insetBy(dx: 6, dy: 6)
        context.strokeLineSegments(between: [
            CGPoint(x: cross.minX, y: cross.minY), CGPoint(x: cross.maxX, y: cross.maxY),
            CGPoint(x: cross.maxX, y: cross.minY), CGPoint(x: cross.minX, y: cross.maxY),
        ])
        return context.makeImage().map { UIImage(cgImage: $0, scale: 2) }
    }
}
