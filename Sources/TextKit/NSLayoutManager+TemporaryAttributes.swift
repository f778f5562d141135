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
/// Cost: they live in attribute runs without text (``OverlayAttributes``, made on first use): each
/// call is O(log r + runs touched), and following an edit is O(log r) whatever its size.
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
        temporaryStorageForWriting { $0.setAttributes(attrs, range: range.location..<(range.location + range.length)) }
        invalidateDisplay(forCharacterRange: range)
    }

    func _addTemporaryAttributes(_ attrs: [NSAttributedString.Key: Any] = [:], forCharacterRange charRange: NSRange) {
        let range = checkedCharacterRange(charRange, #function)
        guard range.length > 0, !attrs.isEmpty else { return }
        temporaryStorageForWriting { $0.addAttributes(attrs, range: range.location..<(range.location + range.length)) }
        invalidateDisplay(forCharacterRange: range)
    }

    func _addTemporaryAttribute(_ attrName: NSAttributedString.Key, value: Any, forCharacterRange charRange: NSRange) {
        addTemporaryAttributes([attrName: value], forCharacterRange: charRange)
    }

    func _removeTemporaryAttribute(_ attrName: NSAttributedString.Key, forCharacterRange charRange: NSRange) {
        let range = checkedCharacterRange(charRange, #function)
        guard range.length > 0, currentTemporaryStorage != nil else { return }
        temporaryAttributeStorage!.removeAttribute(attrName, range: range.location..<(range.location + range.length))
        invalidateDisplay(forCharacterRange: range)
    }

    // MARK: Reading

    func _temporaryAttributes(atCharacterIndex charIndex: Int,
                                    effectiveRange effectiveCharRange: NSRangePointer?) -> [NSAttributedString.Key: Any] {
        checkTemporaryIndex(charIndex, #function)
        guard let storage = currentTemporaryStorage else {
            effectiveCharRange?.pointee = NSRange(location: 0, length: flow.characterCount)
            return [:]
        }
        let (attributes, range) = storage.attributes(at: charIndex)
        effectiveCharRange?.pointee = NSRange(location: range.lowerBound, length: range.count)
        return attributes
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
        let (attributes, found) = storage.attributes(at: location, longestIn: limit.location..<(limit.location + limit.length))
        range?.pointee = NSRange(location: found.lowerBound, length: found.count)
        return attributes
    }

    func _temporaryAttribute(_ attrName: NSAttributedString.Key, atCharacterIndex location: Int,
                                   longestEffectiveRange range: NSRangePointer?, in rangeLimit: NSRange) -> Any? {
        let limit = checkedCharacterRange(rangeLimit, #function)
        checkTemporaryIndex(location, #function, in: limit)
        guard let storage = currentTemporaryStorage else {
            range?.pointee = limit
            return nil
        }
        let (value, found) = storage.attribute(attrName, at: location, longestIn: limit.location..<(limit.location + limit.length))
        range?.pointee = NSRange(location: found.lowerBound, length: found.count)
        return value
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
        temporaryAttributeStorage!.replace(newCharRange.location..<(newCharRange.location + oldLength), newLength: newCharRange.length)
        if temporaryAttributeStorage!.isEmpty { temporaryAttributeStorage = nil }
    }

    // MARK: Internals

    /// The storage when it exists and matches the text's length (it is dropped otherwise, e.g.
    /// after the layout manager moved to another text storage).
    var currentTemporaryStorage: OverlayAttributes? {
        guard let storage = temporaryAttributeStorage else { return nil }
        if storage.length != flow.characterCount {
            temporaryAttributeStorage = nil
            return nil
        }
        return storage
    }

    private func temporaryStorageForWriting(_ change: (inout OverlayAttributes) -> Void) {
        if currentTemporaryStorage == nil { temporaryAttributeStorage = OverlayAttributes(length: flow.characterCount) }
        change(&temporaryAttributeStorage!)
    }

    private func checkTemporaryIndex(_ index: Int, _ function: StaticString, in limit: NSRange? = nil) {
        let length = flow.characterCount
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
        storage.forEachRun(in: range.location..<(range.location + range.length)) { attrs, r in
            let drawing = attrs.filter { Self.temporaryDrawingKeys.contains($0.key) }
            if !drawing.isEmpty { body(drawing, NSRange(location: r.lowerBound, length: r.count)) }
            return true
        }
    }

    /// The temporary attributes that change drawing at character `index` (empty when none).
    func temporaryDrawingAttributes(at index: Int) -> [NSAttributedString.Key: Any] {
        guard let storage = currentTemporaryStorage, index >= 0, index < storage.length else { return [:] }
        let attrs = storage.attributes(at: index).attributes
        return attrs.isEmpty ? attrs : attrs.filter { Self.temporaryDrawingKeys.contains($0.key) }
    }
}
