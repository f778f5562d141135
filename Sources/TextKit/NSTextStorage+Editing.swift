import TextKitModel

extension NSTextStorage {
    /// Maps an offset in the text before a replacement of `old` (new length old.length + delta) to
    /// the text after it.
    static func shift(_ x: Int, by old: NSRange, delta: Int, isLower: Bool) -> Int {
        if x >= old.location + old.length && !(old.length == 0 && x == old.location && !isLower) {
            return x + delta
        }
        if x > old.location { return isLower ? old.location : old.location + old.length + delta }
        return x
    }

    /// Runs one round of processing and clears the pending edit state.
    func runProcessEditing() {
        isProcessingEdits = true
        processEditing()
        isProcessingEdits = false
        editedMask = []
        editedRange = NSRange(location: NSNotFound, length: 0)
        changeInLength = 0
    }

    var clippedEditedRange: NSRange {
        let n = length
        let lo = min(max(0, editedRange.location), n)
        return NSRange(location: lo, length: min(editedRange.length, n - lo))
    }

}
