import Foundation
import Testing
import TextKitGraphics

// A real window: the built TextKitDemo runs on a private Xvfb server, xdotool types into it
// (plain keys, BackSpace, shift+Left over a character, GTK's simple input method's Unicode entry
// whose preedit is marked text until it commits, a double click on a word, a drag over a line,
// copy, paste and undo), the demo writes PNGs of what GTK draws (on SIGUSR1 and at quit) and its
// text at quit. Xvfb, xdotool and the demo are always
// stopped, pass or fail. scripts/setup.sh installs Xvfb and xdotool; without them the test
// fails saying so. OTK_GTK_TEST_KEEP=1 keeps the scratch directory (the PNGs) for a look.

extension WindowTests {
    @Suite("GTK host: TextKitDemo in a real X window")
    struct DemoWindowTests {
        // The body takes about 2 s, alone or in the whole suite; in a parallel `swift test` its
        // reported time is longer because it may wait for a free thread after "started" is printed.
        @Test("Keys, the input method's preedit and commit, clicks and drags reach the text view and show",
              .timeLimit(.minutes(3)))
        func typeIntoTheDemo() throws {
            let session = try DemoSession(["GTK_IM_MODULE": "gtk-im-context-simple", "OTK_DEMO_TEXT": ""])
            defer { session.close() }
            let window = session.window

            try session.xdo("type", "--delay", "20", "Hello world ")
            try session.xdo("key", "BackSpace")                 // "Hello world"
            try session.xdo("key", "shift+Left")                // selects the "d"
            try session.xdo("type", "--delay", "20", "d!")      // typed over the selection: "Hello world!"
            try session.xdo("key", "ctrl+shift+u")              // GTK's simple IM: Unicode entry, preedit "u"
            try session.xdo("type", "--delay", "20", "e9")      // preedit "ue9", shown as marked text
            let preedit = try session.snapshot(1)
            try session.xdo("key", "space")                     // commits "é": "Hello world!é"
            // The mouse (window coordinates; the first line's glyphs are at y 55…66, "Hello" at x 18…55).
            try session.xdo("mousemove", "--window", window, "30", "60", "click", "--repeat", "2", "--delay", "60", "1")
            try session.xdo("type", "--delay", "20", "Howdy")   // typed over the double-clicked word
            try session.xdo("mousemove", "--window", window, "14", "60", "mousedown", "1",
                            "mousemove", "--window", window, "100", "62", "mousemove", "--window", window, "600", "62", "mouseup", "1")
            try session.xdo("key", "ctrl+c", "ctrl+End", "Return", "ctrl+v")  // the dragged line, copied below itself
            try session.xdo("key", "ctrl+z")                    // takes the paste back
            try session.xdo("type", "!")
            let final = try session.quit()

            #expect(try session.textWritten() == "Howdy world!é\n!", "demo log: \(session.app.log)")
            // The host exported the text view's accessibility value (its text) to the bus.
            #expect(try session.report()["accessibleValue"] == "Howdy world!é\n!")

            // Ink: dark pixels in the text view's first line (below the notebook's tabs), none
            // below the second, and the preedit frame differs from the final one.
            #expect(final.width >= 600 && final.height >= 400, "the window's content is \(final.width)×\(final.height)")
            let firstLine = CGRect(x: 8, y: 40, width: 300, height: 45)
            let below = CGRect(x: 8, y: 120, width: 500, height: 200)
            #expect(Tools.darkPixels(final, in: firstLine) > 150, "no text drawn where the first line is")
            #expect(Tools.darkPixels(final, in: below) == 0, "ink below the only line")
            #expect(Tools.darkPixels(preedit, in: firstLine) > 150)
            #expect(Tools.differingPixels(final, preedit, in: firstLine) > 20, "the preedit frame should differ from the final one")
        }
    }
}

/// Helpers for running tools and a child process, and reading the PNGs.
enum Tools {
    /// An executable named `name` on PATH (or in /usr/bin).
    static func find(_ name: String) -> URL? {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "") + ":/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// The TextKitDemo of this build: beside the test bundle in the build directory.
    static var demoExecutable: URL? {
        let runner = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var directory = URL(fileURLWithPath: runner).deletingLastPathComponent()
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent("TextKitDemo")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }

    /// Polls `condition` every 20 ms for up to `seconds`.
    static func waitFor(within seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return condition()
    }

