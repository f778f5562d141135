import TextKitModel

/// The delegate of an ``NSTextStorage``, told around each round of edit processing. Both methods are
/// optional (empty by default).
public protocol NSTextStorageDelegate: AnyObject {
    /// Before attributes are fixed. The delegate may change attributes (not characters); the changes
    /// join the round being processed.
    func textStorage(_ textStorage: NSTextStorage, willProcessEditing editedMask: NSTextStorage.EditActions,
                     range editedRange: NSRange, changeInLength delta: Int)
    /// After attributes are fixed, before the layout managers are told. The delegate may change
    /// attributes (not characters); the changes join the round being processed.
    func textStorage(_ textStorage: NSTextStorage, didProcessEditing editedMask: NSTextStorage.EditActions,
                     range editedRange: NSRange, changeInLength delta: Int)
}

extension NSTextStorageDelegate {
    /// Default: does nothing.
    public func textStorage(_ textStorage: NSTextStorage, willProcessEditing editedMask: NSTextStorage.EditActions,
                            range editedRange: NSRange, changeInLength delta: Int) {}
    /// Default: does nothing.
    public func textStorage(_ textStorage: NSTextStorage, didProcessEditing editedMask: NSTextStorage.EditActions,
                            range editedRange: NSRange, changeInLength delta: Int) {}
}
