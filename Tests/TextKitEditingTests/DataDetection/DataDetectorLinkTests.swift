import Testing
import TextKitModel  // Foundation
@testable import TextKitEditing
import class TextKitEditing.NSTextCheckingResult

@Suite("NSDataDetector links")
struct DataDetectorLinkTests {
    @Test("A network scheme right after a digit starts a link, as Apple's detector finds it; other schemes do not")
    func schemeAfterDigit() {
        #expect(barred("Link 1https://www.swiftjoe.com and 2http://example.org/a") ==
                "Link 1|https://www.swiftjoe.com| and 2|http://example.org/a|")
        #expect(linkURLs("1abc://thing") == [])
    }

    @Test("Every link of a paragraph, with parentheses, quotes and full stops, has its exact range")
    func paragraph() {
        let text = """
        Swift's site is https://swift.org. The language has a Wikipedia page \
        (https://en.wikipedia.org/wiki/Swift_(programming_language)), and the forums \
        (see forums.swift.org/c/evolution) are busy. Mirrors: "ftp://ftp.example.com/pub/", \
        'http://[::1]:8080/status?verbose=1#top' and http://192.168.1.20:3000/. Mail \
        jane.doe+lists@example.co.uk, or visit www.apple.com, apple.com/iphone or bücher.de! \
        Not links: file.txt, v1.2.3, e.g. and Info.plist.
        """
        #expect(barred(text) == """
        Swift's site is |https://swift.org|. The language has a Wikipedia page \
        (|https://en.wikipedia.org/wiki/Swift_(programming_language)|), and the forums \
        (see |forums.swift.org/c/evolution|) are busy. Mirrors: "|ftp://ftp.example.com/pub/|", \
        '|http://[::1]:8080/status?verbose=1#top|' and |http://192.168.1.20:3000/|. Mail \
        |jane.doe+lists@example.co.uk|, or visit |www.apple.com|, |apple.com/iphone| or |bücher.de|! \
        Not links: file.txt, v1.2.3, e.g. and Info.plist.
        """)
        #expect(linkURLs(text) == [
            "https://swift.org",
            "https://en.wikipedia.org/wiki/Swift_(programming_language)",
            "http://forums.swift.org/c/evolution",
            "ftp://ftp.example.com/pub/",
            "http://[::1]:8080/status?verbose=1#top",
            "http://192.168.1.20:3000/",
            "mailto:jane.doe+lists@example.co.uk",
            "http://www.apple.com",
            "http://apple.com/iphone",
            "http://xn--bcher-kva.de",
        ])
        let first = detect(text)[0]
        #expect(first.range == NSRange(location: 16, length: 17))
        #expect(first.resultType == .link)
    }

    @Test("Trailing punctuation is left out; balanced brackets stay", arguments: [
        ("see https://swift.org.", "https://swift.org"),
        ("see https://swift.org/...", "https://swift.org/"),
        ("https://swift.org/blog?", "https://swift.org/blog"),
        ("(https://swift.org)", "https://swift.org"),
        ("(https://swift.org/a(b))", "https://swift.org/a(b)"),
        ("[https://swift.org/x]", "https://swift.org/x"),
        ("https://example.org/a[1]/b{2}", "https://example.org/a[1]/b{2}"),
        ("«https://swift.org»", "https://swift.org"),
        ("“https://swift.org”", "https://swift.org"),
        ("\"https://swift.org\"", "https://swift.org"),
        ("'https://swift.org'", "https://swift.org"),
        ("https://swift.org/it's", "https://swift.org/it's"),
        ("<https://swift.org>", "https://swift.org"),
        ("https://swift.org/(unclosed", "https://swift.org/"),
        ("链接：https://swift.org/zh。", "https://swift.org/zh"),
        ("https://example.com:8443/path;params?q=a+b&r=%20#frag!", "https://example.com:8443/path;params?q=a+b&r=%20#frag"),
    ])
    func trailingPunctuation(text: String, link: String) {
        #expect(matchedTexts(text) == [link])
    }

    @Test("URLs without a scheme get http://, e-mail addresses mailto:")
    func urls() {
        #expect(linkURLs("www.apple.com") == ["http://www.apple.com"])
        #expect(linkURLs("WWW.Apple.COM") == ["http://www.apple.com"])
        #expect(linkURLs("apple.com/path?x=1") == ["http://apple.com/path?x=1"])
        #expect(linkURLs("HTTPS://Swift.org/") == ["https://swift.org/"])
        #expect(linkURLs("mail me at someone@example.org.") == ["mailto:someone@example.org"])
        #expect(matchedTexts("write to mailto:someone@example.org") == ["mailto:someone@example.org"])
        #expect(linkURLs("http://例え.テスト/パス") == ["http://xn--r8jz45g.xn--zckzah/%E3%83%91%E3%82%B9"])
        #expect(linkURLs("file:///etc/hosts") == ["file:///etc/hosts"])
        #expect(linkURLs("https://user:secret@example.com:8080/x") == ["https://user:secret@example.com:8080/x"])
        #expect(linkURLs("http://localhost:8080/") == ["http://localhost:8080/"])
    }

    @Test("Words that are not links", arguments: [
        "file.txt", "README", "v1.2.3", "version 10.4.11", "e.g. this", "i.e.", "Info.plist", "run setup.sh now",
        "main.py", "It ended.Then it began", "a..b", "http://", "https://", "http:// and", "://swift.org",
        "foo@bar", "@swift", "user@localhost", "https://12-7.0.0.1/", "www.example..com", "-a.com", "a-.com",
        "self.view.frame", "3.14159", "1,000.00",
    ])
    func notLinks(text: String) {
        #expect(detect(text).isEmpty, "found \(matchedTexts(text)) in \(text)")
    }

    @Test("A link inside a longer word is no link")
    func insideWords() {
        #expect(matchedTexts("xhttps://swift.org") == ["xhttps://swift.org"])  // "xhttps" is a scheme of its own
        #expect(matchedTexts("éhttps://swift.org") == [])
        #expect(matchedTexts("notapple.com") == ["notapple.com"])
        #expect(matchedTexts("path/apple.com") == [])
        #expect(matchedTexts("_apple.com") == [])
        #expect(matchedTexts("apple.com_x") == [])
    }

    @Test("Hosts with real top-level domains, written in any case")
    func topLevelDomains() {
        #expect(matchedTexts("swift.org and example.co.uk and 9292.nl") == ["swift.org", "example.co.uk", "9292.nl"])
        #expect(matchedTexts("example.notarealtld") == [])
        #expect(matchedTexts("SWIFT.ORG") == ["SWIFT.ORG"])
        #expect(matchedTexts("www.setup.sh and setup.sh/docs") == ["www.setup.sh", "setup.sh/docs"])
    }

    @Test("The public suffix list gives the top-level domains; without it the fallback holds")
    func domainList() throws {
        let shared = TopLevelDomains.shared
        #expect(shared.source == .publicSuffixList, "scripts/setup.sh installs Debian's publicsuffix")
        #expect(shared.names.count > 1000)
        #expect(shared.contains("com") && shared.contains("DE") && shared.contains("香港") && shared.contains("xn--j6w193g"))
        #expect(!shared.contains("txt") && !shared.contains("plist"))
        let fallback = TopLevelDomains.fallback
        #expect(fallback.contains("org") && fallback.contains("de") && !fallback.contains("txt"))
        #expect(TopLevelDomains(publicSuffixList: "not a list") == nil)
        let detection = DataDetection(types: .link, domains: .fallback)
        let units = Array("see example.io and file.txt".utf16)
        let items = detection.items(in: DetectionText(units: units, bounds: 0..<units.count), inside: 0..<units.count)
        #expect(items.map(\.range) == [4..<14])
    }
}
