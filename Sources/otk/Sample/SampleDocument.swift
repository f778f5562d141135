import OpenTextKit

/// The built-in sample: a document written for this project that shows what the layout engine
/// does — styles, two justified and hyphenated columns, an exclusion oval, a title page with a
/// picture the text flows around, underline styles, letterpress, inline images, scripts from
/// Arabic to CJK and emoji, a highlighted code listing, tab stops and links — on A4 pages.
enum SampleDocument {
    /// The sample's text and page design. `--font` and `--font-size` change its body font; the
    /// other options override the design afterwards, as for any document.
    static func make(settings: TextSettings) throws -> (document: LoadedDocument, design: PageDesign) {
        let size = settings.fontSize ?? 9.5
        let style = SampleStyle(size: size, bodyFont: try settings.requestedFont(defaultSize: size))
        let builder = SampleBuilder(style: style)
        write(into: builder)

        var design = PageDesign()
        design.pageSize = PageSize.named[1].size
        design.margins = UIEdgeInsets(top: 62, left: 54, bottom: 62, right: 54)
        design.columns = 2
        design.gutter = 20
        design.pageNumbers = true
        design.title = title(style)
        design.titleRuleColor = SampleArtwork.teal
        design.titleImage = SampleArtwork.specimen(serif: style.serifFamily, sans: style.sansFamily)
        // Page 2: an oval between the columns that both flow around, with an ampersand in it.
        let content = design.contentRect
        let oval = CGRect(x: content.midX - 78, y: content.minY + content.height * 0.36, width: 156, height: 206)
        design.extraExclusions[1] = [UIBezierPath(ovalIn: oval)]
        let ampersand = NSMutableAttributedString(string: "&", attributes: [
            .font: UIFont(descriptor: UIFontDescriptor(fontAttributes: [.family: style.serifFamily]).withSymbolicTraits(.traitItalic)
                          ?? UIFontDescriptor(fontAttributes: [.family: style.serifFamily]), size: 110),
            .foregroundColor: SampleArtwork.coral,
        ])
        let centered = NSMutableParagraphStyle()
        centered.alignment = .center
        ampersand.addAttribute(.paragraphStyle, value: centered, range: NSRange(location: 0, length: ampersand.length))
        design.extraDecorations[1] = [
            .shape(UIBezierPath(ovalIn: oval.insetBy(dx: 9, dy: 9)),
                   fill: UIColor(red: 0.90, green: 0.95, blue: 0.96, alpha: 1), stroke: SampleArtwork.teal),
            .title(ampersand, CGRect(x: oval.minX, y: oval.midY - 78, width: oval.width, height: 150)),
        ]
        let document = LoadedDocument(text: builder.text, kind: .sample, title: "OpenTextKit sample")
        return (document, design)
    }

    static func title(_ style: SampleStyle) -> NSAttributedString {
        let title = NSMutableAttributedString(string: "OpenTextKit\n", attributes: [
            .font: UIFont(descriptor: UIFontDescriptor(fontAttributes: [.family: style.sansFamily]).withSymbolicTraits(.traitBold)
                          ?? UIFontDescriptor(fontAttributes: [.family: style.sansFamily]), size: 34),
            .foregroundColor: SampleArtwork.navy, .kern: -0.5,
        ])
        title.append(NSAttributedString(string: "A tour of the text system, typeset by otk", attributes: [
            .font: UIFont(name: style.sansFamily, size: 14) ?? UIFont.systemFont(ofSize: 14),
            .foregroundColor: SampleArtwork.teal,
        ]))
        let spacing = NSMutableParagraphStyle()
        spacing.paragraphSpacing = 2
        title.addAttribute(.paragraphStyle, value: spacing, range: NSRange(location: 0, length: title.length))
        return title
    }
}
