// Fast access for the layout layer (package level): UTF-16 text without building a String, attribute
// runs over a range, and a version to validate caches. On the built-in storage (NSAttributedString,
// NSMutableAttributedString, NSTextStorage) every call is O(log n + k) for k units or runs; on a
// subclass that overrides the primitives they fall back to those: text access goes through the
// subclass's text rope when it reports its changes (see `_withTextRope`), else through `string`, O(n).

extension NSAttributedString {
    /// The UTF-16 unit at `offset`, exactly as stored (lone surrogates included). O(log n).
    package func _utf16Unit(at offset: Int) -> UInt16 {
        _checkIndex(offset)
        if _primitives != .custom { return _storage.text.unit(at: offset) }
        if _reportsCharacterChanges { return _withTextRope { $0.unit(at: offset) } }
        let s = string.utf16
        return s[s.index(s.startIndex, offsetBy: offset)]
    }

    /// Copies the UTF-16 units of `range` into `buffer` (room for `range.length` units). O(log n + k).
    package func _copyUTF16(in range: NSRange, into buffer: UnsafeMutablePointer<UInt16>) {
        _checkRange(range)
        if _primitives != .custom {
            _storage.text.copyUnits(in: range.location..<(range.location + range.length), into: buffer)
            return
        }
        if _reportsCharacterChanges {
            _withTextRope { $0.copyUnits(in: range.location..<(range.location + range.length), into: buffer) }
            return
        }
        var p = buffer
        for u in string.utf16[_utf16Range(range)] { p.pointee = u; p += 1 }
    }

    /// The UTF-16 units of `range` as an array. O(log n + k).
    package func _utf16(in range: NSRange) -> [UInt16] {
        [UInt16](writingUnits: range.length) { _copyUTF16(in: range, into: $0); return range.length }
    }

    /// Calls `body` with consecutive pieces of the UTF-16 units of `range` and the offset of each
    /// piece, until it returns false. The pieces are the rope's own storage: no copy. O(log n + k).
    package func _forEachUTF16Chunk(in range: NSRange, _ body: (UnsafeBufferPointer<UInt16>, Int) -> Bool) {
        _checkRange(range)
        if _primitives != .custom {
            _storage.text.forEachChunk(in: range.location..<(range.location + range.length), body)
            return
        }
        if _reportsCharacterChanges {
            _withTextRope { $0.forEachChunk(in: range.location..<(range.location + range.length), body) }
            return
        }
        let units = _utf16(in: range)
        _ = units.withUnsafeBufferPointer { body($0, range.location) }
    }

    /// Calls `body` for each attribute run meeting `range`, clipped to it, in order (or in reverse),
    /// until it returns false. Runs are maximal on the built-in storage (equal attribute dictionaries
    /// are merged); a subclass reports the ranges its primitive returns. O(log n + runs).
    package func _forEachAttributeRun(in range: NSRange, reverse: Bool = false,
                                      _ body: ([NSAttributedString.Key: Any], NSRange) -> Bool) {
        _checkRange(range)
        if _primitives != .custom {
            let table = _storage.table
            _storage.runs.forEachRun(in: range.location..<(range.location + range.length), reverse: reverse) { id, r in
                body(table[id], NSRange(location: r.lowerBound, length: r.count))
            }
            return
        }
        var stop = false
        enumerateAttributes(in: range, options: reverse ? [.reverse, .longestEffectiveRangeNotRequired] : [.longestEffectiveRangeNotRequired]) { attrs, r, s in
            if !body(attrs, r) { stop = true; s.pointee = true }
        }
        _ = stop
    }

    /// The built-in storage's mutation counter (changes on every edit), or nil for a subclass with
    /// its own storage. Lets caches keyed by text content detect staleness in O(1).
    package var _storageVersion: Int? {
        _primitives != .custom ? _storage.version : nil
    }

    /// The number of attribute runs in the built-in storage (nil for a subclass). O(1).
    package var _attributeRunCount: Int? {
        _primitives != .custom ? _storage.runs.runCount : nil
    }
}

extension NSMutableAttributedString {
    /// An attributed string of `units` (stored as given) whose attributes are given run by run:
    /// run `i` is `runLengths[i]` units taking `attributeSets[runSets[i]]`; the lengths add up to
    /// `units.count`. For readers that collect a whole document first (the formats layer's
    /// `AttributedStringBuilder`): each distinct set is interned once and the runs are built at
    /// once, where `setAttributes(_:range:)` per run would intern a dictionary and edit the run
    /// tree each time.
    package convenience init(_units units: [UInt16], runLengths: [Int], runSets: [Int],
                             attributeSets: [[NSAttributedString.Key: Any]]) {
        self.init()
        _storage = _AttributedStorage(units: units, runLengths: runLengths, runSets: runSets, sets: attributeSets)
    }
}
