/// Reads RTF 1.9 as Cocoa (TextEdit), Word, LibreOffice and pandoc write it into an attributed
/// string and document attributes.
///
/// One pass over the bytes with an explicit group stack (no recursion), so deep nesting costs
/// memory in proportion to the input and is capped at ``RTFLimits/maximumGroupDepth``. Text is
/// collected in an ``AttributedStringBuilder``; formatting states are interned, so a character
/// costs an array append.
struct RTFReader {
    /// Files of the RTFD package beside `TXT.rtf`, by name, for `\NeXTGraphic`; nil for plain RTF.
    var attachmentFiles: [String: Data]?
    /// The `\NeXTGraphic` names the package has no readable file for, in document order.
    var missingAttachmentFiles: [String] = []

    // Group state
    var state = RTFGroupState()
    var stack: [RTFGroupState] = []
    /// `\*` was seen: the next control word names a destination we may not know.
    var starPending = false
    /// Fallback characters still to skip after a `\u`.
    var skipCount = 0

    // Document
    var documentCodePage = 1252
    var defaultFont: Int32 = 0
    var fonts: [Int32: RTFFontEntry] = [:]
    var colors: [UIColor?] = []
    var expandedColors: [UIColor?] = []
    var documentAttributes: [NSAttributedString.DocumentAttributeKey: Any] = [:]
    var links: [Any] = []

    // Destination scratch
    var pendingFont = RTFFontEntry()
    var pendingFontNumber: Int32 = -1
    var pendingColor: (r: Int32, g: Int32, b: Int32, any: Bool) = (0, 0, 0, false)
    var pendingExpanded: (space: Int8, components: [Int32]) = (0, [])
    var destinationText: [UInt16] = []
    var timeParts: [Int32] = [0, 1, 1, 0, 0, 0]
    var picture = RTFPicture()
    var nextGraphicSize: (width: Int32, height: Int32) = (0, 0)
    /// An attachment read from `\NeXTGraphic` that replaces the next character of its parent group.
    var pendingAttachment: (attachment: NSTextAttachment, depth: Int)?
    /// Open fields: the group depth of `\field` and its instruction text.
    var fields: [(depth: Int, instruction: [UInt16], link: Int32)] = []

    // Output
    var out = AttributedStringBuilder()
    var charCache: [RTFCharState: Int] = [:]
    var charDirty = true
    var paraCache: [RTFParaState: NSParagraphStyle] = [:]
    var fontResolver = RTFFontResolver()
    /// Bytes of a double-byte code page waiting to be decoded together.
    var pendingBytes: [UInt8] = []
    var pendingCodePage = 0
    /// The last pending byte is a lead byte: the next byte, even ASCII, is its trail.
    var pendingNeedsTrail = false
    /// The byte table of the current font's code page (single-byte ones).
    var byteTable: [UInt16] = RTFCodePage.table(for: 1252)
    var byteTableCodePage = 1252
    var sawDocumentGroup = false

    init(attachmentFiles: [String: Data]? = nil) {
        self.attachmentFiles = attachmentFiles
    }

