import ArgumentParser
import Glibc
import OpenTextKit

/// `otk`: OpenTextKit's command-line tool. It lays documents out with the library's
/// NSLayoutManager into pages, columns and shapes, and writes PDF, PNG or SVG.
@main
struct OTK: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "otk",
        abstract: "Typeset documents into pages, columns and shapes with OpenTextKit.",
        discussion: """
            otk lays text out with OpenTextKit (Apple's TextKit rebuilt for Linux on HarfBuzz, \
            ICU, libhyphen and Cairo) and writes searchable PDF, PNG or SVG.

            Start with the built-in sample:
              otk render                         writes sample.pdf
              otk render -o page.png             one PNG per page: page-1.png, page-2.png…

            Your own documents (.txt, .md, .rtf, .rtfd, .html, .otkarchive):
              otk render notes.md --columns 2 --exclude oval:220,300,160,200 -o notes.pdf
              otk measure notes.md --json
              otk fonts --fallback "Hello, مرحبا, 你好 😀"
              otk batch *.md --output-dir out     many documents, one process, every core
              otk convert essay.rtf essay.html    between RTF, RTFD, HTML, Markdown, text, archives

            Errors print one line (otk: error: …) and exit with status 2; no partial output is left.
            """,
        subcommands: [Render.self, Batch.self, Measure.self, Fonts.self, Convert.self])

    /// Runs the command; `OTKError`s become `otk: error: …` and exit status 2.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as OTKError {
            StandardError.write("otk: error: \(error.message)\n")
            Glibc.exit(2)
        } catch {
            exit(withError: error)
        }
    }
}
