import COTKICU
import TextKitGraphics
import TextKitModel

/// A reusable ICU break iterator (UAX #29 grapheme clusters, words and sentences; UAX #14 lines)
/// over UTF-16 text.
///
/// Opening an ICU iterator loads its rules (tens of microseconds); pointing an open one at new text
/// is cheap. ``BreakIterator/withIterator(_:locale:text:_:)`` therefore borrows an iterator from a
/// per-(kind, locale) pool, points it at the text and returns it afterwards, so callers on any
/// thread pay the opening cost once.
package final class BreakIterator {
    package enum Kind: Int32, Sendable {
        case character = 0  // COTK_BRK_CHARACTER
        case word = 1       // COTK_BRK_WORD
        case line = 2       // COTK_BRK_LINE
        case sentence = 3   // COTK_BRK_SENTENCE
    }

    /// The sentinel ICU returns when there is no further boundary.
    package static let done = Int(COTK_BRK_DONE)

    private let handle: OpaquePointer
    package let kind: Kind
    package let locale: String

    private init?(kind: Kind, locale: String) {
        var err: Int32 = 0
        // ICU needs text to open; an empty buffer is fine (it is replaced before use).
        var empty: UInt16 = 0
        guard let handle = cotk_brk_open(kind.rawValue, locale, &empty, 0, &err), cotk_failure(err) == 0 else { return nil }
        self.handle = handle
        self.kind = kind
        self.locale = locale
    }

    deinit { cotk_brk_close(handle) }

    /// Runs `body` with an iterator of `kind` for `locale` over `text`. ICU does not copy the
    /// text: the iterator is only valid inside `body`.
    package static func withIterator<R>(_ kind: Kind, locale: String = "", text: UnsafeBufferPointer<UInt16>,
                                        _ body: (BreakIterator) throws -> R) rethrows -> R {
        let iterator = BreakIteratorPool.shared.take(kind, locale: locale)
        defer { BreakIteratorPool.shared.giveBack(iterator) }
        var err: Int32 = 0
        var empty: UInt16 = 0
        if let base = text.baseAddress {
            cotk_brk_set_text(iterator.handle, base, Int32(text.count), &err)
        } else {
            cotk_brk_set_text(iterator.handle, &empty, 0, &err)
        }
        precondition(cotk_failure(err) == 0, "ICU refused text of \(text.count) UTF-16 units: \(String(cString: cotk_error_name(err)))")
        return try body(iterator)
    }

    package func first() -> Int { Int(cotk_brk_first(handle)) }
    package func last() -> Int { Int(cotk_brk_last(handle)) }
    /// The next boundary, or ``BreakIterator/done``.
    package func next() -> Int { Int(cotk_brk_next(handle)) }
    package func previous() -> Int { Int(cotk_brk_previous(handle)) }
    /// The first boundary after `offset`, or ``BreakIterator/done``.
    package func following(_ offset: Int) -> Int { Int(cotk_brk_following(handle, Int32(offset))) }
    /// The last boundary before `offset`, or ``BreakIterator/done``.
    package func preceding(_ offset: Int) -> Int { Int(cotk_brk_preceding(handle, Int32(offset))) }
    package func isBoundary(_ offset: Int) -> Bool { cotk_brk_is_boundary(handle, Int32(offset)) != 0 }
    /// The rule status of the boundary last returned.
    package var ruleStatus: Int { Int(cotk_brk_rule_status(handle)) }

    /// For a word iterator: whether the segment ending at the boundary last returned is a word
    /// (letters, numbers, kana or ideographs) rather than spaces or punctuation.
    package var endsWordLikeSegment: Bool { ruleStatus >= Int(COTK_WORD_NUMBER) }

    package func create() -> BreakIterator? { BreakIterator(kind: kind, locale: locale) }

    fileprivate static func open(_ kind: Kind, locale: String) -> BreakIterator {
        if let iterator = BreakIterator(kind: kind, locale: locale) { return iterator }
        // An unknown or malformed locale is data, not a programmer error: fall back to the root rules.
        guard let root = BreakIterator(kind: kind, locale: "") else {
            preconditionFailure("ICU cannot open a \(kind) break iterator even for the root locale")
        }
        return root
    }
}

/// Open iterators waiting for reuse, per kind and locale. Thread-safe.
private final class BreakIteratorPool: @unchecked Sendable {  // `free` is only touched under its lock (`Locked`)
    static let shared = BreakIteratorPool()
    /// One entry per kind and locale met, searched in order: a process meets a handful, and
    /// comparing a short locale string costs less than hashing it (twice a paragraph, in a
    /// dictionary). Its accesses skip the exclusivity checks (see `Locked`).
    private let free = Locked<[Entry]>([])

    private struct Entry {
        let kind: BreakIterator.Kind
        let locale: String
        var iterators: [BreakIterator]
    }

    /// How many iterators of one kind and locale wait at most (one per thread laying out at once).
    private static let kept = 8
    /// How many kinds and locales keep iterators at most (the oldest goes first).
    private static let keptEntries = 64

    func take(_ kind: BreakIterator.Kind, locale: String) -> BreakIterator {
        let iterator = free.withLock { free in
            Self.entry(kind, locale, in: free).flatMap { free[$0].iterators.popLast() }
        }
        return iterator ?? BreakIterator.open(kind, locale: locale)
    }

    func giveBack(_ iterator: BreakIterator) {
        free.withLock { free in
            if let e = Self.entry(iterator.kind, iterator.locale, in: free) {
                if free[e].iterators.count < Self.kept { free[e].iterators.append(iterator) }
                return
            }
            if free.count >= Self.keptEntries { free.removeFirst() }
            free.append(Entry(kind: iterator.kind, locale: iterator.locale, iterators: [iterator]))
        }
    }

    private static func entry(_ kind: BreakIterator.Kind, _ locale: String, in free: [Entry]) -> Int? {
        free.firstIndex { $0.kind == kind && $0.locale == locale }
    }
}
