/// RTFD: a directory holding `TXT.rtf` and one file per attachment, which the RTF names with
/// Cocoa's `{{\NeXTGraphic name \width… \height…}¬}`.
enum RTFD {
    /// The name of the RTF file inside the package.
    static let textFileName = "TXT.rtf"

    /// The uniform type identifier for a file name's extension (nil when unknown).
    static func typeIdentifier(forFileName name: String) -> String? {
        switch (name as NSString).pathExtension.lowercased() {
        case "png": return "public.png"
        case "jpg", "jpeg": return "public.jpeg"
        case "tif", "tiff": return "public.tiff"
        case "gif": return "com.compuserve.gif"
        case "pdf": return "com.adobe.pdf"
        case "txt": return "public.plain-text"
        case "rtf": return "public.rtf"
        default: return nil
        }
    }

    /// A file extension for a type identifier ("dat" when unknown).
    static func fileExtension(forType type: String?) -> String {
        switch type {
        case "public.png": return "png"
        case "public.jpeg": return "jpeg"
        case "public.tiff": return "tiff"
        case "com.compuserve.gif": return "gif"
        case "com.adobe.pdf": return "pdf"
        case "public.plain-text": return "txt"
        case "public.rtf": return "rtf"
        default: return "dat"
        }
    }

    /// Reads the package in `wrapper` (a directory wrapper).
    static func read(_ wrapper: FileWrapper) throws(DocumentReadingError) -> (NSMutableAttributedString, [NSAttributedString.DocumentAttributeKey: Any]) {
        guard let children = wrapper.fileWrappers else {
            throw DocumentReadingError(kind: .unreadableFile, message: "an RTFD document must be a directory")
        }
        guard let text = children[textFileName]?.regularFileContents ?? children["TXT.rtf"]?.regularFileContents else {
            throw DocumentReadingError(kind: .unreadableFile, message: "the RTFD directory has no \(textFileName)")
        }
        var files: [String: Data] = [:]
        for (name, child) in children where name != textFileName {
            if let data = child.regularFileContents { files[name] = data }
        }
        var reader = RTFReader(attachmentFiles: files)
        let string = try reader.read(text)
        var attributes = reader.documentAttributes
        // A symbolic link in the package is never read through (it could point anywhere on the
        // machine reading the document): its attachment is a placeholder, with a warning.
        let warnings = reader.missingAttachmentFiles.map { name in
            DocumentResourceWarning(reference: name, reason: children[name]?.isSymbolicLink == true ? .symbolicLink : .notFound)
        }
        if !warnings.isEmpty { attributes[.resourceWarnings] = warnings }
        return (string, attributes)
    }
}
