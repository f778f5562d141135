// `import CoreText`, as Core Text files begin: OpenTextKit's Core Text layer (`CTFramesetter`,
// `CTLine`, `CTRun`, `CTFont…`, the Core Foundation names it is spelled in) with the graphics and
// font types beneath it, as Apple's Core Text brings Core Graphics and Core Foundation.
@_exported import TextKitGraphics
@_exported import TextKitFonts
@_exported import TextKitModel
@_exported import TextKitTypesetting

// `CFAttributedString` is OpenTextKit's attributed string, so a file importing Foundation beside
// CoreText must find that one when it writes `NSAttributedString(…) as CFAttributedString`.
@_exported import class TextKitModel.NSAttributedString
@_exported import class TextKitModel.NSMutableAttributedString