    /// Runs a tool to completion (killed after `timeout` seconds), its output in a file.
    static func run(_ tool: URL, _ arguments: [String], environment: [String: String],
                    timeout: Double) throws -> (status: Int32, output: String) {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("otk-tool-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: log) }
        var merged = ProcessInfo.processInfo.environment
        merged.merge(environment) { $1 }
        let child = try Child(tool, arguments, environment: merged, log: log)
        defer { child.stop() }
        guard child.wait(within: timeout) else { return (-1, "timed out after \(timeout) s") }
        return (child.exitCode, child.log)
    }

    /// Pixels of `image` in `rect` (pixels) whose colour passes `test`.
    static func pixels(_ image: CGImage, in rect: CGRect,
                       where test: ((r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool) -> Int {
        var count = 0
        for y in Int(rect.minY)..<min(Int(rect.maxY), image.height) {
            for x in Int(rect.minX)..<min(Int(rect.maxX), image.width) {
                if let p = image.rgba(atX: x, y: y), test(p) { count += 1 }
            }
        }
        return count
    }

    /// Pixels darker than mid-grey in `rect` (pixels).
    static func darkPixels(_ image: CGImage, in rect: CGRect) -> Int {
        pixels(image, in: rect) { Int($0.r) + Int($0.g) + Int($0.b) < 3 * 128 }
    }

    /// Pixels that differ between two images in `rect`.
    static func differingPixels(_ a: CGImage, _ b: CGImage, in rect: CGRect) -> Int {
        var count = 0
        for y in Int(rect.minY)..<min(Int(rect.maxY), a.height, b.height) {
            for x in Int(rect.minX)..<min(Int(rect.maxX), a.width, b.width) {
                if let p = a.rgba(atX: x, y: y), let q = b.rgba(atX: x, y: y),
                   abs(Int(p.r) - Int(q.r)) + abs(Int(p.g) - Int(q.g)) + abs(Int(p.b) - Int(q.b)) > 60 { count += 1 }
            }
        }
        return count
    }
}

/// A child process whose output goes to a log file (no pipes to fill), optionally with its
/// standard output on a pipe; ``stop()`` ends it (SIGTERM, then SIGKILL) and reaps it.
///
/// Spawned and reaped here with posix_spawn and waitpid rather than Foundation's `Process`:
/// `Process` learns of a child's exit on a Dispatch queue, which the rest of a parallel
/// `swift test` can starve for seconds, and this test waits for a dozen short xdotool runs.
final class Child {
    let pid: pid_t
    private let logURL: URL
    private let stdoutRead: Int32?
    private var exitStatus: Int32?

    init(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil, log: URL,
         captureStdout: Bool = false) throws {
        logURL = log
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var pipeEnds: [Int32] = [-1, -1]
        if captureStdout {
            guard pipe(&pipeEnds) == 0 else { throw ChildError("pipe() failed") }
            posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
            posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
            posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, log.path, O_WRONLY | O_APPEND, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, log.path, O_WRONLY | O_APPEND, 0)
        // The child starts with no signal blocked and the default dispositions, whatever the
        // test runner's thread has.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), defaults = sigset_t()
        sigemptyset(&none)
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGINT, SIGUSR1, SIGUSR2, SIGPIPE, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let environment = environment ?? ProcessInfo.processInfo.environment
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable.path, &actions, &attributes, argv, envp)
        if captureStdout { close(pipeEnds[1]) }
        guard status == 0 else {
            if captureStdout { close(pipeEnds[0]) }
            throw ChildError("cannot start \(executable.path): error \(status)")
        }
        self.pid = pid
        stdoutRead = captureStdout ? pipeEnds[0] : nil
    }

    deinit {
        if let stdoutRead { close(stdoutRead) }
    }

    /// What the process wrote to its log so far.
    var log: String { (try? String(contentsOf: logURL, encoding: .utf8)) ?? "" }

    /// Whether the process has exited (reaping it if it just did).
    var hasExited: Bool {
        if exitStatus != nil { return true }
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return false }
        exitStatus = status
        return true
    }

    /// The exit code once the process has exited normally (-1 when a signal ended it).
    var exitCode: Int32 {
        guard let exitStatus else { return -1 }
        return exitStatus & 0x7f == 0 ? (exitStatus >> 8) & 0xff : -1
    }

    /// The first line the process writes to its standard output, waiting up to `seconds`.
    func firstStdoutLine(within seconds: Double) -> String? {
        guard let fd = stdoutRead else { return nil }
        var collected = Data()
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline, !hasExited {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 50) > 0 else { continue }
            var byte: UInt8 = 0
            guard read(fd, &byte, 1) == 1 else { break }
            if byte == UInt8(ascii: "\n") { return String(decoding: collected, as: UTF8.self) }
            collected.append(byte)
        }
        return nil
    }

    /// Waits up to `seconds` for the process to exit.
    func wait(within seconds: Double) -> Bool {
        Tools.waitFor(within: seconds) { hasExited }
    }

    /// Ends the process if it still runs, and reaps it.
    func stop() {
        guard !hasExited else { return }
        kill(pid, SIGTERM)
        if !wait(within: 3) {
            kill(pid, SIGKILL)
            _ = wait(within: 3)
        }
    }
}

struct ChildError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
