import Foundation
import Testing
import UIKit

// Swift 5 code as it is written against UIKit: helpers, delegate objects and static functions with
// no actor annotation read and set view properties. UIKit's views are imported with preconcurrency
// isolation, so this compiles there (warnings at most, errors only in Swift 6 mode); it must
// compile here too, in this target's Swift 5 mode.

/// A helper with no isolation that sizes a label, as layout helpers do.
enum LabelMetrics {
    static func height(of label: UILabel, width: CGFloat) -> CGFloat {
        label.numberOfLines = 0
        return label.sizeThatFits(CGSize(width: width, height: CGFloat.greatestFiniteMagnitude)).height
    }
}

/// A delegate object with no isolation, as most delegates in Swift 5 code are.
final class CountingDelegate: NSObject, UITextViewDelegate {
    var changes = 0
    func textViewDidChange(_ textView: UITextView) {
        changes += 1
        _ = textView.text.count
    }
}

/// A nonisolated function that reads and writes a text view's properties.
func configure(_ textView: UITextView, text: String) -> Int {
    textView.font = UIFont.systemFont(ofSize: 15)
    textView.text = text
    return textView.textStorage.length
}

@Suite("Swift 5 clients of the views")
struct Swift5IsolationTests {
    @Test("Nonisolated helpers read and set view properties, as Swift 5 code does against UIKit")
    @MainActor
    func nonisolatedHelpersCompileAndWork() {
        let label = UILabel()
        label.font = UIFont(name: "DejaVu Sans", size: 14)
        label.text = "A label long enough to wrap onto more than one line at this width"
        let one = LabelMetrics.height(of: label, width: 1000)
        let narrow = LabelMetrics.height(of: label, width: 120)
        #expect(narrow > one * 2)

        let textView = UITextView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let delegate = CountingDelegate()
        textView.delegate = delegate
        #expect(configure(textView, text: "hello") == 5)
        textView.insertText("!")
        #expect(delegate.changes == 1)
    }
}
