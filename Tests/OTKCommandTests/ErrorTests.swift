import OpenTextKit
import Testing

@Suite("otk: bad input gives one line on stderr, exit status 2 and no output")
struct ErrorTests {
    /// Runs otk in a fresh directory holding a small text file, and checks the failure: status
    /// 2, one line starting `otk: error:` that contains `expected`, and no new file (temporary
    /// files included).
    func expectFailure(_ arguments: [String], _ expected: String, setUp: (URL) throws -> Void = { _ in },
                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        let directory = try OTKRunner.scratch()
        try OTKRunner.write(OTKRunner.numberedText(paragraphs: 8), to: "text.txt", in: directory)
        try setUp(directory)
        let before = OTKRunner.files(in: directory)
        let result = try OTKRunner.otk(arguments, in: directory)
        #expect(result.status == 2, "status for \(arguments)", sourceLocation: sourceLocation)
        #expect(result.stderr.hasPrefix("otk: error: "), "stderr: \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.filter { $0 == "\n" }.count == 1 && result.stderr.hasSuffix("\n"),
                "one line: \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains(expected), "\(result.stderr) should say \(expected)", sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
        #expect(OTKRunner.files(in: directory) == before, "no output left behind", sourceLocation: sourceLocation)
    }

    @Test("A missing input file")
    func missingFile() throws {
        try expectFailure(["render", "nothere.txt"], "cannot read nothere.txt: no such file")
    }

    @Test("An unreadable input file")
    func unreadableFile() throws {
        guard getuid() != 0 else { return }  // root reads anything
        try expectFailure(["render", "secret.txt"], "permission denied") { directory in
            let url = try OTKRunner.write("secret", to: "secret.txt", in: directory)
            try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: url.path)
        }
    }

    @Test("An input format otk does not read")
    func unknownInputFormat() throws {
        try expectFailure(["render", "letter.docx"], "unknown format '.docx'") { directory in
            _ = try OTKRunner.write("PK", to: "letter.docx", in: directory)
        }
    }

    @Test("An output format otk does not write, and --sheet without PNG")
    func unknownOutputFormat() throws {
        try expectFailure(["render", "text.txt", "-o", "out.jpg"], "cannot tell the output format from '.jpg'")
        try expectFailure(["render", "text.txt", "-o", "out.pdf", "--sheet"], "--sheet: only PNG output")
    }

    @Test("An output directory that does not exist")
    func missingOutputDirectory() throws {
        try expectFailure(["render", "text.txt", "-o", "no/such/dir/out.pdf"], "does not exist")
    }

    @Test("An unknown font")
    func unknownFont() throws {
        try expectFailure(["render", "text.txt", "--font", "Comic Sans Nonexistent"], "no installed font is named 'Comic Sans Nonexistent'")
    }

    @Test("Impossible geometry: a zero-width column, margins larger than the page, negative and zero sizes")
    func impossibleGeometry() throws {
        try expectFailure(["render", "text.txt", "--columns", "40"], "too narrow for text")
        try expectFailure(["render", "text.txt", "--columns", "0"], "--columns")
        try expectFailure(["render", "text.txt", "--margins", "400"], "leave no room")
        try expectFailure(["render", "text.txt", "--margins", "10,300,10,300"], "leave no room")
        try expectFailure(["render", "text.txt", "--page-size", "-100x200"], "--page-size")
        try expectFailure(["render", "text.txt", "--page-size", "0x200mm"], "positive width and height")
        try expectFailure(["render", "text.txt", "--gutter", "-5"], "the gutter cannot be negative")
        try expectFailure(["render", "text.txt", "--font-size", "-3"], "--font-size")
        try expectFailure(["render", "text.txt", "--hyphenation", "1.5"], "--hyphenation")
        try expectFailure(["render", "text.txt", "--exclude", "oval:10,10,-5,20"], "must be positive")
    }

    @Test("An exclusion that covers the page, or a shape too small for a word: no text fits")
    func nothingFits() throws {
        try expectFailure(["render", "text.txt", "--exclude", "rect:0,0,600,850"], "no text fits on page 1")
        try expectFailure(["render", "text.txt", "--shape", "circle:300,400,1", "-o", "x.png"], "no text fits on page 1")
        try expectFailure(["render", "text.txt", "--flow", "scroll", "--shape", "circle:300,400,40"], "the text does not fit")
        try expectFailure(["render", "text.txt", "--font-size", "900", "--page-size", "A6"], "no text fits on page 1")
    }

    @Test("Malformed path data names the offset")
    func malformedPath() throws {
        try expectFailure(["render", "text.txt", "--exclude", "path:M 10 10 L 20"], "--exclude: path data: expected a number")
        try expectFailure(["render", "text.txt", "--shape", "path:Q"], "must start with M")
    }

    @Test("A failure while writing a PNG set leaves none of its pages behind")
    func noPartialPageSet() throws {
        // A directory named like the second page makes the set impossible to write.
        try expectFailure(["render", "text.txt", "--page-size", "A6", "-o", "out.png"], "a directory is in the way") { directory in
            try FileManager.default.createDirectory(at: directory.appendingPathComponent("out-2.png"), withIntermediateDirectories: false)
        }
    }

    @Test("A title image that is missing or not a PNG")
    func badTitleImage() throws {
        try expectFailure(["render", "text.txt", "--title-image", "none.png"], "--title-image: cannot read none.png")
        try expectFailure(["render", "text.txt", "--title-image", "text.txt"], "is not a PNG image")
    }

    @Test("Bad values of the other options")
    func badValues() throws {
        try expectFailure(["render", "text.txt", "--flow", "sideways"], "--flow: 'sideways' is not pages or scroll")
        try expectFailure(["render", "text.txt", "--align", "diagonal"], "--align")
        try expectFailure(["render", "text.txt", "--content-size-category", "huge"], "--content-size-category")
        try expectFailure(["render", "text.txt", "--flow", "scroll", "--columns", "2"], "scroll flow makes one tall column")
        try expectFailure(["render", "text.txt", "--scale", "0"], "--scale")
        try expectFailure(["fonts", "--font", "DejaVu Sans"], "only used with --fallback")
    }
}