    /// Reads `data`. Throws ``DocumentReadingError`` (with what was read before the problem as
    /// `partialResult`) for data that is not RTF or is malformed beyond recovery.
    mutating func read(_ data: Data) throws(DocumentReadingError) -> NSMutableAttributedString {
        let result: Result<NSMutableAttributedString, DocumentReadingError> = data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            return Result { () throws(DocumentReadingError) in try parse(bytes) }
        }
        return try result.get()
    }

    private mutating func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(DocumentReadingError) -> NSMutableAttributedString {
        var lexer = RTFLexer(bytes: bytes)
        // The data must start with "{\rtf" (after whitespace), as every reader requires.
        var first = 0
        while first < bytes.count, bytes[first] == 0x20 || bytes[first] == 0x0A || bytes[first] == 0x0D || bytes[first] == 0x09 { first += 1 }
        let magic: [UInt8] = Array("{\\rtf".utf8)
        guard bytes.count - first >= magic.count, magic.indices.allSatisfy({ bytes[first + $0] == magic[$0] }) else {
            throw DocumentReadingError(kind: .malformedRTF, at: first, in: bytes, message: "the data does not start with {\\rtf")
        }
        do throws(RTFLexer.Failure) {
            loop: while true {
                let token = try lexer.next()
                switch token {
                case .end:
                    break loop
                case .groupStart:
                    flushBytes()
                    guard stack.count < RTFLimits.maximumGroupDepth else {
                        throw RTFLexer.Failure(kind: .nestingTooDeep, offset: lexer.tokenStart,
                                               message: "groups nest deeper than \(RTFLimits.maximumGroupDepth) levels")
                    }
                    sawDocumentGroup = true
                    stack.append(state)
                    skipCount = 0
                case .groupEnd:
                    flushBytes()
                    skipCount = 0
                    starPending = false
                    guard !stack.isEmpty else { break loop }  // a stray "}" after the document: the end
                    if stack.count == 1 { closeLastParagraph() }
                    endGroup()
                    if stack.isEmpty { break loop }  // the document group closed; what follows is not RTF
                case .word(let name, let parameter):
                    if skipCount > 0 { skipCount -= 1; continue }
                    handleWord(name, parameter)
                case .symbol(let c):
                    if skipCount > 0 { skipCount -= 1; continue }
                    handleSymbol(c)
                case .hexByte(let b):
                    if skipCount > 0 { skipCount -= 1; continue }
                    handleByte(b)
                case .text(let range):
                    var start = range.lowerBound
                    if skipCount > 0 {
                        let skipped = min(skipCount, range.count)
                        skipCount -= skipped
                        start += skipped
                    }
                    if start < range.upperBound { handleText(UnsafeBufferPointer(rebasing: bytes[start..<range.upperBound])) }
                case .binary(let range):
                    if skipCount > 0 { skipCount -= 1; continue }
                    if state.destination == .picture { picture.data.append(contentsOf: bytes[range]) }
                }
            }
        } catch {
            let partial = finish()
            throw DocumentReadingError(kind: error.kind, at: error.offset, in: bytes, message: error.message,
                                       partialResult: NSAttributedString(attributedString: partial))
        }
        return finish()
    }

    /// Closes what is open at the end of the data (missing closing braces are forgiven, as every
    /// word processor does) and builds the string.
    private mutating func finish() -> NSMutableAttributedString {
        flushBytes()
        if let pending = pendingAttachment { emitAttachment(pending.attachment); pendingAttachment = nil }
        closeLastParagraph()
        while !stack.isEmpty { endGroup() }
        return out.build()
    }

    /// The last paragraph (no `\par` after it) takes the paragraph formatting in force at the end
    /// of the document, before the document group's closing brace resets it.
    mutating func closeLastParagraph() {
        if state.destination == .text || stack.isEmpty { out.endParagraph(style: paragraphStyle(for: state.para)) }
        else if let documentLevel = stack.dropFirst().first { out.endParagraph(style: paragraphStyle(for: documentLevel.para)) }
    }

    // MARK: Groups

    mutating func endGroup() {
        let closing = state
        state = stack.removeLast()
        charDirty = true
        if closing.destination != state.destination { finishDestination(closing) }
        while let last = fields.last, last.depth > stack.count { fields.removeLast() }
        if let pending = pendingAttachment, pending.depth > stack.count {
            pendingAttachment = nil
            emitAttachment(pending.attachment)
        }
    }

    // MARK: Text

    /// Literal text bytes in the current destination.
    mutating func handleText(_ text: UnsafeBufferPointer<UInt8>) {
        switch state.destination {
        case .text:
            guard !state.char.hidden else { return }
            prepareOutput()
            if pendingAttachment != nil {
                // Cocoa's RTFD puts one placeholder character after the \NeXTGraphic group.
                pendingAttachment.map { emitAttachment($0.attachment) }
                pendingAttachment = nil
                if text.count > 1 { handleText(UnsafeBufferPointer(rebasing: text[1...])) }
                return
            }
            var i = 0
            let n = text.count
            while i < n {
                let b = text[i]
                if b >= 0x80 || b == 0 || pendingNeedsTrail {
                    if b != 0 { appendByte(b) }  // NUL is not text in RTF; others: code page (or a DBCS trail byte)
                    i += 1
                    continue
                }
                // A run of ASCII goes in at once.
                if !pendingBytes.isEmpty { flushBytes() }
                var j = i + 1
                while j < n, text[j] < 0x80, text[j] != 0 { j += 1 }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: text[i..<j]).lazy.map { UInt16($0) })
                i = j
            }
        case .fontTable, .colorTable, .expandedColorTable:
            let isFontTable = state.destination == .fontTable
            for b in text {
                if b == 0x3B { endTableEntry() }  // ";" ends an entry
                else if isFontTable { handleByte(b) }
            }
        case .infoText, .fieldInstruction, .nextGraphic:
            let table = byteTable(for: documentCodePage)
            for b in text where b != 0 { destinationText.append(table[Int(b)]) }
        case .picture:
            for b in text { addHexDigit(b) }
        case .skip, .container, .infoTime:
            break
        }
    }

    /// A byte from `\'hh`.
    mutating func handleByte(_ b: UInt8) {
        switch state.destination {
        case .text:
            guard !state.char.hidden else { return }
            prepareOutput()
            if pendingAttachment != nil { pendingAttachment.map { emitAttachment($0.attachment) }; pendingAttachment = nil; return }
            appendByte(b)
        case .fontTable:
            let codePage = pendingFont.codePage ?? documentCodePage
            destinationText.append(byteTable(for: RTFCodePage.isDoubleByte(codePage) ? 1252 : codePage)[Int(b)])
        case .infoText, .fieldInstruction, .nextGraphic:
            destinationText.append(byteTable(for: documentCodePage)[Int(b)])
        default:
            break
        }
    }

    /// A byte ≥ 0x80 (or escaped) of document text in the current font's code page.
    mutating func appendByte(_ b: UInt8) {
        let codePage = currentCodePage()
        if RTFCodePage.isDoubleByte(codePage) {
            if pendingCodePage != codePage { flushBytes(); pendingCodePage = codePage }
            pendingBytes.append(b)
            pendingNeedsTrail = pendingNeedsTrail ? false : RTFCodePage.isLeadByte(b, codePage: codePage)
            return
        }
        if !pendingBytes.isEmpty { flushBytes() }
        if byteTableCodePage != codePage {
            byteTable = RTFCodePage.table(for: codePage)
            byteTableCodePage = codePage
        }
        out.append(byteTable[Int(b)])
    }

    mutating func flushBytes() {
        guard !pendingBytes.isEmpty else { return }
        RTFCodePage.decodeDoubleByte(pendingBytes, codePage: pendingCodePage, into: &out)
        pendingBytes.removeAll(keepingCapacity: true)
        pendingNeedsTrail = false
    }

    func currentCodePage() -> Int {
        let number = state.char.font >= 0 ? state.char.font : defaultFont
        return fonts[number]?.codePage ?? documentCodePage
    }

    mutating func byteTable(for codePage: Int) -> [UInt16] {
        if byteTableCodePage != codePage {
            byteTable = RTFCodePage.table(for: codePage)
            byteTableCodePage = codePage
        }
        return byteTable
    }

    /// A UTF-16 unit of document text (from `\u`, a special character or a control symbol).
    mutating func appendUnit(_ unit: UInt16) {
        switch state.destination {
        case .text:
            guard !state.char.hidden else { return }
            prepareOutput()
            flushBytes()
            if pendingAttachment != nil { pendingAttachment.map { emitAttachment($0.attachment) }; pendingAttachment = nil; return }
            out.append(unit)
        case .fontTable, .infoText, .fieldInstruction, .nextGraphic:
            destinationText.append(unit)
        default:
            break
        }
    }

    /// Makes sure new text takes the current character formatting.
    @inline(__always) mutating func prepareOutput() {
        guard charDirty else { return }
        charDirty = false
        flushBytes()
        if let known = charCache[state.char] { out.use(known); return }
        let id = out.addAttributeSet(characterAttributes(for: state.char))
        charCache[state.char] = id
        out.use(id)
    }

    /// Ends the current paragraph with a paragraph separator in the current formatting.
    mutating func endParagraph(separator: UInt16 = 0x0A) {
        guard state.destination == .text else { return }
        prepareOutput()
        flushBytes()
        if let pending = pendingAttachment { emitAttachment(pending.attachment); pendingAttachment = nil }
        out.append(separator)
        out.endParagraph(style: paragraphStyle(for: state.para))
    }

    mutating func emitAttachment(_ attachment: NSTextAttachment) {
        guard state.destination == .text else { return }
        flushBytes()
        var attrs = characterAttributes(for: state.char)
        attrs[.attachment] = attachment
        out.use(out.addAttributeSet(attrs))
        out.append(UInt16(NSTextAttachment.character))
        charDirty = true
    }
}
