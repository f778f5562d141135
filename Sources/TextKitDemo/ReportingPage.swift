import Foundation
import OpenTextKit

/// A demo page that tells its state for tests and scripted runs (`OTK_DEMO_REPORT`).
@MainActor
protocol ReportingPage {
    /// The page's state as named values.
    var report: [String: String] { get }
}

/// The first page's state: the text view's scrolling and selection.
@MainActor
struct TextViewReport: ReportingPage {
    let textView: UITextView

    var report: [String: String] {
        ["contentOffsetY": "\(Int(textView.contentOffset.y.rounded()))",
         "contentHeight": "\(Int(textView.contentSize.height.rounded()))",
         "boundsHeight": "\(Int(textView.bounds.height.rounded()))",
         "selection": "\(textView.selectedRange.location),\(textView.selectedRange.length)",
         "length": "\(textView.textStorage.length)",
         "fontNames": fontNames.joined(separator: ",")]
    }

    /// The names of the fonts in the text, sorted.
    var fontNames: [String] {
        var names = Set<String>()
        let storage = textView.textStorage
        storage.enumerateAttribute(.font, in: NSRange(location: 0, length: storage.length)) { value, _, _ in
            if let font = value as? UIFont { names.insert(font.fontName) }
        }
        return names.sorted()
    }
}