@Suite("otk: help and quiet runs")
struct HelpTests {
    @Test("otk --help lists the subcommands; each subcommand's help has its options and examples")
    func help() throws {
        let root = try OTKRunner.otk(["--help"], in: URL(fileURLWithPath: "/tmp"))
        #expect(root.status == 0)
        for word in ["render", "measure", "fonts", "otk render"] { #expect(root.stdout.contains(word)) }
        let render = try OTKRunner.otk(["render", "--help"], in: URL(fileURLWithPath: "/tmp"))
        #expect(render.status == 0)
        for word in ["--exclude", "--shape", "--columns", "--page-size", "--sheet", "Examples:", "circle:"] {
            #expect(render.stdout.contains(word), "render help mentions \(word)")
        }
        let measure = try OTKRunner.otk(["measure", "--help"], in: URL(fileURLWithPath: "/tmp"))
        #expect(measure.stdout.contains("--json") && measure.stdout.contains("Examples:"))
        let fonts = try OTKRunner.otk(["fonts", "--help"], in: URL(fileURLWithPath: "/tmp"))
        #expect(fonts.stdout.contains("--fallback") && fonts.stdout.contains("Examples:"))
    }

    @Test("No progress when stderr is not a terminal, and nothing at all with --quiet")
    func quiet() throws {
        let directory = try OTKRunner.scratch()
        let loud = try OTKRunner.otk(["render", "-o", "a.pdf"], in: directory)
        #expect(loud.stderr == "otk: wrote a.pdf (3 pages)\n")
        let quiet = try OTKRunner.otk(["render", "-o", "b.pdf", "--quiet"], in: directory)
        #expect(quiet.status == 0 && quiet.stderr.isEmpty && quiet.stdout.isEmpty)
    }
}

@Suite("otk: bad documents")
struct BadDocumentTests {
    @Test("Malformed RTF and a damaged archive are errors naming the file and the problem")
    func malformedDocuments() throws {
        let directory = try OTKRunner.scratch()
        try OTKRunner.write("Just words, no RTF header.", to: "cut.rtf", in: directory)
        try OTKRunner.write(#"{\rtf1 "# + String(repeating: "{", count: 100_000), to: "deep.rtf", in: directory)
        try OTKRunner.write(#"{\rtf1 \bin99999999 x}"#, to: "bin.rtf", in: directory)
        try OTKRunner.write(#"{"format": "OTKArchive", "version": 1, "text": 5}"#, to: "bad.otkarchive", in: directory)
        for (name, expected) in [("cut.rtf", "cannot read cut.rtf: malformed RTF (line 1): the data does not start with {\\rtf"),
                                 ("deep.rtf", "cannot read deep.rtf: malformed RTF"), ("bin.rtf", "cannot read bin.rtf: malformed RTF"),
                                 ("bad.otkarchive", "cannot read bad.otkarchive: ")] {
            let before = OTKRunner.files(in: directory)
            let result = try OTKRunner.otk(["render", name], in: directory)
            #expect(result.status == 2, "\(name): \(result.stderr)")
            #expect(result.stderr.hasPrefix("otk: error: \(expected)"), "\(name): \(result.stderr)")
            #expect(result.stderr.filter { $0 == "\n" }.count == 1)
            #expect(OTKRunner.files(in: directory) == before)
        }
    }
}

@Suite("otk: interruption")
struct InterruptionTests {
    @Test("A render stopped by SIGTERM while writing pages leaves no files, temporary ones included")
    func terminated() throws {
        let directory = try OTKRunner.scratch()
        try OTKRunner.write(OTKRunner.numberedText(paragraphs: 1200, wordsPerParagraph: 40), to: "long.txt", in: directory)
        let process = Process()
        process.executableURL = OTKRunner.executable
        process.arguments = ["render", "long.txt", "-o", "page.png", "--scale", "1"]
        process.currentDirectoryURL = directory
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait for the first staged page (a hidden file), then stop the render.
        var staged = false
        for _ in 0..<6000 where process.isRunning {
            if OTKRunner.files(in: directory).contains(where: { $0.hasPrefix(".") }) {
                staged = true
                break
            }
            usleep(5_000)
        }
        if staged { kill(process.processIdentifier, SIGTERM) }
        process.waitUntilExit()
        guard staged, process.terminationStatus == 128 + SIGTERM else {
            // The render finished before it could be stopped (a very fast machine): nothing to check.
            return
        }
        #expect(OTKRunner.files(in: directory) == ["long.txt"])
    }
}
