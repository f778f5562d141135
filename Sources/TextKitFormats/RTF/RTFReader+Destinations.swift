extension RTFReader {
    /// Called when the group that started `closing.destination` ends (the parent state is current).
    mutating func finishDestination(_ closing: RTFGroupState) {
        switch closing.destination {
        case .fontTable:
            if pendingFontNumber >= 0 {
                // An entry without its ";" (seen in the wild): keep it.
                let saved = state.destination
                state.destination = .fontTable
                endTableEntry()
                state.destination = saved
            }
            charDirty = true
        case .colorTable, .expandedColorTable:
            charCache.removeAll()
            charDirty = true
        case .infoText(let field):
            let text = String(decoding: destinationText, as: UTF16.self).trimmingCharacters(in: .whitespacesAndNewlines)
            destinationText = []
            switch field {
            case .title: documentAttributes[.title] = text
            case .subject: documentAttributes[.subject] = text
            case .author: documentAttributes[.author] = text
            case .comment: documentAttributes[.comment] = text
            case .company: documentAttributes[.company] = text
            case .copyright: documentAttributes[.copyright] = text
            case .keywords:
                documentAttributes[.keywords] = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                    .filter { !$0.isEmpty }
            case .creationTime, .modificationTime: break
            }
        case .infoTime(let field):
            var components = DateComponents()
            components.calendar = Calendar(identifier: .gregorian)
            components.timeZone = TimeZone.current
            components.year = Int(min(max(timeParts[0], 1), 9999))
            components.month = Int(min(max(timeParts[1], 1), 12))
            components.day = Int(min(max(timeParts[2], 1), 31))
            components.hour = Int(min(max(timeParts[3], 0), 23))
            components.minute = Int(min(max(timeParts[4], 0), 59))
            components.second = Int(min(max(timeParts[5], 0), 59))
            if timeParts[0] > 0, let date = components.date {
                documentAttributes[field == .creationTime ? .creationTime : .modificationTime] = date
            }
        case .fieldInstruction:
            let instruction = String(decoding: destinationText, as: UTF16.self)
            destinationText = []
            if let url = Self.hyperlinkTarget(instruction), !fields.isEmpty {
                links.append(URL(string: url) ?? url as Any)
                fields[fields.count - 1].link = Int32(links.count - 1)
            }
        case .picture:
            let attachment = makePictureAttachment()
            picture = RTFPicture()
            if state.destination == .text, let attachment { emitAttachment(attachment) }
        case .nextGraphic:
            let name = String(decoding: destinationText, as: UTF16.self).trimmingCharacters(in: .whitespaces)
            destinationText = []
            let attachment = makeFileAttachment(name: name)
            if state.destination == .text { pendingAttachment = (attachment, stack.count) }
        default:
            break
        }
    }

    /// The target of a `HYPERLINK "url"` field instruction (`\l "name"` gives "#name"), or nil.
    static func hyperlinkTarget(_ instruction: String) -> String? {
        var rest = Substring(instruction).drop(while: { $0 == " " })
        guard rest.uppercased().hasPrefix("HYPERLINK") else { return nil }
        rest = rest.dropFirst("HYPERLINK".count)
        var arguments: [String] = []
        var anchor = false
        var target: String?
        var fragment: String?
        while !rest.isEmpty {
            rest = rest.drop(while: { $0 == " " })
            guard let first = rest.first else { break }
            var token: String
            if first == "\"" {
                let body = rest.dropFirst()
                let end = body.firstIndex(of: "\"") ?? body.endIndex
                token = String(body[..<end])
                rest = end < body.endIndex ? body[body.index(after: end)...] : body[end...]
            } else {
                let end = rest.firstIndex(of: " ") ?? rest.endIndex
                token = String(rest[..<end])
                rest = rest[end...]
                if token.hasPrefix("\\") {
                    if token == "\\l" { anchor = true } else if ["\\o", "\\t", "\\m"].contains(token) { arguments.append("skip") }
                    continue
                }
            }
            if arguments.last == "skip" { arguments.removeLast(); continue }
            token = token.replacingOccurrences(of: "\\\\", with: "\\")
            if anchor { fragment = token; anchor = false } else if target == nil { target = token }
        }
        if let fragment { return (target ?? "") + "#" + fragment }
        return target.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// An attachment for the picture just read, or nil when it holds no data.
    func makePictureAttachment() -> NSTextAttachment? {
        guard !picture.data.isEmpty else { return nil }
        let data = Data(picture.data)
        let attachment = NSTextAttachment(data: data, ofType: picture.type)
        var natural = CGSize.zero
        if picture.type == "public.png", let image = UIImage(data: data) {
            attachment.image = image
            natural = image.size
        }
        // The size to show: \picwgoal/\pichgoal (twips) scaled by \picscalex/y, when it differs
        // from the image's own size (so a picture written from an unsized attachment reads back unsized).
        if picture.goalWidth > 0, picture.goalHeight > 0 {
            let w = CGFloat(picture.goalWidth) / 20 * CGFloat(max(1, min(picture.scaleX, 10_000))) / 100
            let h = CGFloat(picture.goalHeight) / 20 * CGFloat(max(1, min(picture.scaleY, 10_000))) / 100
            if w.isFinite, h.isFinite, abs(w - natural.width) > 0.05 || abs(h - natural.height) > 0.05 {
                attachment.bounds = CGRect(x: 0, y: 0, width: w, height: h)
            }
        }
        return attachment
    }

    /// An attachment for a file of the RTFD package (`\NeXTGraphic name`). In a package that
    /// lacks the file (or holds it as a symbolic link, which is not followed) the attachment shows
    /// a placeholder and the name is noted in ``missingAttachmentFiles``.
    mutating func makeFileAttachment(name: String) -> NSTextAttachment {
        let data = attachmentFiles?[name]
        let type = RTFD.typeIdentifier(forFileName: name)
        let attachment = NSTextAttachment(data: data, ofType: type)
        var natural = CGSize.zero
        if let data, let image = UIImage(data: data) {
            attachment.image = image
            natural = image.size
        } else if data == nil, attachmentFiles != nil {
            missingAttachmentFiles.append(name)
            attachment.image = ResourcePlaceholder.image()
        }
        let w = CGFloat(nextGraphicSize.width) / 20, h = CGFloat(nextGraphicSize.height) / 20
        if w > 0, h > 0, abs(w - natural.width) > 0.05 || abs(h - natural.height) > 0.05 {
            attachment.bounds = CGRect(x: 0, y: 0, width: w, height: h)
        }
        return attachment
    }
}
