/// The control words the RTF reader acts on. The case names are the words' spellings, so the
/// lookup table is built from them; a word not listed is ignored (or, after `\*`, its group is
/// skipped).
enum RTFWord: CaseIterable {
    // document
    case rtf, ansi, mac, pc, pca, ansicpg, deff, uc, u, deftab, paperw, paperh, margl, margr, margt, margb
    case vieww, viewh, viewscale, viewkind, readonlydoc, hyphauto, hyphfactor
    // destinations
    case fonttbl, colortbl, expandedcolortbl, info, title, subject, author, keywords, doccomm, company, copyright
    case creatim, revtim, yr, mo, dy, hr, min, sec
    case pict, shppict, nonshppict, field, fldinst, fldrslt, NeXTGraphic, listtext, pntext, upr, ud, object, result
    case stylesheet, header, headerl, headerr, headerf, footer, footerl, footerr, footerf, footnote, annotation
    case listtable, listoverridetable, revtbl, objdata, xe, tc, atnid, atnauthor, pn, pntxta, pntxtb, template
    case filetbl, shp, shpinst, shprslt, background, generator, docvar, userprops, `operator`, txe, bkmkstart, bkmkend
    case pgdsctbl, rsidtbl, themedata, colorschememapping, latentstyles, datastore, xmlnstbl, mmathPr
    // font table
    case f, fnil, froman, fswiss, fmodern, fscript, fdecor, ftech, fbidi, fcharset, fprq, cpg
    // colour tables
    case red, green, blue, csgray, cssrgb, csgenericrgb, c
    // pictures
    case pngblip, jpegblip, emfblip, wmetafile, macpict, dibitmap, wbitmap, picw, pich, picwgoal, pichgoal, picscalex, picscaley
    case width, height
    // characters
    case par, line, tab, page, sect, cell, row, nestcell, nestrow, lbr
    case emdash, endash, emspace, enspace, qmspace, bullet, lquote, rquote, ldblquote, rdblquote, zwj, zwnj, ltrmark, rtlmark
    // character formatting
    case plain, b, i, ul, ulnone, uld, uldash, uldashd, uldashdd, uldb, ulth, ulthd, ulthdash, ulthdashd, ulthdashdd
    case ulw, ulwave, ulhwave, ululdbwave, ulldash, ulthldash, ulc
    case strike, striked, strikec, strikestyle, fs, cf, cb, highlight, chcbpat, `super`, sub, nosupersub, up, dn
    case expnd, expndtw, outl, strokewidth, strokec, shad, shadx, shady, shadr, shado, shadc, v
    // paragraph formatting
    case pard, ql, qr, qc, qj, qd, qnatural, li, ri, fi, lin, rin, sb, sa, sl, slmult, slleading, slmaximum, slminimum
    case tx, tb, tqr, tqc, tqdec, rtlpar, ltrpar, pardirnatural

    static let table: [String: RTFWord] = Dictionary(uniqueKeysWithValues: allCases.map { (String(describing: $0), $0) })
}
