import ArgumentParser
import OpenTextKit

/// `otk render`: lay a document out into pages and write PDF, PNG or SVG.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Lay a document out into pages and write PDF, PNG or SVG.",
        discussion: """
            INPUT is a .txt, .md, .rtf, .rtfd, .html or .otkarchive file. Without it, otk renders \
            its built-in sample: a document that shows what the layout engine does, with a \
            design of its own (A4, two columns, a title page) that the options override.

            The output's extension chooses the format:
              .pdf  all pages in one file, searchable, with clickable links
              .png  one image per page: out.png becomes out-1.png, out-2.png…
                    (a single page keeps the name; --sheet makes one image)
              .svg  one file per page, named as for PNG
            Without -o, the output is INPUT's name with .pdf (sample.pdf for the sample) \
            in the current directory.

            Lengths take a unit: pt (the default), mm, cm or in. Shapes are in page \
            coordinates: points from the page's top-left corner, y going down.

            Examples:
              otk render
              otk render -o sample.png --sheet
              otk render essay.md --page-size A5 --margins 15mm --justify --hyphenation 1
              otk render notes.txt --columns 2 --exclude oval:208,300,180,240
              otk render poem.txt --shape circle:297,421,220 --align center -o poem.png
              otk render report.rtf --title Report --title-image chart.png --page-numbers
            """)

    @Argument(help: ArgumentHelp("The document to render (the built-in sample when omitted).", valueName: "input"))
    var input: String?

    @Option(name: [.short, .customLong("output")], help: ArgumentHelp(
        "The output file: .pdf, .png or .svg.", valueName: "file"))
    var output: String?

    @OptionGroup(title: "Page and text options")
    var layout: LayoutOptions

    @Flag(help: "PNG: one image with every page side by side instead of one file per page.")
    var sheet = false

    @Option(parsing: .unconditional, help: ArgumentHelp("PNG: pixels per point (default 2, i.e. 144 dpi).", valueName: "factor"))
    var scale: String?

    @Flag(name: .shortAndLong, help: "No progress and no summary on standard error.")
    var quiet = false

    func run() throws {
        let progress = ProgressReporter.make(quiet: quiet)
        defer { progress?.finish() }
        let document = try PreparedDocument.prepare(input: input, options: layout, quiet: quiet)
        let url = URL(fileURLWithPath: output ?? document.defaultOutputName)
        let format = try OutputFormat(url: url)
        if sheet && format != .png {
            throw OTKError("--sheet: only PNG output makes a sheet (the output is .\(format.rawValue))")
        }
        var renderer = PageRenderer(layout: try document.layOut(progress: progress))
        if let scale {
            let value = try LayoutOptions.number(scale, "--scale")
            guard value > 0, value <= 16 else { throw OTKError("--scale: \(TextSettings.describe(value)) is not a factor from 0 to 16") }
            renderer.scale = value
        }
        renderer.sheet = sheet
        renderer.progress = progress
        renderer.documentInfo = ["Title": document.title, "Creator": "otk (OpenTextKit)"]
        renderer.marks = document.marks
        let files = try renderer.render(to: url, format: format)
        progress?.finish()
        if !quiet {
            let pages = renderer.layout.pages.count
            let names = files.count == 1 ? files[0].lastPathComponent
                : "\(files[0].lastPathComponent) … \(files[files.count - 1].lastPathComponent)"
            StandardError.write("otk: wrote \(names) (\(pages) page\(pages == 1 ? "" : "s"))\n")
        }
    }
}
