// What users import: `import OpenTextKit` in place of `import UIKit` and `import Foundation`
// (Foundation comes re-exported through TextKitModel, whose NSAttributedString shadows
// Foundation's; see the README for why a file should not import Foundation beside it).
@_exported import TextKitGraphics
@_exported import TextKitFonts
@_exported import TextKitModel
@_exported import TextKitTypesetting
@_exported import TextKit
@_exported import TextKitEditing
@_exported import TextKitFormats
