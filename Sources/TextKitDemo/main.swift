// TextKitDemo: OpenTextKit's views in a GTK 4 window. A notebook of pages, the seeds' demos: an
// editable UITextView with English, Hebrew and Japanese paragraphs; a UILabel above a
// UITextField; typesetting settings changed live (Configuration); Dynamic Type styles re-set from
// a slider over the content-size categories; text flowing around a circle you drag (links
// unbroken, opened on click); a syntax-highlighting storage; three columns and a row of pages
// sharing one layout manager each; Core Text filling an ellipse; SimpleTextInput, a custom
// view adopting UITextInput on its own string; and TextKit 2, comments in bubbles drawn by a
// layout fragment subclass, styled or hidden by a content storage delegate.
//
// Environment (for tests and scripted runs):
//   OTK_DEMO_TEXT=…            the text view's text instead of the sample (may be empty)
//   OTK_DEMO_TEXT_FILE=path    the text view's text from a file (UTF-8)
//   OTK_DEMO_TK2_TEXT=…        the TextKit 2 page's text instead of its sample
//   OTK_DEMO_WINDOW_SIZE=WxH   the window's default size (1010x480)
//   OTK_DEMO_LATENCY=path      at quit, write the milliseconds from each key press to the frame
//                              that shows it, one per line (LatencyProbe)
//   OTK_DEMO_PEER=gtk          show GTK's own GtkTextView with the text instead (latency runs)
//   OTK_DEMO_PROBE_LOG=path   at quit, write the probe log there: the process's start, moments of
//                              opening, every frame's paint time, every key press and its frame
//                              (ProbeLog; Benchmarks/window-100MB). OTK_DEMO_START_US: the
//                              launcher's CLOCK_MONOTONIC microseconds when it spawned the process
//   OTK_DEMO_READY=path        write that (empty) file once the first frame has been painted,
//                              when the window is laid out and ready for input
//   OTK_DEMO_PAGE=page         open on this page: its tab's title ("Interaction"), or its number
//                              (0 is the text view)
//   OTK_DEMO_QUIT_AFTER=secs   quit by itself after that many seconds
//   OTK_DEMO_TEXT_OUT=path     at quit, write the text view's text there ("-" for stdout)
//   OTK_DEMO_REPORT=path       at quit, write the shown page's state there ("key: value" lines,
//                              values with "\n" for newlines: "page", its number, and what a page
//                              that reports its state tells; "contextMenuPopups", the menus its
//                              host showed, "liveContextMenuPopovers", all hosts' popovers alive,
//                              and "pasteboardTypes", what the general pasteboard holds)
//   OTK_DEMO_SNAPSHOT=prefix   write a PNG of the window's content as GTK draws it: on each
//                              SIGUSR1 to "<prefix>-<n>.png" (n from 1), and at quit to
//                              "<prefix>-final.png"
// SIGHUP puts the caret in the middle of the text and scrolls to it, in the text view or the peer
// (Benchmarks/window-100MB: typing in the middle of a document without a way there in keys).
// SIGUSR2 writes OTK_DEMO_REPORT and then OTK_DEMO_TEXT_OUT (each replaced whole) without quitting:
// what a long scripted run (scripts/soak.py) checks. SIGTERM and SIGINT quit cleanly (the outputs
// are written). Each signal is served once the input sent before it is handled (SignalRequest), so
// a script may send keys and signal straight after, without waiting.
import CGTK4
import Foundation
import OpenTextKit
import TextKitGTK

let environment = ProcessInfo.processInfo.environment

let sampleText = """
    OpenTextKit is Apple's TextKit rebuilt in Swift for Linux: HarfBuzz shapes the glyphs, ICU finds \
    the line breaks and the bidirectional runs, FreeType and fontconfig find the fonts, and Cairo draws. \
    Click, type, select with the shift key, and try ctrl+shift+u to enter a character by its code.
    עברית נכתבת מימין לשמאל: המשפט הזה מראה שהשורות נשברות ומיושרות כראוי, וגם מספרים כמו 2026 נשארים משמאל לימין.
    日本語の文章も表示できます。行は単語の区切りではなく文字ごとに折り返され、句読点の禁則処理も行われます。
    """

