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
// They are updated after each redraw, only when they changed.
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
        let export = AccessibilityExport(label: source.accessibilityLabel, description: source.accessibilityHint,
                                         value: source.accessibilityValue,
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
