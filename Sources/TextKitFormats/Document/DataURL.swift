/// `data:` URLs (RFC 2397), which carry a resource's bytes inside the document:
/// `data:image/png;base64,iVBOR…` or percent-encoded text.
enum DataURL {
    /// The bytes and type identifier of a `data:` URL, or nil when it does not decode.
    static func decode(_ source: String) -> (Data, String?)? {
        guard source.count > 5, source.prefix(5).lowercased() == "data:",
              let comma = source.firstIndex(of: ",") else { return nil }
        let header = source[source.index(source.startIndex, offsetBy: 5)..<comma].lowercased()
        let payload = source[source.index(after: comma)...]
        let type = header.split(separator: ";").first.flatMap { typeIdentifier(mediaType: String($0)) }
        if header.hasSuffix(";base64") {
            let cleaned = String(payload.filter { !$0.isWhitespace })
            guard let data = Data(base64Encoded: cleaned, options: .ignoreUnknownCharacters) else { return nil }
            return (data, type)
        }
        guard let text = String(payload).removingPercentEncoding else { return nil }
        return (Data(text.utf8), type)
    }

    /// The uniform type identifier of an image media type we know.
    static func typeIdentifier(mediaType: String) -> String? {
        switch mediaType.trimmingCharacters(in: .whitespaces) {
        case "image/png": "public.png"
        case "image/jpeg", "image/jpg": "public.jpeg"
        case "image/gif": "com.compuserve.gif"
        case "image/tiff": "public.tiff"
        case "application/pdf": "com.adobe.pdf"
        default: nil
        }
    }
}
