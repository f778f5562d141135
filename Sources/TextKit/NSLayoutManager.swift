import TextKitModel

/// Placeholder for TextKit's layout manager: only the link from a text storage and the edit callback
/// exist yet (the layout layer replaces this file).
open class NSLayoutManager: NSObject {
    public override init() { super.init() }

    /// The text storage this layout manager is attached to (set by ``NSTextStorage/addLayoutManager(_:)``).
    ///
    /// Weak rather than Apple's `unowned(unsafe)`: the storage owns its layout managers, so this never
    /// forms a cycle, and a layout manager that outlives its storage sees nil instead of a dangling
    /// reference. The cost (a side-table load) is negligible next to layout.
    public internal(set) weak var textStorage: NSTextStorage?

    /// Called by the text storage at the end of each `processEditing()`: `newCharRange` is the edited
    /// range in the new text, `delta` the change in length, `invalidatedCharRange` the range whose
    /// attributes may have changed (the edited range extended to whole paragraphs).
    open func processEditing(for textStorage: NSTextStorage, edited editMask: NSTextStorage.EditActions,
                             range newCharRange: NSRange, changeInLength delta: Int,
                             invalidatedRange invalidatedCharRange: NSRange) {}
}
