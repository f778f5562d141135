import TextKitModel  // Foundation: FileManager, Data

/// The top-level domains a host written without a scheme may end in.
///
/// Read once from the public suffix list of Debian's `publicsuffix` package
/// (`/usr/share/publicsuffix/public_suffix_list.dat`, which `scripts/setup.sh` installs): the last
/// label of every rule in its ICANN section, which is the list of delegated top-level domains
/// (about 1,450, internationalized ones in Unicode). When the file is missing or unreadable the
/// detector falls back to the original generic domains (com, org, net, edu, gov, mil, int, info,
/// biz, name, pro, aero, coop, museum, mobi, asia, jobs, tel, travel, cat) and every two-letter
/// ASCII label (the country codes), and never fails.
struct TopLevelDomains: Sendable {
    /// Where Debian's `publicsuffix` package puts the list.
    static let publicSuffixListPath = "/usr/share/publicsuffix/public_suffix_list.dat"

    /// The domains in effect, loaded on first use.
    static let shared: TopLevelDomains = {
        if let data = FileManager.default.contents(atPath: publicSuffixListPath),
           let list = TopLevelDomains(publicSuffixList: String(decoding: data, as: UTF8.self)) {
            return list
        }
        return .fallback
    }()

    /// The original generic domains; with ``allowsAnyTwoLetterASCII`` the fallback list.
    static let fallback = TopLevelDomains(
        names: ["com", "org", "net", "edu", "gov", "mil", "int", "info", "biz", "name", "pro", "aero", "coop",
                "museum", "mobi", "asia", "jobs", "tel", "travel", "cat"],
        allowsAnyTwoLetterASCII: true, source: .fallback)

    /// Where a list came from.
    enum Source: Sendable { case publicSuffixList, fallback }

    /// Lowercase names, internationalized ones in Unicode.
    let names: Set<String>
    /// Whether any two-letter ASCII label counts (the fallback's stand-in for the country codes).
    let allowsAnyTwoLetterASCII: Bool
    let source: Source

    init(names: Set<String>, allowsAnyTwoLetterASCII: Bool, source: Source) {
        self.names = names
        self.allowsAnyTwoLetterASCII = allowsAnyTwoLetterASCII
        self.source = source
    }

    /// The domains of the ICANN section of a public suffix list; nil when it has none (not a list).
    init?(publicSuffixList text: String) {
        var names = Set<String>()
        var inICANN = false
        for line in text.split(whereSeparator: \.isNewline) {
            if line.hasPrefix("//") {
                if line.contains("===BEGIN ICANN DOMAINS===") { inICANN = true }
                if line.contains("===END ICANN DOMAINS===") { inICANN = false }
                continue
            }
            guard inICANN else { continue }
            // A rule is the line up to white space; "!" marks an exception, "*." a wildcard.
            let rule = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? ""
            guard let last = rule.split(separator: ".").last, !last.isEmpty, last != "*" else { continue }
            names.insert(String(last.drop(while: { $0 == "!" })).lowercased())
        }
        guard names.count > 100 else { return nil }
        self.init(names: names, allowsAnyTwoLetterASCII: false, source: .publicSuffixList)
    }

    /// Whether `label` (as written: any case, Unicode or "xn--" ASCII) is a top-level domain.
    func contains(_ label: String) -> Bool {
        let lower = label.lowercased()
        if names.contains(lower) { return true }
        if allowsAnyTwoLetterASCII, lower.utf8.count == 2, lower.utf8.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A }) {
            return true
        }
        if lower.hasPrefix("xn--"), let unicode = DomainName.unicode(fromASCII: lower), unicode != lower {
            return names.contains(unicode.lowercased())
        }
        return false
    }
}
