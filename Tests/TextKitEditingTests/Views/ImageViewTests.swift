import Foundation
import Testing
import TextKitFonts
import TextKitGraphics
import TextKitModel
@testable import TextKitEditing

@Suite("UIImageView and autoresizingMask")
@MainActor
struct ImageViewTests {
    static func image(width: CGFloat, height: CGFloat) -> UIImage {
        UIGraphicsImageRenderer(size: CGSize(width: width, height: height)).image { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: width, height: height))
        }
    }

    @Test("init(image:) is as large as the image, takes no touches, and sizes to the image")
    func initWithImage() {
        let image = Self.image(width: 16, height: 12)
        let view = UIImageView(image: image)
        #expect(view.image === image)
        #expect(view.frame == CGRect(x: 0, y: 0, width: 16, height: 12))
        #expect(!view.isUserInteractionEnabled)
        #expect(view.contentMode == .scaleToFill)
        #expect(view.intrinsicContentSize == CGSize(width: 16, height: 12))
        view.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
        view.sizeToFit()
        #expect(view.frame.size == CGSize(width: 16, height: 12))
        // Setting another image does not resize the view, as in UIKit.
        view.image = Self.image(width: 30, height: 30)
        #expect(view.frame.size == CGSize(width: 16, height: 12))
        #expect(UIImageView(frame: .zero).intrinsicContentSize == CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric))
        #expect(UIImageView().hitTest(.zero, with: nil) == nil)
    }

    @Test("The highlighted image shows while highlighted")
    func highlighted() {
        let plain = Self.image(width: 10, height: 10), lit = Self.image(width: 20, height: 20)
        let view = UIImageView(image: plain, highlightedImage: lit)
        #expect(view._shownImage === plain)
        view.isHighlighted = true
        #expect(view._shownImage === lit)
        #expect(view.intrinsicContentSize == CGSize(width: 20, height: 20))
    }

    @Test("contentMode places the image: fill, aspect fit/fill, centre, edges and corners")
    func contentModes() {
        let bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        let size = CGSize(width: 20, height: 10)
        func rect(_ mode: UIView.ContentMode) -> CGRect { UIImageView.imageRect(for: size, in: bounds, contentMode: mode) }
        #expect(rect(.scaleToFill) == bounds)
        #expect(rect(.scaleAspectFit) == CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(UIImageView.imageRect(for: CGSize(width: 10, height: 10), in: bounds, contentMode: .scaleAspectFit)
                == CGRect(x: 25, y: 0, width: 50, height: 50))
        #expect(UIImageView.imageRect(for: CGSize(width: 10, height: 10), in: bounds, contentMode: .scaleAspectFill)
                == CGRect(x: 0, y: -25, width: 100, height: 100))
        #expect(rect(.center) == CGRect(x: 40, y: 20, width: 20, height: 10))
        #expect(rect(.top) == CGRect(x: 40, y: 0, width: 20, height: 10))
        #expect(rect(.bottomRight) == CGRect(x: 80, y: 40, width: 20, height: 10))
        #expect(rect(.left) == CGRect(x: 0, y: 20, width: 20, height: 10))
    }

    @Test("The image is drawn where contentMode puts it")
    func drawing() throws {
        let view = UIImageView(image: Self.image(width: 4, height: 4))
        view.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        view.contentMode = .center
        let rendered = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 20)).image { _ in
            _ = view.drawHierarchy(in: CGRect(x: 0, y: 0, width: 20, height: 20), afterScreenUpdates: true)
        }
        let pixels = try #require(rendered.cgImage)
        #expect(pixels.width == 20)
        // Red in the middle (8…12), nothing at the corner.
        #expect(pixels.rgba(atX: 10, y: 10)?.a == 255)
        #expect(pixels.rgba(atX: 10, y: 10)?.r == 255)
        #expect(pixels.rgba(atX: 1, y: 1)?.a == 0)
        #expect(pixels.rgba(atX: 13, y: 10)?.a == 0)
    }

    @Test("autoresizingMask is stored with UIKit's raw values")
    func autoresizingMask() {
        let view = UIView(frame: .zero)
        #expect(view.autoresizingMask == [])
        #expect(view.autoresizesSubviews)
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        #expect(view.autoresizingMask.rawValue == 18)
        #expect(UIView.AutoresizingMask.flexibleLeftMargin.rawValue == 1)
        #expect(UIView.AutoresizingMask.flexibleBottomMargin.rawValue == 32)
    }
}