/// The demo's state: its views, hosts and window, kept for the process's life.
@MainActor
final class Demo {
    let textView = UITextView(frame: .zero)
    var textHost: GTKViewHost?
    var formHost: GTKViewHost?
    var pageHosts: [GTKViewHost] = []
    /// The hosts by notebook page number.
    var hostsByPage: [Int32: GTKViewHost] = [:]
    /// The pages that can report their state, by notebook page number.
    var reportingPages: [Int32: any ReportingPage] = [:]
    var notebook: OpaquePointer?
    var window: UnsafeMutablePointer<GtkWidget>?
    var snapshotCount = 0
    var finished = false
    var latencyProbe: LatencyProbe?
    var frameTimer: FrameTimer?
    /// The GtkTextView of the peer (`OTK_DEMO_PEER=gtk`).
    var peerTextView: UnsafeMutablePointer<GtkWidget>?
    /// What waits for the next painted frame (``afterNextFrame(_:)``).
    var afterFrame: [@MainActor () -> Void] = []
    var readyPath: String?

    func activate(_ app: UnsafeMutablePointer<GtkApplication>) {
        let window = gtk_application_window_new(app)!
        self.window = window
        gtk_window_set_title(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self), "OpenTextKit Demo")
        let size = (environment["OTK_DEMO_WINDOW_SIZE"] ?? "1010x480").split(separator: "x").compactMap { Int32($0) }
        gtk_window_set_default_size(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self),
                                    size.first ?? 720, size.count > 1 ? size[1] : 480)
        let probing = environment["OTK_DEMO_PROBE_LOG"] != nil
        if probing { StartupTimer.mark("activate") }
        if environment["OTK_DEMO_LATENCY"] != nil || probing { latencyProbe = LatencyProbe(window: window) }
        if probing { frameTimer = FrameTimer(window: window) }
        // A file opens with its first 64 KB, the rest read once that is shown (``loadRest(of:)``);
        // GTK's own text view, the peer, is given the whole file.
        var loader: TextFileLoader?
        var text: String
        if let path = environment["OTK_DEMO_TEXT_FILE"], environment["OTK_DEMO_PEER"] != "gtk",
           let opened = try? TextFileLoader(contentsOf: URL(fileURLWithPath: path)),
           let head = try? opened.readNextChunk(byteCount: 64 << 10) {
            loader = opened
            text = head
        } else {
            text = environment["OTK_DEMO_TEXT_FILE"].flatMap { try? String(contentsOfFile: $0, encoding: .utf8) }
                ?? environment["OTK_DEMO_TEXT"] ?? sampleText
        }
        if probing { StartupTimer.mark("file-read") }
        if let ready = environment["OTK_DEMO_READY"] { signalReadyAfterFirstFrame(path: ready) }
        if environment["OTK_DEMO_PEER"] == "gtk" {
            let peer = makeGtkTextViewPeer(text: text)
            peerTextView = peer.textView
            if probing { StartupTimer.mark("text-set") }
            gtk_window_set_child(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self), peer.widget)
            gtk_window_present(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self))
            gtk_widget_grab_focus(peer.textView)
            if probing { StartupTimer.mark("presented") }
            return
        }

        textView.font = UIFont.systemFont(ofSize: 16)
        textView.allowsEditingTextAttributes = true   // rich text: paste keeps fonts and styles
        textView.textContainerInset = UIEdgeInsets(top: 12, left: 12, bottom: 12, right: 12)
        textView.text = text
        textView.selectedRange = NSRange(location: 0, length: 0)
        if probing { StartupTimer.mark("text-set") }
        let textHost = GTKViewHost(view: textView)
        self.textHost = textHost

        let formHost = GTKViewHost(view: makeForm())
        self.formHost = formHost

        let notebook = gtk_notebook_new()!
        let book = OpaquePointer(notebook)  // GtkNotebook's struct is private
        // The tabs scroll when they are wider than the window, rather than widen it (which would
        // change every page's layout as pages are added).
        gtk_notebook_set_scrollable(book, 1)
        gtk_notebook_append_page(book, textHost.widget, gtk_label_new("Text view"))
        hostsByPage[0] = textHost
        reportingPages[0] = TextViewReport(textView: textView)
        gtk_notebook_append_page(book, formHost.widget, gtk_label_new("Label and field"))
        hostsByPage[1] = formHost
        var titles = ["Text view", "Label and field"]
        let pages: [(String, UIView)] = [
            ("Configuration", ConfigurationPage(frame: CGRect(x: 0, y: 0, width: 720, height: 440))),
            ("Text styles", TextStylesPage(frame: CGRect(x: 0, y: 0, width: 720, height: 440))),
            ("Interaction", InteractionPage(frame: CGRect(x: 0, y: 0, width: 720, height: 440))),
            ("Highlighting", makeHighlightingPage()),
            ("Columns", ColumnsPage(frame: CGRect(x: 0, y: 0, width: 720, height: 440))),
            ("Pages", PagesPage(frame: CGRect(x: 0, y: 0, width: 720, height: 440))),
            ("Core Text", CoreTextPage(frame: CGRect(x: 0, y: 0, width: 720, height: 440))),
            ("SimpleTextInput", SimpleTextInputPage(frame: CGRect(x: 0, y: 0, width: 720, height: 440))),
            ("TextKit 2", TextKit2Page(frame: CGRect(x: 0, y: 0, width: 720, height: 440))),
        ]
        for (title, page) in pages {
            let host = GTKViewHost(view: page)
            pageHosts.append(host)
            let number = gtk_notebook_append_page(book, host.widget, gtk_label_new(title))
            hostsByPage[number] = host
            if let reporting = page as? any ReportingPage { reportingPages[number] = reporting }
            titles.append(title)
        }
        self.notebook = book
        let onSwitch: @convention(c) (OpaquePointer?, UnsafeMutablePointer<GtkWidget>?, guint, UnsafeMutableRawPointer?) -> Void = { _, _, number, _ in
            MainActor.assumeIsolated { demo.pageWillSwitch(to: Int32(number)) }
        }
        g_signal_connect_data(UnsafeMutableRawPointer(notebook), "switch-page", unsafeBitCast(onSwitch, to: GCallback.self), nil, nil,
                              GConnectFlags(rawValue: 0))
        if let page = environment["OTK_DEMO_PAGE"], let number = Int32(page) ?? titles.firstIndex(of: page).map(Int32.init) {
            gtk_notebook_set_current_page(book, number)
        }
        gtk_window_set_child(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self), notebook)
        gtk_window_present(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self))
        textHost.grabFocus()
        GdkClipboardBackend.connectGeneralPasteboard()
        if probing { StartupTimer.mark("presented") }
        if let loader { afterNextFrame { demo.loadRest(of: loader) } }
    }

    /// Appends the rest of the file `loader` reads to the text view, 2 MB per turn of the main
    /// loop when it is idle (input and frames go first), once the first screen is shown.
    func loadRest(of loader: TextFileLoader) {
        let box = Unmanaged.passRetained(loader).toOpaque()
        g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, { data in
            let loader = Unmanaged<TextFileLoader>.fromOpaque(data!).takeUnretainedValue()
            return MainActor.assumeIsolated {
                do {
                    if try loader.appendNextChunk(to: demo.textView.textStorage) { return 1 }
                } catch {
                    FileHandle.standardError.write(Data("TextKitDemo: the file stops loading at byte \(loader.bytesRead): \(error)\n".utf8))
                }
                if environment["OTK_DEMO_PROBE_LOG"] != nil { StartupTimer.mark("loaded") }
                return 0
            }
        }, box, { data in Unmanaged<TextFileLoader>.fromOpaque(data!).release() })
    }

    /// The page whose view takes the keyboard focus once the notebook has switched to it.
    var pageToFocus: Int32?

    /// Keeps the keyboard in the pages when ctrl+Page Up/Down switches them. GtkNotebook (GTK
    /// 4.8) does not move the focus into the page it shows when that page is a focusable drawing
    /// area in a grid, as a host is (a plain GTK program does the same): the focus ended on the
    /// tabs, typing reached nothing, and Home or an arrow key switched pages. When a page had the
    /// focus, the page shown next gets it (and its host gives it to the text input that had it).
    func pageWillSwitch(to number: Int32) {
        guard let window, hostsByPage[number] != nil else { return }
        let hosts = [textHost, formHost].compactMap { $0 } + pageHosts
        // A page had the focus, or a switch just before this one is still to give it.
        let focus = gtk_root_get_focus(OpaquePointer(window))
        guard pageToFocus != nil || focus.map({ focus in hosts.contains { gtk_widget_is_ancestor(focus, $0.widget) != 0 } }) == true
        else { return }
        let pending = pageToFocus != nil
        pageToFocus = number
        if pending { return }   // its idle callback focuses the latest page
        // After the switch (the notebook's own handler runs after this one).
        g_idle_add({ _ in
            MainActor.assumeIsolated {
                if let number = demo.pageToFocus, let notebook = demo.notebook, gtk_notebook_get_current_page(notebook) == number {
                    demo.hostsByPage[number]?.grabFocus()
                }
                demo.pageToFocus = nil
            }
            return 0
        }, nil)
    }

    /// The second page: a label explaining, a text field below it.
    func makeForm() -> UIView {
        let form = UIView(frame: CGRect(x: 0, y: 0, width: 720, height: 440))
        form.backgroundColor = .white
        let label = UILabel(frame: CGRect(x: 16, y: 16, width: 520, height: 44))
        label.numberOfLines = 2
        label.font = UIFont.systemFont(ofSize: 15)
        label.text = "A UILabel, and below it a UITextField: click the field and type."
        let field = UITextField(frame: CGRect(x: 16, y: 72, width: 360, height: 30))
        field.borderStyle = .roundedRect
        field.placeholder = "Your name"
        field.font = UIFont.systemFont(ofSize: 15)
        form.addSubview(label)
        form.addSubview(field)
        return form
    }

    /// Writes a PNG of what GTK draws for the window's content (the notebook and the views).
    func writeSnapshot(to path: String) {
        guard let window, let child = gtk_window_get_child(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self)) else { return }
        writeSnapshot(of: child, to: path)
    }

    /// Writes a PNG of what GTK draws for `child`, in device pixels (twice the widget's size
    /// on a display scaled 2×).
    func writeSnapshot(of child: UnsafeMutablePointer<GtkWidget>, to path: String) {
        let width = gtk_widget_get_width(child), height = gtk_widget_get_height(child)
        let scale = max(gtk_widget_get_scale_factor(child), 1)
        guard width > 0, height > 0 else { return }
        let paintable = gtk_widget_paintable_new(child)
        let snapshot = gtk_snapshot_new()
        gdk_paintable_snapshot(paintable, snapshot, Double(width), Double(height))
        let node = gtk_snapshot_free_to_node(snapshot)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width * scale, height * scale)
        cairo_surface_set_device_scale(surface, Double(scale), Double(scale))
        let cr = cairo_create(surface)
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        if let node {
            gsk_render_node_draw(node, cr)
            gsk_render_node_unref(node)
        }
        cairo_destroy(cr)
        cairo_surface_write_to_png(surface, path)
        cairo_surface_destroy(surface)
        g_object_unref(UnsafeMutableRawPointer(paintable))
    }

    /// Writes the shown page's state, when it reports one, with what its host exported to the
    /// accessibility bus (`accessibleLabel`, `accessibleDescription`, `accessibleValue`, each
    /// empty when unset; the value cut to 200 characters).
    func writeReport(to path: String) {
        guard let notebook else { return }
        let number = gtk_notebook_get_current_page(notebook)
        var report = reportingPages[number]?.report ?? [:]
        report["page"] = "\(number)"
        if let host = hostsByPage[number] {
            let exported = host.exportedAccessibilityTexts
            report["accessibleLabel"] = exported.label ?? ""
            report["accessibleDescription"] = exported.description ?? ""
            report["accessibleValue"] = String((exported.value ?? "").prefix(200))
            report["contextMenuPopups"] = "\(host.contextMenuPopups)"
        }
        report["liveContextMenuPopovers"] = "\(GTKViewHost.liveContextMenuPopovers)"
        report["pasteboardTypes"] = UIPasteboard.general.types.sorted().joined(separator: " ")
        let lines = report.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.replacingOccurrences(of: "\n", with: "\\n"))" }
        try? Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// Writes an empty file at `path` after the window's first painted frame (and the idle work
    /// that follows it, such as showing scroll bars), so that a script knows input will land on a
    /// laid-out window.
    func signalReadyAfterFirstFrame(path: String) {
        guard let window else { return }
        readyPath = path
        let onRealize: @convention(c) (UnsafeMutablePointer<GtkWidget>?, UnsafeMutableRawPointer?) -> Void = { widget, _ in
            let onPainted: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Void = { clock, _ in
                g_signal_handlers_disconnect_matched(UnsafeMutableRawPointer(clock), G_SIGNAL_MATCH_DATA, 0, 0, nil, nil,
                                                     UnsafeMutableRawPointer(bitPattern: 1))
                // After the frame's own idle work (a low-priority idle runs after it).
                g_idle_add_full(G_PRIORITY_LOW, { _ in
                    MainActor.assumeIsolated {
                        if let path = demo.readyPath { _ = FileManager.default.createFile(atPath: path, contents: Data()) }
                    }
                    return 0
                }, nil, nil)
            }
            g_signal_connect_data(UnsafeMutableRawPointer(gtk_widget_get_frame_clock(widget)), "after-paint",
                                  unsafeBitCast(onPainted, to: GCallback.self), UnsafeMutableRawPointer(bitPattern: 1), nil,
                                  GConnectFlags(rawValue: 0))
        }
        if gtk_widget_get_realized(window) != 0 {
            onRealize(window, nil)
        } else {
            g_signal_connect_data(UnsafeMutableRawPointer(window), "realize", unsafeBitCast(onRealize, to: GCallback.self), nil, nil,
                                  GConnectFlags(rawValue: 0))
        }
    }

    /// Asks for a frame and runs `body` after it is painted: then every widget is allocated and
    /// drawn in its current state (a widget waiting for its allocation would draw nothing, and
    /// a view moved by the last input would still show where it was).
    func afterNextFrame(_ body: @escaping @MainActor () -> Void) {
        guard let window else { return body() }
        afterFrame.append(body)
        if afterFrame.count == 1 {
            let clock = gtk_widget_get_frame_clock(window)
            let onPainted: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Void = { clock, _ in
                MainActor.assumeIsolated {
                    g_signal_handlers_disconnect_matched(UnsafeMutableRawPointer(clock), G_SIGNAL_MATCH_DATA, 0, 0, nil, nil,
                                                         Unmanaged.passUnretained(demo).toOpaque())
                    let work = demo.afterFrame
                    demo.afterFrame = []
                    for body in work { body() }
                }
            }
            g_signal_connect_data(UnsafeMutableRawPointer(clock), "after-paint", unsafeBitCast(onPainted, to: GCallback.self),
                                  Unmanaged.passUnretained(self).toOpaque(), nil, GConnectFlags(rawValue: 0))
        }
        gtk_widget_queue_draw(window)
    }

    func snapshotOnSignal() {
        guard let prefix = environment["OTK_DEMO_SNAPSHOT"] else { return }
        snapshotCount += 1
        writeSnapshot(to: "\(prefix)-\(snapshotCount).png")
        // An open context menu is a surface of its own: its picture goes beside.
        for host in [textHost, formHost].compactMap({ $0 }) + pageHosts {
            if let menu = host.contextMenu, gtk_widget_get_visible(menu) != 0 {
                writeSnapshot(of: menu, to: "\(prefix)-\(snapshotCount)-menu.png")
            }
        }
    }

    /// Writes the text view's text to `path` ("-": standard output), replacing the file whole.
    func writeText(to path: String) {
        if path == "-" {
            print(textView.text ?? "")
        } else {
            try? Data((textView.text ?? "").utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        }
    }

    /// SIGHUP: the caret, with nothing selected, at the middle of the text (its UTF-16 length over
    /// two, moved back off a surrogate pair's second half; the peer: its character count over
    /// two), scrolled into view.
    func moveCaretToMiddle() {
        if let peerTextView {
            let view = UnsafeMutableRawPointer(peerTextView).assumingMemoryBound(to: GtkTextView.self)
            let buffer = gtk_text_view_get_buffer(view)
            var iter = GtkTextIter()
            gtk_text_buffer_get_iter_at_offset(buffer, &iter, gtk_text_buffer_get_char_count(buffer) / 2)
            gtk_text_buffer_place_cursor(buffer, &iter)
            gtk_text_view_scroll_to_mark(view, gtk_text_buffer_get_insert(buffer), 0, 1, 0, 0.5)
            return
        }
        let text = textView.textStorage.mutableString
        var middle = text.length / 2
        if middle > 0, middle < text.length, UTF16.isTrailSurrogate(text.character(at: middle)) { middle -= 1 }
        textView.selectedRange = NSRange(location: middle, length: 0)
        textView.scrollRangeToVisible(textView.selectedRange)
    }

    /// SIGUSR2: the report, then the text, as at quit but going on (a script that waits for the
    /// text file finds the report already written).
    func writeOutputsOnSignal() {
        if let out = environment["OTK_DEMO_REPORT"] { writeReport(to: out) }
        if let out = environment["OTK_DEMO_TEXT_OUT"] { writeText(to: out) }
    }

    /// Writes the outputs the environment asks for (once), then quits.
    func finish(_ app: UnsafeMutablePointer<GtkApplication>) {
        if !finished {
            finished = true
            if let prefix = environment["OTK_DEMO_SNAPSHOT"] { writeSnapshot(to: "\(prefix)-final.png") }
            if let out = environment["OTK_DEMO_REPORT"] { writeReport(to: out) }
            if let out = environment["OTK_DEMO_LATENCY"] { latencyProbe?.write(to: out) }
            if let out = environment["OTK_DEMO_PROBE_LOG"] { ProbeLog.write(to: out, frames: frameTimer, latency: latencyProbe) }
            if let out = environment["OTK_DEMO_TEXT_OUT"] { writeText(to: out) }
        }
        // Destroying the window tears the hosts down (their timers and input method) before
        // the process ends, as closing it does.
        if let window {
            self.window = nil
            gtk_window_destroy(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self))
        }
        g_application_quit(UnsafeMutableRawPointer(app).assumingMemoryBound(to: GApplication.self))
    }
}

