// What users import: `import OpenTextKit` in place of `import UIKit`, beside `import Foundation` or
// without it (Foundation comes re-exported through TextKitModel).
@_exported import TextKitGraphics
@_exported import TextKitFonts
@_exported import TextKitModel
@_exported import TextKitTypesetting
@_exported import TextKit
@_exported import TextKitEditing
@_exported import TextKitFormats

// Names that Foundation declares too. A scoped import binds a name more tightly than a whole-module
// import, so a client file that writes `import Foundation` beside `import OpenTextKit`, in either
// order, resolves these names (and everything nested in them: `NSAttributedString.Key`,
// `.DocumentType`, `.EnumerationOptions` …) to OpenTextKit's declarations instead of finding two.
// Foundation's own classes stay reachable as `Foundation.NSAttributedString` and so on.
@_exported import class TextKitModel.NSAttributedString
@_exported import class TextKitModel.NSMutableAttributedString
@_exported import class TextKitFormats.FileWrapper
// Foundation declares UndoManager on Apple platforms (as have some swift-corelibs-foundation
// versions, unimplemented); the Swift 6.3 toolchain's Foundation on Linux has none, but the scoped
// import keeps `UndoManager` ours whichever Foundation a client builds against.
@_exported import class TextKitEditing.UndoManager
// Foundation on Linux declares NSTextCheckingResult (regular-expression matches only: no `url`,
// `phoneNumber` or `date`) and NSTextCheckingKey (with no public keys); data detection needs ours.
// It declares no NSDataDetector, but Apple's Foundation does, so the scoped import keeps the name
// ours whichever Foundation a client builds against, as for UndoManager.
@_exported import class TextKitEditing.NSTextCheckingResult
@_exported import struct TextKitEditing.NSTextCheckingKey
@_exported import class TextKitEditing.NSDataDetector
