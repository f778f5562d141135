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
        editedCharacterRange = nil
        changeInLength = 0
    }

    /// The range whose characters changed in the round of edits being processed, when `range` and
    /// `delta` are that round's (a layout manager may be called by others); nil when they are not,
    /// or when the round changed only attributes.
    func charactersEdited(inRound range: NSRange, changeInLength delta: Int) -> NSRange? {
        guard isProcessingEdits, range == editedRange, delta == changeInLength, let characters = editedCharacterRange,
              characters.location >= range.location, NSMaxRange(characters) <= NSMaxRange(range) else { return nil }
        return characters
    }

    var clippedEditedRange: NSRange {
        let n = length
        let lo = min(max(0, editedRange.location), n)
        return NSRange(location: lo, length: min(editedRange.length, n - lo))
    }

}
