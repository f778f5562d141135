import OpenTextKit

/// A document ready to lay out: its storage with every option applied, and the page design.
struct PreparedDocument {
    var storage: NSTextStorage
    var design: PageDesign
    var kind: DocumentKind
    /// A title for the PDF's document info.
    var title: String
    /// The output name used when `-o` is not given: the input's name with .pdf, or sample.pdf.
    var defaultOutputName: String
    /// The hyphenation factor for paragraphs whose style has none (the document's own).
    var defaultHyphenation: Float = 0
    /// Link targets and headings (Markdown), for the PDF's destinations and outline.
    var marks: DocumentMarks

    /// Applies what `options` set for the whole process (the Dynamic Type category), and prints
    /// the options' warnings unless `quiet`; the text settings.
    @discardableResult
    static func applyProcessSettings(_ options: LayoutOptions, quiet: Bool) throws -> TextSettings {
        let text = try options.textSettings()
        if let warning = text.hyphenationWarning, !quiet { StandardError.write("otk: warning: \(warning)\n") }
        if let category = text.contentSizeCategory { UIContentSizeCategory.preferred = category }
        return text
    }

    /// Reads `input` (the built-in sample when nil) and applies `options`. A batch sets the
    /// process-wide settings once, before its workers (`setsProcessSettings` false).
    static func prepare(input: String?, options: LayoutOptions, quiet: Bool = false,
                        setsProcessSettings: Bool = true) throws -> PreparedDocument {
        let text = setsProcessSettings ? try applyProcessSettings(options, quiet: quiet) : try options.textSettings()
        var design = PageDesign()
        let document: LoadedDocument
        let name: String
        if let input {
            let url = URL(fileURLWithPath: input)
            document = try DocumentLoader.load(url, settings: text)
            if !quiet { document.printResourceWarnings(url) }
            // The document's own paper and margins, when they make sense (options override them).
            if let paper = document.paperSize, (try? PageSize.validate(paper, what: "")) != nil, paper.width >= 72, paper.height >= 72 {
                design.pageSize = paper
                if let margins = document.paperMargins, min(margins.top, margins.left, margins.bottom, margins.right) >= 0,
                   margins.left + margins.right < paper.width * 0.8, margins.top + margins.bottom < paper.height * 0.8 {
                    design.margins = margins
                }
            }
            name = url.deletingPathExtension().lastPathComponent
        } else {
            let sample = try SampleDocument.make(settings: text)
            document = sample.document
            design = sample.design
            name = "sample"
        }
        DocumentStyler.applyOverrides(text, to: document.text)
        try options.apply(to: &design, text: text)
        TableFitting.fit(document.text, width: design.columnWidth)
        if document.kind == .markdown { IndentLimit.apply(to: document.text, width: design.columnWidth) }
        ImageFitting.fit(document.text, width: design.columnWidth, height: design.contentHeight)
        let title = options.title ?? document.title ?? name
        let storage = NSTextStorage(attributedString: document.text)
        let marks = DocumentMarks(storage: storage)
        DocumentMarks.removeBrokenInternalLinks(in: storage, names: marks.names)
        var prepared = PreparedDocument(storage: storage, design: design, kind: document.kind, title: title,
                                        defaultOutputName: "\(name.isEmpty ? "output" : name).pdf", marks: marks)
        if let factor = document.hyphenationFactor, (0...1).contains(factor) { prepared.defaultHyphenation = factor }
        return prepared
    }

    /// Lays the document out into pages, on at most `threads` threads (nil: the layout
    /// manager's default).
    func layOut(progress: ProgressReporter?, threads: Int? = nil) throws -> PagedLayout {
        let design = design
        let layout = PagedLayout(storage: storage, flow: design.flow) { design.template($0) }
        if let threads { layout.layoutManager.maximumLayoutThreads = threads }
        if kind == .markdown {
            layout.keepsWithNext = PagedLayout.headingsKeepWithNext(storage)
            layout.allowsWordBreak = PagedLayout.codeIndentationStaysWithText(storage)
            layout.allowsHyphenation = PagedLayout.codeIsNotHyphenated(storage)
        }
        layout.layoutManager.hyphenationFactor = CGFloat(defaultHyphenation)
        layout.balancesLastPage = design.balancesLastPage
        layout.floatsFigures = true
        try layout.layOut(progress: progress)
        return layout
    }
}
