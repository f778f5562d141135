/// Where the text of the current group goes.
enum RTFDestination: Equatable {
    /// Document text.
    case text
    /// Ignored with everything nested in it.
    case skip
    /// Text ignored, but destinations nested in it are read (`\info`, `\upr`, `\object`).
    case container
    case fontTable
    case colorTable
    case expandedColorTable
    /// An `\info` field whose text is collected.
    case infoText(DocumentInfoField)
    /// `\creatim` / `\revtim`.
    case infoTime(DocumentInfoField)
    case fieldInstruction
    case picture
    case nextGraphic
}

enum DocumentInfoField: Equatable {
    case title, subject, author, keywords, comment, company, copyright, creationTime, modificationTime
}

/// Character formatting, saved and restored with groups. Colours and fonts are table indices.
struct RTFCharState: Hashable {
    var font: Int32 = -1
    var halfPoints: Int32 = 24
    var bold = false
    var italic = false
    var underline = 0
    var underlineColor: Int32 = 0
    var strike = 0
    var strikeColor: Int32 = 0
    var foreground: Int32 = 0
    var background: Int32 = 0
    /// `\up`/`\dn` in half-points.
    var shiftHalfPoints: Int32 = 0
    /// 1 `\super`, -1 `\sub`.
    var superSub: Int8 = 0
    var kernTwips: Int32 = 0
    var outline = false
    /// Cocoa's `\strokewidth`, in twentieths of a percent of the font size.
    var strokeWidth: Int32 = 0
    var strokeColor: Int32 = 0
    var shadow = false
    var shadowX: Int32 = 0
    var shadowY: Int32 = 0
    var shadowRadius: Int32 = 0
    var shadowColor: Int32 = 0
    /// Index into the reader's links, -1 none.
    var link: Int32 = -1
    var hidden = false
}

/// A tab stop in twips with its kind (0 left, 1 centre, 2 right, 3 decimal).
struct RTFTab: Hashable {
    var position: Int32
    var kind: Int8
}

/// Paragraph formatting, saved and restored with groups; reset by `\pard`.
struct RTFParaState: Hashable {
    /// -1 unset (natural), 0 left, 1 centre, 2 right, 3 justified, 4 natural (Cocoa's `\qnatural`).
    var alignment: Int8 = -1
    var left: Int32 = 0
    var right: Int32 = 0
    var firstLine: Int32 = 0
    var before: Int32 = 0
    var after: Int32 = 0
    var lineSpacingRule: Int32 = 0
    var lineMultiple = false
    var leading: Int32 = 0
    var maximumLine: Int32 = 0
    var minimumLine: Int32 = 0
    var tabs: [RTFTab] = []
    var pendingTabKind: Int8 = 0
    /// -1 natural, 0 left to right, 1 right to left.
    var direction: Int8 = -1

    /// Nothing set since `\pard`: such paragraphs get no paragraph style attribute.
    var isPristine: Bool {
        alignment == -1 && left == 0 && right == 0 && firstLine == 0 && before == 0 && after == 0
            && lineSpacingRule == 0 && leading == 0 && maximumLine == 0 && minimumLine == 0 && tabs.isEmpty
            && direction == -1
    }
}

/// Everything a group saves.
struct RTFGroupState {
    var char = RTFCharState()
    var para = RTFParaState()
    var destination = RTFDestination.text
    /// `\uc`: fallback characters after each `\u`.
    var unicodeSkip = 1
}

/// A font table entry.
struct RTFFontEntry {
    var name = ""
    /// 0 nil, 1 roman, 2 swiss, 3 modern, 4 script, 5 decor, 6 tech, 7 bidi.
    var family: Int8 = 0
    var charset: Int32 = 1
    var pitch: Int32 = 0
    var codePage: Int?
}

/// A picture being read (`\pict`).
struct RTFPicture {
    var type: String?
    var widthPixels: Int32 = 0
    var heightPixels: Int32 = 0
    var goalWidth: Int32 = 0
    var goalHeight: Int32 = 0
    var scaleX: Int32 = 100
    var scaleY: Int32 = 100
    var data: [UInt8] = []
    var pendingNibble: UInt8?
}
