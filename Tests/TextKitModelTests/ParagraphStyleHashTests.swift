import Testing
@testable import TextKitModel

@Suite("NSParagraphStyle's hash")
struct ParagraphStyleHashTests {
    @Test("Styles that differ only in their list or their spacing hash apart (interning a document's many lists stays linear)")
    func listsAndSpacingHashApart() {
        var hashes = Set<Int>()
        var styles: [NSParagraphStyle] = []   // alive together, as a document's are
        for i in 0..<200 {
            let style = NSMutableParagraphStyle()
            style.headIndent = 36
            if i % 2 == 0 {
                style.textLists = [NSTextList(markerFormat: .disc, options: 0)]   // a list of its own, as each <ul> is
            } else {
                style.paragraphSpacing = CGFloat(i)
            }
            hashes.insert(style.hash)
            styles.append(style)
        }
        #expect(hashes.count > 190)
        // Equal styles still hash alike.
        let list = NSTextList(markerFormat: .decimal, options: 0)
        let a = NSMutableParagraphStyle(), b = NSMutableParagraphStyle()
        a.textLists = [list]; b.textLists = [list]
        a.paragraphSpacing = 6; b.paragraphSpacing = 6
        #expect(a.isEqual(b) && a.hash == b.hash)
    }
}
