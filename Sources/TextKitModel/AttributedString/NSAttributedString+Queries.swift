import TextKitGraphics

extension NSAttributedString {
    func _attributes(at location: Int, longestEffectiveRange range: NSRangePointer?,
                           in rangeLimit: NSRange) -> [NSAttributedString.Key: Any] {
        _checkRange(rangeLimit)
        checkPrecondition(location >= rangeLimit.location && location < rangeLimit.location + rangeLimit.length,
                     "attributes(at:longestEffectiveRange:in:): index \(location) outside range {\(rangeLimit.location), \(rangeLimit.length)}")
        let (attrs, r) = _longest(at: location, in: rangeLimit, compare: nil)
        range?.pointee = r
        return attrs
    }

    func _attribute(_ attrName: NSAttributedString.Key, at location: Int,
                          effectiveRange range: NSRangePointer?) -> Any? {
        attributes(at: location, effectiveRange: range)[attrName]
    }

    func _attribute(_ attrName: NSAttributedString.Key, at location: Int,
                          longestEffectiveRange range: NSRangePointer?, in rangeLimit: NSRange) -> Any? {
        _checkRange(rangeLimit)
        checkPrecondition(location >= rangeLimit.location && location < rangeLimit.location + rangeLimit.length,
                     "attribute(_:at:longestEffectiveRange:in:): index \(location) outside range {\(rangeLimit.location), \(rangeLimit.length)}")
        let (attrs, r) = _longest(at: location, in: rangeLimit, compare: attrName)
        range?.pointee = r
        return attrs[attrName]
    }

    /// Widens the run at `location` within `limit` while the attributes (or the one named by
    /// `compare`) stay equal. Uses only the primitive `attributes(at:effectiveRange:)`.
    private func _longest(at location: Int, in limit: NSRange,
                          compare key: NSAttributedString.Key?) -> ([NSAttributedString.Key: Any], NSRange) {
        var r = NSRange()
        let attrs = attributes(at: location, effectiveRange: &r)
        func same(_ other: [NSAttributedString.Key: Any]) -> Bool {
            guard let key else { return _attributesEqual(attrs, other) }
            switch (attrs[key], other[key]) {
            case (nil, nil): return true
            case let (a?, b?): return _attributeValuesEqual(a, b)
            default: return false
            }
        }
        let lo = limit.location, hi = limit.location + limit.length
        var start = max(lo, r.location)
        var end = min(hi, r.location + r.length)
        while start > lo {
            var p = NSRange()
            let before = attributes(at: start - 1, effectiveRange: &p)
            guard same(before) else { break }
            start = max(lo, min(start - 1, p.location))
        }
        while end < hi {
            var n = NSRange()
            let after = attributes(at: end, effectiveRange: &n)
            guard same(after) else { break }
            end = min(hi, max(end + 1, n.location + n.length))
        }
        return (attrs, NSRange(location: start, length: end - start))
    }

    func _enumerateAttributes(in enumerationRange: NSRange, options opts: EnumerationOptions = [],
                                    using block: ([NSAttributedString.Key: Any], NSRange, UnsafeMutablePointer<ObjCBool>) -> Void) {
        _enumerate(in: enumerationRange, options: opts, key: nil) { attrs, range, stop in block(attrs, range, stop) }
    }

    func _enumerateAttribute(_ attrName: NSAttributedString.Key, in enumerationRange: NSRange,
                                   options opts: EnumerationOptions = [],
                                   using block: (Any?, NSRange, UnsafeMutablePointer<ObjCBool>) -> Void) {
        _enumerate(in: enumerationRange, options: opts, key: attrName) { attrs, range, stop in block(attrs[attrName], range, stop) }
    }

    private func _enumerate(in enumerationRange: NSRange, options opts: EnumerationOptions, key: NSAttributedString.Key?,
                            _ body: ([NSAttributedString.Key: Any], NSRange, UnsafeMutablePointer<ObjCBool>) -> Void) {
        _checkRange(enumerationRange)
        var lo = enumerationRange.location
        var hi = enumerationRange.location + enumerationRange.length
        let longest = !opts.contains(.longestEffectiveRangeNotRequired) || key != nil
        var stop = ObjCBool(false)
        if opts.contains(.reverse) {
            while hi > lo && !stop.boolValue {
                let (attrs, r) = _rangeForEnumeration(at: hi - 1, lo: lo, hi: hi, longest: longest, key: key)
                body(attrs, r, &stop)
                hi = min(r.location, length)  // anything the block changed lies at or after r.location
                lo = min(lo, hi)
            }
            return
        }
        while lo < hi && !stop.boolValue {
            let (attrs, r) = _rangeForEnumeration(at: lo, lo: lo, hi: hi, longest: longest, key: key)
            let before = length
            body(attrs, r, &stop)
            let delta = length - before
            lo = r.location + r.length + delta
            hi = min(hi + delta, length)
        }
    }

    private func _rangeForEnumeration(at location: Int, lo: Int, hi: Int, longest: Bool,
                                      key: NSAttributedString.Key?) -> ([NSAttributedString.Key: Any], NSRange) {
        let limit = NSRange(location: lo, length: hi - lo)
        if longest { return _longest(at: location, in: limit, compare: key) }
        var r = NSRange()
        let attrs = attributes(at: location, effectiveRange: &r)
        let start = max(lo, r.location), end = min(hi, r.location + r.length)
        return (attrs, NSRange(location: start, length: end - start))
    }

    func _attributedSubstring(from range: NSRange) -> NSAttributedString {
        _checkRange(range)
        let result = NSAttributedString()
        if _primitives != .custom {
            result._storage = _storage.substring(range.location..<(range.location + range.length))
            return result
        }
        let units = Array(string.utf16[_utf16Range(range)])
        result._storage.replaceCharacters(in: 0..<0, with: units)
        var location = range.location
        let end = range.location + range.length
        while location < end {
            var r = NSRange()
            let attrs = attributes(at: location, effectiveRange: &r)
            let runEnd = min(end, max(location + 1, r.location + r.length))
            result._storage.setAttributes(attrs, range: (location - range.location)..<(runEnd - range.location))
            location = runEnd
        }
        return result
    }

    /// `string`'s UTF-16 view indices for an NSRange (O(n) at worst; used on subclasses only).
    package func _utf16Range(_ range: NSRange) -> Range<String.UTF16View.Index> {
        let s = string.utf16
        let a = s.index(s.startIndex, offsetBy: range.location)
        return a..<s.index(a, offsetBy: range.length)
    }

    func _isEqual(to other: NSAttributedString) -> Bool {
        if self === other { return true }
        let n = length
        guard n == other.length else { return false }
        if _primitives != .custom && other._primitives != .custom {
            guard _storage.text.units(in: 0..<n) == other._storage.text.units(in: 0..<n) else { return false }
        } else {
            guard string == other.string else { return false }
        }
        var location = 0
        while location < n {
            var a = NSRange(), b = NSRange()
            let x = attributes(at: location, effectiveRange: &a)
            let y = other.attributes(at: location, effectiveRange: &b)
            guard _attributesEqual(x, y) else { return false }
            location = max(location + 1, min(a.location + a.length, b.location + b.length))
        }
        return true
    }
}
