import OpenTextKit

/// The kind of file `otk render` writes, chosen by the output's extension.
enum OutputFormat: String, CaseIterable {
    case pdf, png, svg

    init(url: URL) throws {
        let ext = url.pathExtension.lowercased()
        guard let format = OutputFormat(rawValue: ext) else {
            let shown = ext.isEmpty ? "no extension" : "'.\(ext)'"
            throw OTKError("-o: cannot tell the output format from \(shown) in \(url.lastPathComponent) (use .pdf, .png or .svg)")
        }
        self = format
    }

    /// The files of a `count`-page render to `url`: the URL itself for PDF and for a single
    /// page; `name-1.ext`, `name-2.ext`… for several PNG or SVG pages.
    func files(for url: URL, pages count: Int) -> [URL] {
        guard self != .pdf, count > 1 else { return [url] }
        let stem = url.deletingPathExtension().lastPathComponent
        let directory = url.deletingLastPathComponent()
        return (1...count).map { directory.appendingPathComponent("\(stem)-\($0).\(url.pathExtension)") }
    }
}
