// `import UIKit`, as iOS files begin: all of OpenTextKit (TextKit, Core Text, the views, the
// graphics and font types), and the names Foundation declares too bound to OpenTextKit's, as
// `import OpenTextKit` binds them. A cross-platform file's `#if canImport(UIKit)` takes its iOS
// branch when its target depends on this product.
@_exported import OpenTextKit

// Repeated here (a scoped import binds a name more tightly than a whole-module import only in the
// module that declares it and those that import that module directly), so that a file importing
// Foundation beside UIKit finds one `NSAttributedString`, as it does beside OpenTextKit.
@_exported import class TextKitModel.NSAttributedString
@_exported import class TextKitModel.NSMutableAttributedString
@_exported import class TextKitFormats.FileWrapper
@_exported import class TextKitEditing.UndoManager
@_exported import class TextKitEditing.NSTextCheckingResult
@_exported import struct TextKitEditing.NSTextCheckingKey
@_exported import class TextKitEditing.NSDataDetector
