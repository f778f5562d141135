import TextKitGraphics
import TextKitModel

/// A view that draws an image, as UIKit's `UIImageView`: the image is fitted to the bounds by
/// ``UIView/contentMode`` (`.scaleToFill` by default: stretched to the bounds).
///
/// ```swift
/// let icon = UIImageView(image: image)          // as large as the image
/// icon.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
/// icon.contentMode = .center                    // drawn at its own size, centred
/// ```
///
/// As in UIKit, an image view does not take touches (``UIView/isUserInteractionEnabled`` is false)
/// and its ``intrinsicContentSize`` is its image's size. Linux differences: there is no
/// animation of ``animationImages`` (they are stored; ``startAnimating()`` only sets
/// ``isAnimating``), and images are not tinted (template rendering is not supported).
@preconcurrency @MainActor
open class UIImageView: UIView {
    /// An image view with the given frame and no image.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// An image view showing `image`, its frame at the origin and as large as the image (a zero
    /// frame without one).
    public init(image: UIImage?) {
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        isUserInteractionEnabled = false
        self.image = image
    }

    /// An image view showing `image`, or `highlightedImage` while ``isHighlighted``; the frame is
    /// as large as `image`.
    public convenience init(image: UIImage?, highlightedImage: UIImage?) {
        self.init(image: image)
        self.highlightedImage = highlightedImage
    }

    /// An image view made as `init(frame: .zero)` makes it (Linux has no nibs).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        isUserInteractionEnabled = false
    }

    /// The image shown (nil by default). Setting it does not resize the view, as in UIKit.
    open var image: UIImage? {
        didSet { if image !== oldValue { invalidateIntrinsicContentSize(); setNeedsDisplay() } }
    }

    /// The image shown while ``isHighlighted`` is true (nil shows ``image``).
    open var highlightedImage: UIImage? { didSet { setNeedsDisplay() } }

    /// Whether the view shows ``highlightedImage``. False by default.
    open var isHighlighted = false { didSet { setNeedsDisplay() } }

    /// Images to animate through. Stored only: OpenTextKit does not animate them.
    open var animationImages: [UIImage]?

    /// The images to animate through while highlighted. Stored only.
    open var highlightedAnimationImages: [UIImage]?

    /// The time one cycle of ``animationImages`` takes. Stored only.
    open var animationDuration: TimeInterval = 0

    /// How many times the animation repeats (0: forever). Stored only.
    open var animationRepeatCount = 0

    /// Whether ``startAnimating()`` was called without ``stopAnimating()``.
    open private(set) var isAnimating = false

    /// Starts animating ``animationImages``: sets ``isAnimating`` only (no animation on Linux).
    open func startAnimating() { isAnimating = true }

    /// Stops the animation: clears ``isAnimating``.
    open func stopAnimating() { isAnimating = false }

    /// The image's size; `noIntrinsicMetric` in both directions without an image.
    open override var intrinsicContentSize: CGSize { _intrinsicImageSize }

    /// The image's size (the view's current size without an image), whatever `size` is, as in UIKit.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { _shownImage?.size ?? bounds.size }

    /// Draws the shown image fitted by ``UIView/contentMode``.
    open override func draw(_ rect: CGRect) { _drawImage() }
}

extension UIImageView {
    /// ``UIImageView/highlightedImage`` while highlighted (when there is one), else the image.
    var _shownImage: UIImage? { isHighlighted ? (highlightedImage ?? image) : image }

    var _intrinsicImageSize: CGSize {
        _shownImage?.size ?? CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }

    /// Where an image of `imageSize` is drawn in `bounds` for `mode`.
    static func imageRect(for imageSize: CGSize, in bounds: CGRect, contentMode mode: ContentMode) -> CGRect {
        let w = imageSize.width, h = imageSize.height
        switch mode {
        case .scaleToFill, .redraw:
            return bounds
        case .scaleAspectFit, .scaleAspectFill:
            guard w > 0, h > 0 else { return bounds }
            let sx = bounds.width / w, sy = bounds.height / h
            let s = mode == .scaleAspectFit ? min(sx, sy) : max(sx, sy)
            let size = CGSize(width: w * s, height: h * s)
            return CGRect(x: bounds.midX - size.width / 2, y: bounds.midY - size.height / 2,
                          width: size.width, height: size.height)
        case .center:
            return CGRect(x: bounds.midX - w / 2, y: bounds.midY - h / 2, width: w, height: h)
        case .top:
            return CGRect(x: bounds.midX - w / 2, y: bounds.minY, width: w, height: h)
        case .bottom:
            return CGRect(x: bounds.midX - w / 2, y: bounds.maxY - h, width: w, height: h)
        case .left:
            return CGRect(x: bounds.minX, y: bounds.midY - h / 2, width: w, height: h)
        case .right:
            return CGRect(x: bounds.maxX - w, y: bounds.midY - h / 2, width: w, height: h)
        case .topLeft:
            return CGRect(x: bounds.minX, y: bounds.minY, width: w, height: h)
        case .topRight:
            return CGRect(x: bounds.maxX - w, y: bounds.minY, width: w, height: h)
        case .bottomLeft:
            return CGRect(x: bounds.minX, y: bounds.maxY - h, width: w, height: h)
        case .bottomRight:
            return CGRect(x: bounds.maxX - w, y: bounds.maxY - h, width: w, height: h)
        }
    }

    func _drawImage() {
        guard let image = _shownImage, let context = UIGraphicsGetCurrentContext() else { return }
        let target = UIImageView.imageRect(for: image.size, in: bounds, contentMode: contentMode)
        context.saveGState()
        context.clip(to: bounds)
        image.draw(in: target)
        context.restoreGState()
    }
}
