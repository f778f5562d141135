// TextKitFormats: reading and writing attributed strings in files, with Apple's API
// (`NSAttributedString(url:options:documentAttributes:)`, `data(from:documentAttributes:)`,
// `fileWrapper(from:documentAttributes:)`) for plain text, RTF, RTFD, CommonMark Markdown, HTML and
// a lossless JSON archive of this project's attributes.
//
// Files here import TextKitModel (which re-exports Foundation and our `NSAttributedString`), never
// Foundation directly: a file that sees both `NSAttributedString`s fails to compile.
@_exported import TextKitModel
@_exported import TextKitFonts
@_exported import TextKitGraphics
