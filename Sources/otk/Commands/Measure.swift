import ArgumentParser
import OpenTextKit

/// `otk measure`: what a render would make, without drawing.
struct Measure: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the pages, lines, glyphs and size a document takes, without rendering it.",
        discussion: """
            Lays INPUT out exactly as otk render would with the same options and prints what \
            it took: pages, line fragments (a line split by an exclusion counts twice), glyphs, \
            characters, and the bounding size of the text set in one column of the column width \
            with no height limit (what NSAttributedString.boundingRect(with:options:context:) \
            gives). --json prints the same, with a line count and character range per page.

            Examples:
              otk measure essay.md
              otk measure notes.txt --columns 2 --page-size A5 --json
              otk measure --flow scroll            the sample as one tall page
            """)

    @Argument(help: ArgumentHelp("The document to measure (the built-in sample when omitted).", valueName: "input"))
    var input: String?

    @OptionGroup(title: "Page and text options")
    var layout: LayoutOptions

    @Flag(help: "Print JSON.")
    var json = false

    @Flag(name: .shortAndLong, help: "No progress on standard error.")
    var quiet = false

    func run() throws {
        let progress = ProgressReporter.make(quiet: quiet)
        defer { progress?.finish() }
        let document = try PreparedDocument.prepare(input: input, options: layout, quiet: quiet)
        // Measured before the pages are laid out, so that the two layouts are never held at once.
        let bounds = MeasureReport.boundingSize(of: document)
        let laidOut = try document.layOut(progress: progress)
        progress?.finish()
        let report = MeasureReport(input: input ?? "(sample)", document: document, layout: laidOut, boundingSize: bounds)
        print(json ? try report.json() : report.text())
    }
}
