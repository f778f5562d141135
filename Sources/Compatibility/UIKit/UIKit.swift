// `import UIKit`, as iOS files begin: all of OpenTextKit (TextKit, Core Text, the views, the
// graphics and font types), with the names Foundation declares too (`NSAttributedString`,
// `FileWrapper`, `UndoManager` …) bound to OpenTextKit's, as `import OpenTextKit` binds them (its
// scoped re-exports carry through this one). A cross-platform file's `#if canImport(UIKit)` takes
// its iOS branch when its target depends on this product.
@_exported import OpenTextKit