let demo = Demo()
let app = gtk_application_new("org.opentextkit.TextKitDemo", G_APPLICATION_NON_UNIQUE)!
let appPointer = UnsafeMutableRawPointer(app)

let onActivate: @convention(c) (UnsafeMutablePointer<GtkApplication>?, UnsafeMutableRawPointer?) -> Void = { app, _ in
    MainActor.assumeIsolated { demo.activate(app!) }
}
g_signal_connect_data(appPointer, "activate", unsafeBitCast(onActivate, to: GCallback.self), nil, nil, GConnectFlags(rawValue: 0))

let quit: GSourceFunc = { data in
    MainActor.assumeIsolated { demo.finish(data!.assumingMemoryBound(to: GtkApplication.self)) }
    return 0
}
if let seconds = environment["OTK_DEMO_QUIT_AFTER"].flatMap(Double.init), seconds > 0 {
    g_timeout_add(guint(seconds * 1000), quit, appPointer)
}
// A parent may have spawned us with these signals blocked (a test runner's thread): unblock them.
var handled = sigset_t()
sigemptyset(&handled)
for signal in [SIGTERM, SIGINT, SIGUSR1, SIGUSR2, SIGHUP] { sigaddset(&handled, signal) }
pthread_sigmask(SIG_UNBLOCK, &handled, nil)

