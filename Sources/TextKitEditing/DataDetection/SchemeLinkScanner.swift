/// Finds URLs written with a scheme and "://" ("https://swift.org/blog", "ftp://…", "file:///etc").
///
/// The scheme is the letters, digits and `+ - .` before "://", starting at a letter that no letter
/// or digit precedes (".http://" and "1.http://" link "http://…"; "1abc://" links nothing), or a
/// network scheme right after a digit ("1https://…" links "https://…", as Apple's detector does). For
/// the network schemes (http, https, ftp, ftps, sftp, ws, wss) an authority must follow: an
/// optional `user:password@`, then a host (a domain name whose last label has a letter, a single
/// label such as "localhost", an IPv4 address or a bracketed IPv6 address) and an optional port;
/// the URL ends after them unless a `/`, `?` or `#` follows. Other schemes take whatever
/// ``LinkTail`` allows. The scheme is lowercased in the URL.
enum SchemeLinkScanner {
    static let networkSchemes: Set<String> = ["http", "https", "ftp", "ftps", "sftp", "ws", "wss"]
    static let maximumSchemeLength = 32

    static func scan(_ text: DetectionText) -> [DetectedItem] {
        var items: [DetectedItem] = []
        var offset = text.bounds.lowerBound
        while offset < text.bounds.upperBound {
            if text.units[offset] == 0x3A, text.has("/", at: offset + 1), text.has("/", at: offset + 2),
               let item = link(at: offset, in: text) {
                items.append(item)
                offset = max(item.range.upperBound, offset + 1)
            } else {
                offset += 1
            }
        }
        return items
    }

    /// The link whose "://" starts at `colon`, if any.
    static func link(at colon: Int, in text: DetectionText) -> DetectedItem? {
        var runStart = colon
        while let u = text.unit(runStart - 1), isSchemeCharacter(u), colon - runStart <= maximumSchemeLength {
            runStart -= 1
        }
        guard var start = (runStart..<colon).first(where: { k in
            DetectionCharacter.isLetter(text.units[k])
                && (k == runStart || !DetectionCharacter.isAlphanumeric(text.units[k - 1]))
        }) ?? networkSchemeAfterDigit(endingAt: colon, from: runStart, in: text) else { return nil }
        if colon - start > maximumSchemeLength || text.isWordCharacter(before: start) && start == runStart { return nil }
        let scheme = text.string(start..<colon).lowercased()
        let quoted = text.has("'", at: start - 1)
        let afterSlashes = colon + 3
        var urlText: String
        let end: Int
        if networkSchemes.contains(scheme) {
            guard let authority = Authority.read(in: text, from: afterSlashes) else { return nil }
            var tailEnd = authority.end
            if let u = text.unit(tailEnd), u == 0x2F || u == 0x3F || u == 0x23 {  // / ? #
                tailEnd = LinkTail.end(in: text, from: tailEnd, minimumEnd: tailEnd, quoted: quoted)
            }
            end = tailEnd
            urlText = authority.userInfo.map { text.string($0) + "@" } ?? ""
            urlText += authority.asciiHost + (authority.port.map { ":" + text.string($0) } ?? "")
            urlText += text.string(authority.end..<end)
        } else {
            end = LinkTail.end(in: text, from: afterSlashes, minimumEnd: afterSlashes, quoted: quoted)
            guard end > afterSlashes else { return nil }
            urlText = text.string(afterSlashes..<end)
        }
        guard let url = LinkURL.make(scheme + "://", urlText) else { return nil }
        start = min(start, colon)
        return DetectedItem(range: start..<end, kind: .link(url), rank: .schemeLink)
    }

    /// Where a network scheme ("https", "http" …) that directly follows a digit starts: Apple's
    /// detector links "https://…" in "Link 1https://…", where the scheme is not a word of its own.
    static func networkSchemeAfterDigit(endingAt colon: Int, from runStart: Int, in text: DetectionText) -> Int? {
        for scheme in networkSchemes.sorted(by: { $0.count > $1.count }) {
            let start = colon - scheme.count
            guard start > runStart, text.string(start..<colon).lowercased() == scheme,
                  let before = text.unit(start - 1), before >= 0x30 && before <= 0x39 else { continue }
            return start
        }
        return nil
    }

    @inline(__always)
    static func isSchemeCharacter(_ u: UInt16) -> Bool {
        DetectionCharacter.isAlphanumeric(u) || u == 0x2B || u == 0x2D || u == 0x2E  // + - .
    }

    /// The authority of a network URL.
    struct Authority {
        var userInfo: Range<Int>?
        var asciiHost: String
        var port: Range<Int>?
        /// Where the authority ends (after the port, if any).
        var end: Int

        static let maximumUserInfoLength = 256

        static func read(in text: DetectionText, from start: Int) -> Authority? {
            var hostStart = start
            var userInfo: Range<Int>?
            // user:password@ — the text up to the first / ? # or end of the URL holds one "@".
            var k = start
            var at: Int?
            while let u = text.unit(k), k - start <= maximumUserInfoLength,
                  u > 0x20, u != 0x2F, u != 0x3F, u != 0x23, u != 0x3C, u != 0x3E, u != 0x22, u != 0x27, u != 0x28, u != 0x29 {
                if u == 0x40 {
                    if at != nil { return nil }  // two "@": not an authority
                    at = k
                }
                k += 1
            }
            if let at, at > start {
                userInfo = start..<at
                hostStart = at + 1
            }
            var host: String
            var hostEnd: Int
            if text.has("[", at: hostStart) {
                var j = hostStart + 1
                while let u = text.unit(j), DetectionCharacter.isAlphanumeric(u) || u == 0x3A || u == 0x2E { j += 1 }
                guard text.has("]", at: j), j - hostStart > 2,
                      (hostStart + 1..<j).contains(where: { text.has(":", at: $0) }) else { return nil }
                hostEnd = j + 1
                host = text.string(hostStart..<hostEnd)
            } else {
                guard let domain = DomainName.read(in: text, from: hostStart) else { return nil }
                if domain.labels.count > 1, !domain.isIPv4Address(in: text), !domain.topLevelLabelHasLetter(in: text) {
                    return nil
                }
                guard let ascii = DomainName.ascii(fromUnicode: text.string(domain.range)) else { return nil }
                host = ascii
                hostEnd = domain.range.upperBound
                // A fully qualified name's final dot stays when a port or path follows it.
                if text.has(".", at: hostEnd), let u = text.unit(hostEnd + 1), u == 0x3A || u == 0x2F {
                    hostEnd += 1
                    host += "."
                }
            }
            var port: Range<Int>?
            if text.has(":", at: hostEnd) {
                var j = hostEnd + 1
                while let u = text.unit(j), DetectionCharacter.isDigit(u), j - hostEnd <= 5 { j += 1 }
                if j > hostEnd + 1, !(text.unit(j).map(DetectionCharacter.isAlphanumeric) ?? false) {
                    port = hostEnd + 1..<j
                    hostEnd = j
                }
            }
            return Authority(userInfo: userInfo, asciiHost: host, port: port, end: hostEnd)
        }
    }
}
