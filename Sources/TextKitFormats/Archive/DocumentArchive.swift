/// OpenTextKit's lossless archive: the text, every attribute this project knows and the document
/// attributes, as versioned JSON (`Codable`).
///
/// Reading what was written gives an equal string (`isEqual(to:)`), with two exceptions that equality
/// cannot see through: attachments and text lists compare by identity, so they come back as new
/// objects with the same contents (one object shared by several runs stays shared), and lone
/// surrogates become U+FFFD (JSON strings hold valid Unicode). Values of types this project does
/// not know cannot be archived (``DocumentWritingError/Kind/unsupportedAttributeValue``).
///
/// Versions: the file says `"version": 1`; readers accept their own version and older ones and
/// reject newer ones with ``DocumentReadingError/Kind/unsupportedArchiveVersion``.
enum DocumentArchive {
    static func looksLikeArchive(_ data: Data) -> Bool {
        let head = String(decoding: data.prefix(128), as: UTF8.self)
        return head.contains("\"\(ArchiveFile.formatName)\"")
    }

    // MARK: Writing

    static func write(_ string: NSAttributedString,
                      documentAttributes: [NSAttributedString.DocumentAttributeKey: Any]) throws(DocumentWritingError) -> Data {
        var encoder = ArchiveValueEncoder()
        var runs: [[Int]] = []
        var sets: [[String: ArchiveValue]] = []
        var setIndex: [Int: [Int]] = [:]  // hash of the archived set → candidate indices
        var failure: DocumentWritingError?
        string.enumerateAttributes(in: NSRange(location: 0, length: string.length), options: []) { attrs, range, stop in
            do throws(DocumentWritingError) {
                let archived = try encoder.encodeAttributes(attrs)
                var hasher = Hasher()
                hasher.combine(archived.count)
                for key in archived.keys.sorted() { hasher.combine(key) }
                let h = hasher.finalize()
                let index: Int
                if let known = setIndex[h]?.first(where: { sets[$0] == archived }) { index = known } else {
                    sets.append(archived)
                    index = sets.count - 1
                    setIndex[h, default: []].append(index)
                }
                if let last = runs.last, last[1] == index { runs[runs.count - 1][0] += range.length } else {
                    runs.append([range.length, index])
                }
            } catch {
                failure = error
                stop.pointee = true
            }
        }
        if let failure { throw failure }
        var document: [String: ArchiveValue] = [:]
        for (key, value) in documentAttributes {
            document[key.rawValue] = try encoder.encodeValue(value, key: key.rawValue)
        }
        let body = ArchiveBody(text: string.string, runs: runs, attributeSets: sets, attachments: encoder.attachments,
                               textLists: encoder.textLists, documentAttributes: document)
        let json = JSONEncoder()
        json.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        do {
            // The header first, then the body's keys: `{"format":…,"version":1,` + body without its "{".
            var data = Data("{\"format\":\"\(ArchiveFile.formatName)\",\"version\":\(ArchiveFile.currentVersion),".utf8)
            data.append(try json.encode(body).dropFirst())
            return data
        } catch {
            throw DocumentWritingError(kind: .unsupportedAttributeValue, message: "cannot encode the archive: \(error)")
        }
    }

    // MARK: Reading

    static func read(_ data: Data) throws(DocumentReadingError) -> (NSMutableAttributedString, [NSAttributedString.DocumentAttributeKey: Any]) {
        struct Header: Decodable { var format: String?; var version: Int? }
        let json = JSONDecoder()
        let header: Header
        do {
            header = try json.decode(Header.self, from: data)
        } catch {
            throw DocumentReadingError(kind: .invalidArchive, message: "not archive JSON: \(Self.describe(error))")
        }
        guard header.format == ArchiveFile.formatName else {
            throw DocumentReadingError(kind: .invalidArchive, message: "the JSON is not an OpenTextKit archive (format \(header.format ?? "missing"))")
        }
        guard let version = header.version, version >= 1, version <= ArchiveFile.currentVersion else {
            throw DocumentReadingError(kind: .unsupportedArchiveVersion,
                                       message: "archive version \(header.version.map(String.init) ?? "missing") is not supported (this reader knows 1…\(ArchiveFile.currentVersion))")
        }
        let file: ArchiveFile
        do {
            file = try json.decode(ArchiveFile.self, from: data)
        } catch {
            throw DocumentReadingError(kind: .invalidArchive, message: "invalid archive: \(Self.describe(error))")
        }
        var decoder = ArchiveValueDecoder(attachments: file.attachments, textLists: file.textLists)
        let result = NSMutableAttributedString(string: file.text)
        let length = result.length
        var sets: [[NSAttributedString.Key: Any]?] = Array(repeating: nil, count: file.attributeSets.count)
        var location = 0
        for run in file.runs {
            guard run.count == 2, run[0] > 0, run[1] >= 0, run[1] < file.attributeSets.count, run[0] <= length - location else {
                throw DocumentReadingError(kind: .invalidArchive, message: "run \(run) does not fit the text (length \(length), at \(location))")
            }
            if sets[run[1]] == nil { sets[run[1]] = try decoder.decodeAttributes(file.attributeSets[run[1]]) }
            let attrs = sets[run[1]] ?? [:]
            if !attrs.isEmpty { result.setAttributes(attrs, range: NSRange(location: location, length: run[0])) }
            location += run[0]
        }
        guard location == length else {
            throw DocumentReadingError(kind: .invalidArchive, message: "the runs cover \(location) of \(length) UTF-16 units")
        }
        var document: [NSAttributedString.DocumentAttributeKey: Any] = [:]
        for (key, value) in file.documentAttributes {
            document[NSAttributedString.DocumentAttributeKey(rawValue: key)] = try decoder.decodeValue(value)
        }
        return (result, document)
    }

    static func describe(_ error: Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let c): return c.debugDescription + path(c.codingPath)
        case DecodingError.keyNotFound(let key, let c): return "missing \"\(key.stringValue)\"" + path(c.codingPath)
        case DecodingError.typeMismatch(_, let c), DecodingError.valueNotFound(_, let c): return c.debugDescription + path(c.codingPath)
        default: return "\(error)"
        }
    }

    private static func path(_ p: [CodingKey]) -> String {
        p.isEmpty ? "" : " at " + p.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }
}