/// What a signal asks for, done once the input sent before the signal is handled: a round trip to
/// the X server first (`gdk_display_sync`: the events of input another client such as xdotool
/// had the server process before are then in GDK's queue), then the work at low priority, after
/// those events are dispatched. A script can send keys and signal at once, without sleeping.
enum SignalRequest: Int {
    // Passed to GLib as the callbacks' data pointer: from 1, so that none is a null pointer.
    case quit = 1, snapshot, outputs, middle

    func handleAfterPendingInput() {
        if let display = gdk_display_get_default() { gdk_display_sync(display) }
        g_idle_add_full(G_PRIORITY_LOW, { data in
            let request = SignalRequest(rawValue: Int(bitPattern: data))!
            MainActor.assumeIsolated {
                switch request {
                case .quit: demo.afterNextFrame { demo.finish(app) }
                case .snapshot: demo.afterNextFrame { demo.snapshotOnSignal() }
                case .outputs: demo.writeOutputsOnSignal()
                case .middle: demo.moveCaretToMiddle()
                }
            }
            return 0
        }, UnsafeMutableRawPointer(bitPattern: rawValue), nil)
    }
}

let onSignal: GSourceFunc = { data in
    SignalRequest(rawValue: Int(bitPattern: data))!.handleAfterPendingInput()
    return 1
}
g_unix_signal_add(SIGTERM, onSignal, UnsafeMutableRawPointer(bitPattern: SignalRequest.quit.rawValue))
g_unix_signal_add(SIGINT, onSignal, UnsafeMutableRawPointer(bitPattern: SignalRequest.quit.rawValue))
g_unix_signal_add(SIGUSR1, onSignal, UnsafeMutableRawPointer(bitPattern: SignalRequest.snapshot.rawValue))
g_unix_signal_add(SIGUSR2, onSignal, UnsafeMutableRawPointer(bitPattern: SignalRequest.outputs.rawValue))
g_unix_signal_add(SIGHUP, onSignal, UnsafeMutableRawPointer(bitPattern: SignalRequest.middle.rawValue))

let status = g_application_run(UnsafeMutableRawPointer(app).assumingMemoryBound(to: GApplication.self),
                               CommandLine.argc, CommandLine.unsafeArgv)
exit(status)
