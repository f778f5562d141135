import TextKitFormats
import TextKitGraphics
import TextKitModel

/// A pasteboard: items of typed representations, as UIKit's `UIPasteboard`. ``general`` is the
/// one copy and paste use; it lives in the process by default, and a window host connects it to
/// the desktop's clipboard by setting ``backend``.
///
/// Types are UTIs as on Apple platforms: ``typePlainText`` ("public.utf8-plain-text") for
/// strings, ``typeRTF`` ("public.rtf") for attributed text (written and read with the formats
/// layer's RTF), "public.url" for URLs. ``string`` and ``attributedString`` read the first
/// item's representation of those types.
///
/// Thread-safe: the items are behind a lock, as UIKit's pasteboard may be used from any thread.
open class UIPasteboard: @unchecked Sendable {  // the backend is only used under its lock (`Locked`)
    /// Where a pasteboard keeps its items. The default keeps them in memory; a host supplies one
    /// over the desktop clipboard (GTK's `GdkClipboard`).
    public protocol Backend: AnyObject, Sendable {
        /// The items, each a dictionary from type to value (String, Data, URL).
        var items: [[String: Any]] { get set }
        /// Increases whenever the items change.
        var changeCount: Int { get }
    }

    /// The in-process backend.
    final class MemoryBackend: Backend, @unchecked Sendable {  // only reached under the pasteboard's lock (`_backend`)
        var items: [[String: Any]] = [] { didSet { changeCount += 1 } }
        private(set) var changeCount = 0
    }

    /// The UTI of UTF-8 plain text.
    public static let typePlainText = "public.utf8-plain-text"
    /// The UTI of RTF data.
    public static let typeRTF = "public.rtf"
    /// The UTI of a URL.
    public static let typeURL = "public.url"

    private static let generalPasteboard = UIPasteboard(name: UIPasteboard.Name.general)

    /// The pasteboard copy and paste use.
    open class var general: UIPasteboard { generalPasteboard }

    /// The backend, only used under its lock.
    private let _backend = Locked<any Backend>(MemoryBackend())

    /// The pasteboard's name.
    public let name: UIPasteboard.Name

    /// A pasteboard named `name` (only ``general`` is shared; others are private to the caller).
    public init(name: UIPasteboard.Name) {
        self.name = name
    }

    /// A new pasteboard with a unique name.
    open class func withUniqueName() -> UIPasteboard {
        UIPasteboard(name: Name(rawValue: UUID().uuidString))
    }

    /// Where the items live (a Linux addition: set by a window host).
    public var backend: any Backend {
        get { _backend.withLock { $0 } }
        set { _backend.withLock { $0 = newValue } }
    }

    // MARK: Items

    /// The items, each a dictionary from type to value.
    open var items: [[String: Any]] {
        get { _backend.withLock { $0.items } }
        set { _backend.withLock { $0.items = newValue } }
    }

    /// Replaces the items.
    open func setItems(_ items: [[String: Any]], options: [String: Any] = [:]) {
        self.items = items
    }

    /// Adds items after the existing ones.
    open func addItems(_ items: [[String: Any]]) {
        _backend.withLock { $0.items += items }
    }

    /// The number of items.
    open var numberOfItems: Int { items.count }

    /// Increases whenever the items change.
    open var changeCount: Int { _backend.withLock { $0.changeCount } }

    /// The types of the first item.
    open var types: [String] { items.first.map { Array($0.keys) } ?? [] }

    /// Whether the first item has any of `pasteboardTypes`.
    open func contains(pasteboardTypes: [String]) -> Bool {
        let first = Set(types)
        return pasteboardTypes.contains { first.contains($0) }
    }

    /// The first item's value of `pasteboardType`, as data (strings in UTF-8).
    open func data(forPasteboardType pasteboardType: String) -> Data? {
        switch items.first?[pasteboardType] {
        case let data as Data: data
        case let string as String: Data(string.utf8)
        case let url as URL: Data(url.absoluteString.utf8)
        default: nil
        }
    }

    /// Replaces the items with one holding `data` as `pasteboardType`.
    open func setData(_ data: Data, forPasteboardType pasteboardType: String) {
        items = [[pasteboardType: data]]
    }

    /// Replaces the items with one holding `value` as `pasteboardType`.
    open func setValue(_ value: Any, forPasteboardType pasteboardType: String) {
        items = [[pasteboardType: value]]
    }

    /// The first item's value of `pasteboardType`.
    open func value(forPasteboardType pasteboardType: String) -> Any? {
        items.first?[pasteboardType]
    }

    // MARK: Strings and URLs

    /// The first item's string; setting it replaces the items with one string.
    open var string: String? {
        get { strings?.first }
        set { items = newValue.map { [[UIPasteboard.typePlainText: $0]] } ?? [] }
    }

    /// Every item's string.
    open var strings: [String]? {
        get {
            let found = items.compactMap { item -> String? in
                if let s = item[UIPasteboard.typePlainText] as? String { return s }
                if let d = item[UIPasteboard.typePlainText] as? Data { return String(decoding: d, as: UTF8.self) }
                return nil
            }
            return found.isEmpty ? nil : found
        }
        set { items = (newValue ?? []).map { [UIPasteboard.typePlainText: $0] } }
    }

    /// Whether any item has a string.
    open var hasStrings: Bool { strings != nil }

    /// The first item's URL; setting it replaces the items.
    open var url: URL? {
        get {
            guard let first = items.first else { return nil }
            if let url = first[UIPasteboard.typeURL] as? URL { return url }
            return (first[UIPasteboard.typeURL] as? String).flatMap(URL.init(string:))
        }
        set { items = newValue.map { [[UIPasteboard.typeURL: $0, UIPasteboard.typePlainText: $0.absoluteString]] } ?? [] }
    }

    /// Whether any item has a URL.
    open var hasURLs: Bool { items.contains { $0[UIPasteboard.typeURL] != nil } }

    // MARK: Attributed text (what text views copy)

    /// The first item's attributed text: its RTF when it has some (read with the formats
    /// layer), else its plain string. Nil when it has neither or the RTF cannot be read.
    public var attributedString: NSAttributedString? {
        if let rtf = data(forPasteboardType: UIPasteboard.typeRTF),
           let text = try? NSAttributedString(data: rtf, options: [.documentType: NSAttributedString.DocumentType.rtf],
                                              documentAttributes: nil) {
            return text
        }
        return string.map { NSAttributedString(string: $0) }
    }

    /// Replaces the items with one holding `text` as plain text and as RTF.
    public func setAttributedString(_ text: NSAttributedString) {
        var item: [String: Any] = [UIPasteboard.typePlainText: text.string]
        if let rtf = try? text.data(from: NSRange(location: 0, length: text.length),
                                    documentAttributes: [.documentType: NSAttributedString.DocumentType.rtf]) {
            item[UIPasteboard.typeRTF] = rtf
        }
        items = [item]
    }
}

extension UIPasteboard {
    /// A pasteboard's name.
    public struct Name: RawRepresentable, Hashable, Sendable {
        /// The name's string.
        public var rawValue: String
        /// A name from its string.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The general pasteboard's name.
        public static let general = Name(rawValue: "com.apple.UIKit.pboard.general")
    }
}
