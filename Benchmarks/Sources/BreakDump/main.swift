// Prints, for each paragraph (line) of a corpus file, where OpenTextKit starts each line after
// the first, in Unicode characters from the paragraph's start: `index start start …`. The setup is
// the benchmark's (DejaVu Serif 12 pt, 400 pt, no padding). `compare-breaks` compares it with
// PangoPeer's `breaks` mode.
import OpenTextKit

let arguments = CommandLine.arguments
guard arguments.count >= 2, let text = try? String(contentsOfFile: arguments[1], encoding: .utf8) else {
    FileHandle.standardError.write(Data("usage: BreakDump FILE [WIDTH]\n".utf8))
    exit(2)
}
let width = arguments.count > 2 ? Double(arguments[2]) ?? 400 : 400
let font = try! UIFont(url: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"), size: 12)
let storage = NSTextStorage(string: text, attributes: [.font: font])
let layoutManager = NSLayoutManager()
storage.addLayoutManager(layoutManager)
let container = NSTextContainer(size: CGSize(width: CGFloat(width), height: CGFloat.greatestFiniteMagnitude))
container.lineFragmentPadding = 0
layoutManager.addTextContainer(container)

var lineStarts: [Int] = []
layoutManager.enumerateLineFragments(forGlyphRange: NSRange(location: 0, length: layoutManager.numberOfGlyphs)) { _, _, _, glyphs, _ in
    lineStarts.append(layoutManager.characterIndexForGlyph(at: glyphs.location))
}
// One output line per paragraph (a line of the file): the starts of its lines after the first, in
// Unicode scalars from the paragraph's start.
let units = Array(text.utf16)
var next = 0
var paragraphStart = 0
var index = 0
var output: [String] = []
while paragraphStart < units.count {
    let end = units[paragraphStart...].firstIndex(of: 0x0A).map { $0 + 1 } ?? units.count
    var fields = ["\(index)"]
    while next < lineStarts.count, lineStarts[next] < end {
        if lineStarts[next] > paragraphStart {
            fields.append("\(String(decoding: units[paragraphStart..<lineStarts[next]], as: UTF16.self).unicodeScalars.count)")
        }
        next += 1
    }
    output.append(fields.joined(separator: " "))
    paragraphStart = end
    index += 1
}
print(output.joined(separator: "\n"))
