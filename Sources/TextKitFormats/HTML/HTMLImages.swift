/// The images of `<img>`: a local file (resolved against the base URL) or a `data:` URL becomes
/// an attachment with the bytes and, for PNG, the image. Nothing is fetched from the network.
enum HTMLImages {
    /// The attachment for `source` (an empty one when the image cannot be had locally).
    static func attachment(source: String, baseURL: URL?) -> NSTextAttachment {
        guard !source.isEmpty else { return NSTextAttachment(data: nil, ofType: nil) }
        if source.lowercased().hasPrefix("data:") {
            guard let (data, type) = decodeDataURL(source) else { return NSTextAttachment(data: nil, ofType: nil) }
            return attachment(data, type: type)
        }
        guard let url = URL(string: source, relativeTo: baseURL)?.absoluteURL, url.isFileURL,
              let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int,
              size <= HTMLLimits.maximumImageBytes,
              let data = try? Data(contentsOf: url) else {
            return NSTextAttachment(data: nil, ofType: nil)
        }
        return attachment(data, type: RTFD.typeIdentifier(forFileName: url.lastPathComponent))
    }

    private static func attachment(_ data: Data, type: String?) -> NSTextAttachment {
        let attachment = NSTextAttachment(data: data, ofType: type)
        attachment.image = UIImage(data: data)
        return attachment
    }

    /// The bytes and type of a `data:` URL (`data:image/png;base64,…` or percent-encoded).
    static func decodeDataURL(_ source: String) -> (Data, String?)? {
        guard let comma = source.firstIndex(of: ",") else { return nil }
        let header = source[source.index(source.startIndex, offsetBy: 5)..<comma].lowercased()
        let payload = source[source.index(after: comma)...]
        let mime = header.split(separator: ";").first.map(String.init)
        let type: String? = switch mime {
        case "image/png": "public.png"
        case "image/jpeg", "image/jpg": "public.jpeg"
        case "image/gif": "com.compuserve.gif"
        default: nil
        }
        if header.hasSuffix(";base64") {
            let cleaned = payload.filter { !$0.isWhitespace }
            guard let data = Data(base64Encoded: String(cleaned), options: .ignoreUnknownCharacters),
                  data.count <= HTMLLimits.maximumImageBytes else { return nil }
            return (data, type)
        }
        guard let text = String(payload).removingPercentEncoding else { return nil }
        return (Data(text.utf8), type)
    }
}
