// TextKitModel: the attributed string at the heart of TextKit (a rope of UTF-16 text plus runs of
// interned attribute sets), the `NSAttributedString.Key` constants and the attribute value types
// (`NSParagraphStyle`, `NSTextTab`, `NSShadow`, `NSTextAttachment`, underline styles …).
//
// This is the one file of the module (and of every layer above it) that imports Foundation. It
// re-exports it so that code importing TextKitModel sees `NSRange`, `CGFloat`, `Data`, `URL`,
// Foundation's `NSAttributedString.Key` … — and *our* `NSAttributedString`, which shadows
// Foundation's class of the same name because this module imports Foundation. A file that imports
// Foundation directly next to a module re-exporting TextKitModel sees both classes and fails to
// compile ("ambiguous"), so files above this layer import TextKitModel (or the umbrella) only.
// Foundation's own class stays reachable as `Foundation.NSAttributedString`.
@_exported import Foundation
