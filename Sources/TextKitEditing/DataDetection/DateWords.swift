/// The English words the date scanner reads: month and weekday names with their usual
/// abbreviations, and the relative words. Compared without regard to ASCII case.
enum DateWord: Sendable, Equatable {
    /// January is 1.
    case month(Int)
    /// Sunday is 1, as in `Calendar`'s weekday component.
    case weekday(Int)
    /// Today is 0, tomorrow 1, yesterday -1.
    case relativeDay(Int)
    /// "next", "this" or "last" before a weekday.
    case weekdayQualifier(Qualifier)

    /// How "next", "this" and "last" pick a weekday.
    enum Qualifier: Sendable, Equatable { case next, this, last }

    /// The table, keyed by ``key(_:)``.
    static let words: [UInt64: DateWord] = {
        var words = WordTable()
        let months = ["january", "february", "march", "april", "may", "june", "july", "august", "september",
                      "october", "november", "december"]
        for (index, name) in months.enumerated() {
            words[name] = .month(index + 1)
            words[String(name.prefix(3))] = .month(index + 1)
        }
        words["sept"] = .month(9)
        let weekdays = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
        for (index, name) in weekdays.enumerated() {
            words[name] = .weekday(index + 1)
            words[String(name.prefix(3))] = .weekday(index + 1)
        }
        for (abbreviation, day) in [("tues", 3), ("thur", 5), ("thurs", 5)] { words[abbreviation] = .weekday(day) }
        words["today"] = .relativeDay(0)
        words["tomorrow"] = .relativeDay(1)
        words["yesterday"] = .relativeDay(-1)
        words["next"] = .weekdayQualifier(.next)
        words["this"] = .weekdayQualifier(.this)
        words["last"] = .weekdayQualifier(.last)
        return words.table
    }()

    /// A word's key: five bits a lowercase ASCII letter (a word of at most 12 letters fits).
    static func key<Letters: Sequence<UInt8>>(_ letters: Letters) -> UInt64 {
        letters.reduce(0) { $0 << 5 | UInt64($1 - 0x60) }
    }

    private struct WordTable {
        var table: [UInt64: DateWord] = [:]
        subscript(name: String) -> DateWord? {
            get { table[DateWord.key(name.utf8)] }
            set { table[DateWord.key(name.utf8)] = newValue }
        }
    }

    /// The longest word in the table.
    static let maximumLength = 9

    /// The word of ASCII letters at `offset` and its end, if it is in the table and is a whole word.
    static func read(in text: DetectionText, at offset: Int) -> (word: DateWord, end: Int)? {
        var end = offset
        var key: UInt64 = 0
        while let u = text.unit(end), DetectionCharacter.isLetter(u) {
            if end - offset >= maximumLength { return nil }
            key = key << 5 | UInt64((UInt8(u) | 0x20) - 0x60)
            end += 1
        }
        guard end > offset, !text.isWordCharacter(at: end), let word = words[key] else { return nil }
        return (word, end)
    }
}
