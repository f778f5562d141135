import TextKitModel

extension NSTextStorage {
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
