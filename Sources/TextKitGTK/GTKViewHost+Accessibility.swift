import CGTK4
import Foundation
import TextKitEditing

/// What the host last exported to GTK's accessible (the drawing area's).
struct AccessibilityExport: Equatable {
    var label: String?
    var description: String?
    var value: String?
    var disabled: Bool
}

// Accessibility: the hosted views' UIKit accessibility properties, exported to the desktop's
// accessibility bus (AT-SPI) through GTK.
//
// What GTK 4.8 lets a host export, and so what this does: one accessible per GtkWidget, so the
// drawing area's accessible stands for the hierarchy. Its name (GTK_ACCESSIBLE_PROPERTY_LABEL)
// is the `accessibilityLabel`, its description the `accessibilityHint`, its value text
// (GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT) the `accessibilityValue`, of the first responder when
// there is one, else of the hosted view; its disabled state follows `.notEnabled` in the traits.
// They are updated after each redraw, only when they changed. A text view's value is its whole
// text, read at every redraw: for a text view longer than `accessibleValueLimit` UTF-16 units the
// value is left unset (what a screen reader would get from it is the document, which GTK 4.8's
// value text is not for, and reading it at every frame would slow typing down).
//
// What GTK 4.8 cannot export: the views below as accessible children, `UIAccessibilityElement`s,
// frames and custom actions (custom accessible children need GtkAccessible implementations,
// GTK 4.10); the text itself with its caret and selection through AT-SPI's Text interface
// (GtkAccessibleText, GTK 4.14; the value text carries the text instead); announcements
// (`gtk_accessible_announce`, 4.14); a role other than the drawing area's, which is fixed when
// the widget is made.
extension GTKViewHost {
    /// Exports the accessibility properties of the first responder, or the hosted view, to the
    /// drawing area's accessible when they changed.
    func updateAccessibility() {
        let source = (view.currentFirstResponder as? UIView) ?? view
        let tooLong = (source as? UITextView).map { $0.textStorage.length > Self.accessibleValueLimit } ?? false
        let export = AccessibilityExport(label: source.accessibilityLabel, description: source.accessibilityHint,
                                         value: tooLong ? nil : source.accessibilityValue,
                                         disabled: source.accessibilityTraits.contains(.notEnabled))
        guard export != exportedAccessibility else { return }
        let previous = exportedAccessibility
        exportedAccessibility = export
        withOptionalCString(export.label) { label in
            withOptionalCString(export.description) { description in
                withOptionalCString(export.value) { value in
                    otk_accessible_set_texts(drawingArea, label, description, value)
                }
            }
        }
        if previous?.disabled != export.disabled { otk_accessible_set_disabled(drawingArea, export.disabled ? 1 : 0) }
    }

    /// The longest text view (in UTF-16 units) whose text is exported as the accessible's value.
    static let accessibleValueLimit = 10_000

    /// The accessible's current name, description and value, as the host last exported them.
    /// For tests and diagnostics.
    public var exportedAccessibilityTexts: (label: String?, description: String?, value: String?) {
        (exportedAccessibility?.label, exportedAccessibility?.description, exportedAccessibility?.value)
    }
}

/// Calls `body` with a C string of `string`, or with nil.
private func withOptionalCString<R>(_ string: String?, _ body: (UnsafePointer<CChar>?) -> R) -> R {
    guard let string else { return body(nil) }
    return string.withCString { body($0) }
}
