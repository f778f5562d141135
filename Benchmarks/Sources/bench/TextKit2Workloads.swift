// TextKit 2's rows: a content storage and an NSTextLayoutManager over the 10 MB text, shown
// through the viewport controller as a TextKit 2 view shows it (each fragment in the viewport
// laid out, validated and drawn into a recording context). Building the storage is untimed, as in
// every row; what is timed is what the user waits for. Pango's firstpage/firstkeystroke rows are
// the same work without the API on top, so they are the peer figures.
import OpenTextKit

/// What a TextKit 2 row measures.
enum TextKit2Action: Sendable, Equatable {
    /// Lay out and draw the first viewport of a document whose storage exists.
    case firstViewport
    /// With the first viewport shown, type one character at UTF-16 offset `at` (on it) through
    /// `replaceContents(in:with:)`, then lay out and draw the viewport again. The typed
    /// attributed string is made before the clock starts.
    case keystroke(at: Int)
    /// With the first viewport shown, relocate the viewport to the middle of the document and lay
    /// it out and draw it there (count: the fragments shown).
    case scrollToMiddle
}

extension OpenTextKitEngine {
    /// A TextKit 2 stack over the text, and a viewport delegate that draws what it is given.
    final class TextKit2Document: NSTextViewportLayoutControllerDelegate {
        let contentStorage = NSTextContentStorage()
        let layoutManager = NSTextLayoutManager()
        var viewport: CGRect
        let context: CGContext
        var shown = 0
        /// The character a keystroke row types, made before the clock (the client's work, not layout).
        var typed = NSAttributedString()
        /// OTK_TK2_LAYOUT_ONLY=1: lay out the viewport without drawing it (to see what layout alone costs).
        static let skipsDrawing = ProcessInfo.processInfo.environment["OTK_TK2_LAYOUT_ONLY"] != nil
        /// OTK_TK2_REPEAT=N: each timed keystroke run makes N keystrokes, typing and erasing a
        /// character in turn (for a profiler, so the keystrokes outweigh building the document;
        /// the figure is then N keystrokes' time).
        static let profileRepeats = Int(ProcessInfo.processInfo.environment["OTK_TK2_REPEAT"] ?? "") ?? 1
        /// OTK_TK2_FRAGMENTS=N: before a keystroke run, N fragments are handed out from the top (as
        /// after scrolling through the document), so the layout manager moves them on each edit.
        static let fragmentsHandedOut = Int(ProcessInfo.processInfo.environment["OTK_TK2_FRAGMENTS"] ?? "") ?? 0

        init(_ text: String, _ setup: BenchSetup, pageHeight: Double) {
            let font = try! UIFont(url: URL(fileURLWithPath: setup.fontFile), size: CGFloat(setup.fontSize))
            contentStorage.textStorage = NSTextStorage(string: text, attributes: [.font: font])
            contentStorage.addTextLayoutManager(layoutManager)
            let container = NSTextContainer(size: CGSize(width: CGFloat(setup.containerWidth), height: 0))
            container.lineFragmentPadding = 0
            layoutManager.textContainer = container
            viewport = CGRect(x: 0, y: 0, width: CGFloat(setup.containerWidth), height: CGFloat(pageHeight))
            context = CGContext(recordingSize: viewport.size)
            layoutManager.textViewportLayoutController.delegate = self
        }

        /// Lays out and draws the viewport; the fragments shown.
        func show() -> Int {
            shown = 0
            layoutManager.textViewportLayoutController.layoutViewport()
            return shown
        }

        func viewportBounds(for textViewportLayoutController: NSTextViewportLayoutController) -> CGRect { viewport }

        func textViewportLayoutController(_ textViewportLayoutController: NSTextViewportLayoutController,
                                          configureRenderingSurfaceFor textLayoutFragment: NSTextLayoutFragment) {
            shown += 1
            let frame = textLayoutFragment.layoutFragmentFrame
            if Self.skipsDrawing { return }
            textLayoutFragment.draw(at: CGPoint(x: frame.minX, y: frame.minY - viewport.minY), in: context)
        }
    }

    func textKit2(_ path: String, action: TextKit2Action, pageHeight: Double, _ setup: BenchSetup) -> Outcome {
        let text = Self.corpusText(path)
        switch action {
        case .firstViewport:
            return .samples(timedRuns(runs: setup.runs, prepare: { TextKit2Document(text, setup, pageHeight: pageHeight) },
                                      body: { document in document.show() }))
        case .keystroke(let at):
            let samples = timedRuns(runs: setup.runs, prepare: { () -> TextKit2Document in
                let document = TextKit2Document(text, setup, pageHeight: pageHeight)
                var handedOut = 0
                if TextKit2Document.fragmentsHandedOut > 0 {
                    document.layoutManager.enumerateTextLayoutFragments(from: nil) { _ in
                        handedOut += 1
                        return handedOut < TextKit2Document.fragmentsHandedOut
                    }
                }
                _ = document.show()
                document.typed = NSAttributedString(string: "x", attributes: document.contentStorage.textStorage!.attributes(at: at, effectiveRange: nil))
                return document
            }, body: { document in
                var shown = 0
                for i in 0..<TextKit2Document.profileRepeats {
                    let location = document.contentStorage.location(document.contentStorage.documentRange.location, offsetBy: at)!
                    if i % 2 == 0 {
                        document.layoutManager.replaceContents(in: NSTextRange(location: location),
                                                               with: document.typed)
                    } else {  // (profiling: type and erase, so the paragraph stays as it is)
                        let end = document.contentStorage.location(location, offsetBy: 1)!
                        document.layoutManager.replaceContents(in: NSTextRange(location: location, end: end)!, with: NSAttributedString())
                    }
                    shown = document.show()
                }
                return shown
            })
            return .samples(samples)
        case .scrollToMiddle:
            var above = 0, shown = 0
            let samples = timedRuns(runs: setup.runs, prepare: { () -> TextKit2Document in
                let document = TextKit2Document(text, setup, pageHeight: pageHeight)
                _ = document.show()
                return document
            }, body: { document in
                let storage = document.contentStorage
                let middle = storage.location(storage.documentRange.location, offsetBy: storage.textStorage!.length / 2)!
                let top = document.layoutManager.textViewportLayoutController.relocateViewport(to: middle)
                document.viewport.origin.y = top
                shown = document.show()
                // Fragments above the viewport that have layout: those of the first viewport only.
                above = 0
                document.layoutManager.enumerateTextLayoutFragments(from: nil) { fragment in
                    guard fragment.state == .layoutAvailable else { return false }
                    above += 1
                    return true
                }
                return shown
            })
            Self.note("\((path as NSString).lastPathComponent): relocating to the middle laid out the \(shown) fragments shown there; \(above) fragments from the top have layout (the first viewport's), the rest above the middle estimated heights")
            return .samples(samples)
        }
    }
}
