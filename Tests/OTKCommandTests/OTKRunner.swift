import OpenTextKit
import Testing

/// Runs the built `otk` binary (it sits beside the test bundle in the build directory) and the
/// poppler tools, in scratch directories under /tmp.
enum OTKRunner {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The `otk` executable of this build.
    static let executable: URL = {
        let bundle = URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0])
        var directory = bundle.deletingLastPathComponent()
        // The test runner may be inside the .xctest bundle directory.
        while !FileManager.default.isExecutableFile(atPath: directory.appendingPathComponent("otk").path),
              directory.path != "/" {
            directory = directory.deletingLastPathComponent()
        }
        return directory.appendingPathComponent("otk")
    }()

    /// Runs `otk arguments` in `directory`.
    @discardableResult
    static func otk(_ arguments: [String], in directory: URL) throws -> Result {
        try run(executable, arguments, in: directory)
    }

    static func run(_ executable: URL, _ arguments: [String], in directory: URL? = nil) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        var environment = ProcessInfo.processInfo.environment
        environment["OTK_CONTENT_SIZE_CATEGORY"] = nil
        process.environment = environment
        // Output goes to files (no pipes that a chatty child could fill while we wait).
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("otk-run-\(UUID().uuidString)")
        let outURL = base.appendingPathExtension("out"), errURL = base.appendingPathExtension("err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: outURL)
            try? FileManager.default.removeItem(at: errURL)
        }
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        return Result(status: process.terminationStatus,
                      stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
                      stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }

    /// A new empty directory under /tmp.
    static func scratch(_ name: String = #function) throws -> URL {
        let safe = name.filter { $0.isLetter || $0.isNumber }
        let url = URL(fileURLWithPath: "/tmp/otk-tests/\(safe)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Every file in `directory`, hidden ones included, sorted.
    static func files(in directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }

    // MARK: Poppler

    /// The PDF's text: in content-stream order with `-raw` (the order text was drawn), or in
    /// pdftotext's reading order with nil (right-to-left runs come out whole only then).
    static func pdfText(_ pdf: URL, page: Int? = nil, mode: String? = "-raw") throws -> String {
        var arguments = mode.map { [$0] } ?? []
        if let page { arguments += ["-f", "\(page)", "-l", "\(page)"] }
        return try run(URL(fileURLWithPath: "/usr/bin/pdftotext"), arguments + [pdf.path, "-"]).stdout
    }

    static func pdfInfo(_ pdf: URL) throws -> [String: String] {
        let output = try run(URL(fileURLWithPath: "/usr/bin/pdfinfo"), [pdf.path]).stdout
        var info: [String: String] = [:]
        for line in output.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            info[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return info
    }

    static func pageCount(_ pdf: URL) throws -> Int {
        Int(try pdfInfo(pdf)["Pages"] ?? "") ?? 0
    }

    /// A word pdftotext found, with its box in points (top-left origin).
    struct Word {
        var text: String
        var box: CGRect
    }

    /// The words of `page` in the order pdftotext extracts them from the content stream, with
    /// their boxes (`pdftotext -bbox`).
    static func words(_ pdf: URL, page: Int) throws -> [Word] {
        let html = try run(URL(fileURLWithPath: "/usr/bin/pdftotext"),
                           ["-bbox", "-raw", "-f", "\(page)", "-l", "\(page)", pdf.path, "-"]).stdout
        var words: [Word] = []
        for line in html.split(separator: "\n") where line.contains("<word ") {
            func value(_ name: String) -> CGFloat {
                guard let range = line.range(of: "\(name)=\"") else { return 0 }
                let rest = line[range.upperBound...]
                return CGFloat(Double(rest.prefix { $0 != "\"" }) ?? 0)
            }
            guard let start = line.firstIndex(of: ">"), let end = line.range(of: "</word>")?.lowerBound else { continue }
            let text = String(line[line.index(after: start)..<end])
            let box = CGRect(x: value("xMin"), y: value("yMin"), width: value("xMax") - value("xMin"), height: value("yMax") - value("yMin"))
            words.append(Word(text: text, box: box))
        }
        return words
    }

    // MARK: PNG

    /// The pixel size in a PNG file's IHDR header.
    static func pngSize(_ url: URL) throws -> (width: Int, height: Int) {
        let data = try Data(contentsOf: url)
        let bytes = [UInt8](data.prefix(24))
        try #require(bytes.count == 24 && bytes[0] == 0x89 && Array(bytes[12..<16]) == Array("IHDR".utf8))
        func bigEndian(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (bigEndian(16), bigEndian(20))
    }

    // MARK: Inputs

    /// Plain text of `paragraphs` paragraphs whose words are numbered tokens (w0001, w0002…),
    /// so that reading order can be checked.
    static func numberedText(paragraphs: Int, wordsPerParagraph: Int = 60) -> String {
        var n = 0
        return (0..<paragraphs).map { _ in
            (0..<wordsPerParagraph).map { _ in
                n += 1
                return String(format: "w%04d", n)
            }.joined(separator: " ")
        }.joined(separator: "\n")
    }

    @discardableResult
    static func write(_ text: String, to name: String, in directory: URL) throws -> URL {
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }
}
