import Foundation
import OpenTextKit

// A layout manager delegate that gives every line the same height, the baseline centred in it, as
// apps that want a designer's line height write it.
class FixedLineHeightDelegate: NSObject, NSLayoutManagerDelegate {
    var lineHeight: CGFloat = 30

    func layoutManager(_ layoutManager: NSLayoutManager,
                       shouldSetLineFragmentRect lineFragmentRect: UnsafeMutablePointer<CGRect>,
                       lineFragmentUsedRect: UnsafeMutablePointer<CGRect>,
                       baselineOffset: UnsafeMutablePointer<CGFloat>,
                       in textContainer: NSTextContainer,
                       forGlyphRange glyphRange: NSRange) -> Bool {
        let delta = lineHeight - lineFragmentRect.pointee.size.height
        lineFragmentRect.pointee.size.height = lineHeight
        lineFragmentUsedRect.pointee.size.height = lineHeight
        baselineOffset.pointee += delta / 2
        return true
    }
}
