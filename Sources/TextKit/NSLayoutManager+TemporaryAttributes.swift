import TextKitFonts
import TextKitGraphics
import TextKitModel
import TextKitTypesetting

/// Temporary attributes: drawing attributes a layout manager keeps beside the text storage, for
/// marks that are not part of the document — spelling underlines, search highlights, the
/// current-line colour. They change only how text is drawn, never its layout, and setting them
/// neither edits the storage nor invalidates any layout.
///
/// What draws: the attributes that do not affect layout — `.foregroundColor`, `.backgroundColor`,
/// `.underlineStyle`, `.underlineColor`, `.strikethroughStyle`, `.strikethroughColor`,
/// `.strokeColor`, `.strokeWidth`, `.shadow`, `.obliqueness` and `.textEffect`. They override the
/// storage's value for the same key. Other keys are kept and returned by the queries but ignored
/// when drawing (as TextKit ignores temporary attributes that would change layout).
///
/// Temporary attributes follow the text: an insertion shifts those after it (inserted characters
/// get none), a deletion removes those of the deleted characters. Ranges are `NSRange`s of UTF-16
/// units of the layout manager's text storage; a range outside the text traps.
///
/// Cost: they live in an attributed string of the text's length (made on first use, O(n) once);
/// each call is O(log n + runs touched), and following an edit is O(log n).
extension NSLayoutManager {
    /// The attribute keys that temporary attributes may change when drawing.
    static let temporaryDrawingKeys: Set<NSAttributedString.Key> = [
        .foregroundColor, .backgroundColor, .underlineStyle, .underlineColor, .strikethroughStyle,
        .strikethroughColor, .strokeColor, .strokeWidth, .shadow, .obliqueness, .textEffect,
    ]

    // MARK: Setting

