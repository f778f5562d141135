import Foundation
import TextKitEditing
import TextKitGraphics

/// A view that takes the mouse itself (a handle the user drags, a button), rather than the text
/// selection the host gives text views. The host sends a press to the topmost such view under
/// the pointer, or to the text view there, and the drag that follows to the same view. Points
/// are in the view's own (bounds) coordinates. A Linux addition: UIKit delivers touches and
/// gesture recognizers.
@MainActor
public protocol PointerInteractive: UIView {
    /// The mouse was pressed at `point`; false lets the press through to the views below.
    func pointerPressed(at point: CGPoint, clickCount: Int) -> Bool
    /// The pressed mouse moved to `point`.
    func pointerDragged(to point: CGPoint)
}
