/// The rules of a document's `<style>` blocks that the HTML reader applies: those whose selectors
/// are a tag name, `.class`, `#id` or a compound of them (`p.note`, `h1#top.big`), in comma
/// lists. Selectors with combinators, attributes or pseudo-classes are skipped, as are at-rules
/// (`@media`, `@font-face` … with their blocks).
///
/// Matching rules apply in CSS's cascade order: by specificity (ids, then classes, then tag
/// names), later rules winning among equals; a `style` attribute wins over all of them.
struct CSSStyleSheet {
    /// A compound selector: every part given must match.
    struct Selector: Equatable {
        var tag: String?
        var id: String?
        var classes: [String] = []

        /// The characters that make a selector more than a simple compound one, as bytes.
        static let notInSimpleSelectors: Set<UInt8> = Set(" \t\n>+~:[()*\\\"'".utf8)

        /// CSS specificity as one comparable number.
        var specificity: Int { (id == nil ? 0 : 1_000_000) + classes.count * 1_000 + (tag == nil ? 0 : 1) }

        /// The selector `text`, or nil when it is not a simple compound selector.
        init?(_ text: Substring) {
            let t = text.trimmingWhitespaceAndNewlines()
            guard !t.isEmpty else { return nil }
            if t.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) {  // (CR LF is one character, not "\n")
                guard !t.utf8.contains(where: { Self.notInSimpleSelectors.contains($0) }) else { return nil }
            } else {
                guard !t.contains(where: { " \t\n>+~:[()*\\\"'".contains($0) }) else { return nil }
            }
            var kind: Character = "t"
            var name = ""
            func flush() -> Bool {
                if name.isEmpty { return kind == "t" }
                switch kind {
                case "#": if id != nil { return false }; id = name
                case ".": classes.append(name)
                default: tag = name.lowercased()
                }
                name = ""
                return true
            }
            for c in t {
                if c == "." || c == "#" {
                    guard flush() else { return nil }
                    kind = c
                } else {
                    name.append(c)
                }
            }
            guard flush(), tag != nil || id != nil || !classes.isEmpty else { return nil }
        }

        /// Whether an element with this tag, id and classes matches.
        func matches(tag: String, id: String?, classes: [Substring]) -> Bool {
            if let t = self.tag, t != tag { return false }
            if let i = self.id, i != id { return false }
            return self.classes.allSatisfy { c in classes.contains { $0 == c } }
        }
    }

    /// A selector with the declarations of its rule and the rule's position in the sheet.
    struct Rule {
        var selector: Selector
        var declarations: [CSSDeclarations.Declaration]
        var order: Int
    }

    private(set) var rules: [Rule] = []
    /// Rules by the most selective part of their selector ("#id", ".class" or the tag name), so
    /// that an element is matched only against rules that can match it.
    private var index: [String: [Int]] = [:]

    /// The ids rules name (those indexed under "#id").
    private var ruleIDs: Set<String> = []

    /// Whether a rule's selector names the id `id` (the rules indexed under it).
    func hasRules(forID id: String) -> Bool {
        ruleIDs.contains(id)
    }

    /// Adds the rules of one `<style>` block.
    mutating func add(_ source: String) {
        // (No more bytes than the limit: no more characters either, and nothing to cut.)
        let limited = source.utf8.count <= CSSLimits.maximumSourceLength ? source : String(source.prefix(CSSLimits.maximumSourceLength))
        let text = CSSDeclarations.removingComments(limited)
        // An ASCII sheet (the usual one) is scanned by bytes: the braces are found where the
        // scan by characters finds them (CR LF, the one character of two bytes, is neither).
        let ascii = text.utf8.allSatisfy { $0 < 0x80 }
        var rest = Substring(text)
        while !rest.isEmpty, rules.count < CSSLimits.maximumRules {
            guard let open = ascii ? rest.utf8.firstIndex(of: UInt8(ascii: "{")) : rest.firstIndex(of: "{") else { return }
            let prelude = rest[..<open].trimmingWhitespaceAndNewlines()
            guard let close = ascii ? Self.matchingBrace(inASCII: rest, from: open) : Self.matchingBrace(in: rest, from: open) else { return }
            let body = rest[rest.index(after: open)..<close]
            rest = rest[rest.index(after: close)...]
            if prelude.hasPrefix("@") { continue }  // at-rules and their nested blocks
            let declarations = CSSDeclarations.parse(body)
            for part in prelude.split(separator: ",") {
                guard let selector = Selector(part) else { continue }
                let key = selector.id.map { "#" + $0 } ?? selector.classes.first.map { "." + $0 } ?? selector.tag ?? ""
                index[key, default: []].append(rules.count)
                if let id = selector.id { ruleIDs.insert(id) }
                rules.append(Rule(selector: selector, declarations: declarations, order: rules.count))
            }
        }
    }

    /// The declarations for an element, in the order they apply (later wins).
    func declarations(tag: String, id: String?, classes: [Substring]) -> [CSSDeclarations.Declaration] {
        guard !rules.isEmpty else { return [] }
        var candidates = index[tag] ?? []
        if let id, let byID = index["#" + id] { candidates += byID }
        for c in Set(classes) { candidates += index["." + c] ?? [] }
        let matching = candidates.map { rules[$0] }.filter { $0.selector.matches(tag: tag, id: id, classes: classes) }
        guard !matching.isEmpty else { return [] }
        return matching.sorted { ($0.selector.specificity, $0.order) < ($1.selector.specificity, $1.order) }
            .flatMap(\.declarations)
    }

    /// ``matchingBrace(in:from:)`` for ASCII text, by bytes.
    private static func matchingBrace(inASCII text: Substring, from open: Substring.Index) -> Substring.Index? {
        let utf8 = text.utf8
        var depth = 0
        var i = open
        while i < utf8.endIndex {
            let b = utf8[i]
            if b == UInt8(ascii: "{") { depth += 1 } else if b == UInt8(ascii: "}") {
                depth -= 1
                if depth == 0 { return i }
            }
            i = utf8.index(after: i)
        }
        return nil
    }

    /// The index of the brace that closes the one at `open` (nil: unclosed).
    private static func matchingBrace(in text: Substring, from open: Substring.Index) -> Substring.Index? {
        var depth = 0
        var i = open
        while i < text.endIndex {
            if text[i] == "{" { depth += 1 } else if text[i] == "}" {
                depth -= 1
                if depth == 0 { return i }
            }
            i = text.index(after: i)
        }
        return nil
    }
}