    func _setTemporaryAttributes(_ attrs: [NSAttributedString.Key: Any], forCharacterRange charRange: NSRange) {
        let range = checkedCharacterRange(charRange, #function)
        guard range.length > 0 else { return }
        temporaryStorageForWriting().setAttributes(attrs.isEmpty ? nil : attrs, range: range)
        invalidateDisplay(forCharacterRange: range)
    }

    func _addTemporaryAttributes(_ attrs: [NSAttributedString.Key: Any] = [:], forCharacterRange charRange: NSRange) {
        let range = checkedCharacterRange(charRange, #function)
        guard range.length > 0, !attrs.isEmpty else { return }
        temporaryStorageForWriting().addAttributes(attrs, range: range)
        invalidateDisplay(forCharacterRange: range)
    }

    func _addTemporaryAttribute(_ attrName: NSAttributedString.Key, value: Any, forCharacterRange charRange: NSRange) {
        addTemporaryAttributes([attrName: value], forCharacterRange: charRange)
    }

    func _removeTemporaryAttribute(_ attrName: NSAttributedString.Key, forCharacterRange charRange: NSRange) {
        let range = checkedCharacterRange(charRange, #function)
        guard range.length > 0, let storage = currentTemporaryStorage else { return }
        storage.removeAttribute(attrName, range: range)
        invalidateDisplay(forCharacterRange: range)
    }

    // MARK: Reading

    func _temporaryAttributes(atCharacterIndex charIndex: Int,
                                    effectiveRange effectiveCharRange: NSRangePointer?) -> [NSAttributedString.Key: Any] {
        checkTemporaryIndex(charIndex, #function)
        guard let storage = currentTemporaryStorage else {
            effectiveCharRange?.pointee = NSRange(location: 0, length: store.length)
            return [:]
        }
        return storage.attributes(at: charIndex, effectiveRange: effectiveCharRange)
    }

    func _temporaryAttribute(_ attrName: NSAttributedString.Key, atCharacterIndex location: Int,
                                   effectiveRange range: NSRangePointer?) -> Any? {
        temporaryAttributes(atCharacterIndex: location, effectiveRange: range)[attrName]
    }

    func _temporaryAttributes(atCharacterIndex location: Int, longestEffectiveRange range: NSRangePointer?,
                                    in rangeLimit: NSRange) -> [NSAttributedString.Key: Any] {
        let limit = checkedCharacterRange(rangeLimit, #function)
        checkTemporaryIndex(location, #function, in: limit)
        guard let storage = currentTemporaryStorage else {
            range?.pointee = limit
            return [:]
        }
        return storage.attributes(at: location, longestEffectiveRange: range, in: limit)
    }

    func _temporaryAttribute(_ attrName: NSAttributedString.Key, atCharacterIndex location: Int,
                                   longestEffectiveRange range: NSRangePointer?, in rangeLimit: NSRange) -> Any? {
        let limit = checkedCharacterRange(rangeLimit, #function)
        checkTemporaryIndex(location, #function, in: limit)
        guard let storage = currentTemporaryStorage else {
            range?.pointee = limit
            return nil
        }
        return storage.attribute(attrName, at: location, longestEffectiveRange: range, in: limit)
    }

    // MARK: Following the text

    /// Called from ``processEditing(for:edited:range:changeInLength:invalidatedRange:)``: the
    /// characters of `newCharRange` replaced `newCharRange.length - delta` old ones.
    func temporaryAttributesFollowEdit(_ editMask: NSTextStorage.EditActions, range newCharRange: NSRange,
                                       changeInLength delta: Int, newLength: Int) {
        guard let storage = temporaryAttributeStorage else { return }
        guard editMask.contains(.editedCharacters) else { return }
        let oldLength = newCharRange.length - delta
        guard newCharRange.location >= 0, oldLength >= 0, newCharRange.location + oldLength <= storage.length,
              storage.length + delta == newLength else {
            // Out of step (a storage that skipped a notification): forget them rather than misplace them.
            temporaryAttributeStorage = nil
            return
        }
        let replacement = NSAttributedString(string: String(repeating: " ", count: newCharRange.length))
        storage.replaceCharacters(in: NSRange(location: newCharRange.location, length: oldLength), with: replacement)
    }

    // MARK: Internals

    /// The storage when it exists and matches the text's length (it is dropped otherwise, e.g.
    /// after the layout manager moved to another text storage).
    var currentTemporaryStorage: NSMutableAttributedString? {
        guard let storage = temporaryAttributeStorage else { return nil }
        if storage.length != store.length {
            temporaryAttributeStorage = nil
            return nil
        }
        return storage
    }

    private func temporaryStorageForWriting() -> NSMutableAttributedString {
        if let storage = currentTemporaryStorage { return storage }
        let storage = NSMutableAttributedString(string: String(repeating: " ", count: store.length))
        temporaryAttributeStorage = storage
        return storage
    }

    private func checkTemporaryIndex(_ index: Int, _ function: StaticString, in limit: NSRange? = nil) {
        let length = store.length
        checkPrecondition(index >= 0 && index < length,
                     "\(function): character index \(index) out of bounds; text length \(length)")
        if let limit {
            checkPrecondition(index >= limit.location && index < limit.location + limit.length,
                         "\(function): index \(index) outside range {\(limit.location), \(limit.length)}")
        }
    }

    /// Calls `body` with the temporary attribute runs (only those that change drawing) meeting the
    /// characters `range`, clipped to it, in order. Nothing when there are none.
    func forEachTemporaryDrawingRun(in range: NSRange, _ body: ([NSAttributedString.Key: Any], NSRange) -> Void) {
        guard range.length > 0, let storage = currentTemporaryStorage,
              range.location + range.length <= storage.length else { return }
        storage._forEachAttributeRun(in: range) { attrs, r in
            let drawing = attrs.filter { Self.temporaryDrawingKeys.contains($0.key) }
            if !drawing.isEmpty { body(drawing, r) }
            return true
        }
    }

    /// The temporary attributes that change drawing at character `index` (empty when none).
    func temporaryDrawingAttributes(at index: Int) -> [NSAttributedString.Key: Any] {
        guard let storage = currentTemporaryStorage, index >= 0, index < storage.length else { return [:] }
        let attrs = storage.attributes(at: index, effectiveRange: nil)
        return attrs.isEmpty ? attrs : attrs.filter { Self.temporaryDrawingKeys.contains($0.key) }
    }
}
