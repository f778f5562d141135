import Foundation

/// The document-info key for the title (as Core Graphics' `kCGPDFContextTitle`).
public let kCGPDFContextTitle = "Title"
/// The document-info key for the author.
public let kCGPDFContextAuthor = "Author"
/// The document-info key for the subject.
public let kCGPDFContextSubject = "Subject"
/// The document-info key for keywords.
public let kCGPDFContextKeywords = "Keywords"
/// The document-info key for the creating application.
public let kCGPDFContextCreator = "Creator"

/// UIKit's default PDF page when the bounds are empty: US Letter, 612 × 792 points.
let defaultPDFPageRect = CGRect(x: 0, y: 0, width: 612, height: 792)

/// The page box UIKit uses for `bounds`: the bounds, or US Letter when they are empty.
func pdfPageRect(_ bounds: CGRect) -> CGRect {
    let r = bounds.standardized
    return r.isNull || r.isEmpty ? defaultPDFPageRect : r
}

/// String values of the document-info keys CGContext understands.
func pdfDocumentInfo(_ info: [AnyHashable: Any]?) -> [String: String] {
    var result: [String: String] = [:]
    for (key, value) in info ?? [:] {
        if let key = key as? String, let value = value as? String { result[key] = value }
    }
    return result
}

/// Begins a PDF context writing to the file at `path` and makes it current; pages default to
/// `bounds` (US Letter when empty). Returns false (and pushes nothing) when the file cannot be
/// created. The file appears, complete, at ``UIGraphicsEndPDFContext()``.
@discardableResult
public func UIGraphicsBeginPDFContextToFile(_ path: String, _ bounds: CGRect, _ documentInfo: [AnyHashable: Any]?) -> Bool {
    guard let context = try? CGContext(pdfURL: URL(fileURLWithPath: path), mediaBox: pdfPageRect(bounds),
                                       documentInfo: pdfDocumentInfo(documentInfo)) else { return false }
    GraphicsContextStack.current.push(context, .pdf(data: nil))
    return true
}

/// Begins a PDF context whose bytes are appended to `data` at ``UIGraphicsEndPDFContext()``,
/// and makes it current.
public func UIGraphicsBeginPDFContextToData(_ data: NSMutableData, _ bounds: CGRect, _ documentInfo: [AnyHashable: Any]?) {
    let context = try? CGContext(pdfMediaBox: pdfPageRect(bounds), documentInfo: pdfDocumentInfo(documentInfo))
    GraphicsContextStack.current.push(context, .pdf(data: data))
}

/// Begins a page of the context's default size in the current PDF context.
public func UIGraphicsBeginPDFPage() {
    pdfContext()?.beginPDFPage(nil)
}

/// Begins a page with `bounds` (empty: US Letter) in the current PDF context.
public func UIGraphicsBeginPDFPageWithInfo(_ bounds: CGRect, _ pageInfo: [AnyHashable: Any]?) {
    var info = pageInfo ?? [:]
    info[kCGPDFContextMediaBox] = pdfPageRect(bounds)
    pdfContext()?.beginPDFPage(info)
}

/// Ends the current PDF context: closes the document, writes the file or appends the bytes to
/// the data object, and removes the context from the stack.
public func UIGraphicsEndPDFContext() {
    let stack = GraphicsContextStack.current
    guard let index = stack.topPDFIndex else { return }
    let entry = stack.entries.remove(at: index)
    guard let context = entry.context else { return }
    context.closePDF()
    if case .pdf(let data?) = entry.kind, let bytes = context.outputData { data.append(bytes) }
}

/// The page box of the current PDF context (`.zero` without one).
public func UIGraphicsGetPDFContextBounds() -> CGRect {
    pdfContext()?.pageRect ?? .zero
}

/// Makes `rect` (current user space) of the current PDF page a link to `url`.
public func UIGraphicsSetPDFContextURLForRect(_ url: URL, _ rect: CGRect) {
    pdfContext()?.setURL(url, for: rect)
}

/// Makes `rect` of the current PDF page a link to the destination `name`.
public func UIGraphicsSetPDFContextDestinationForRect(_ name: String, _ rect: CGRect) {
    pdfContext()?.setDestination(name, for: rect)
}

/// Names `point` of the current PDF page as the destination `name`.
public func UIGraphicsAddPDFContextDestinationAtPoint(_ name: String, _ point: CGPoint) {
    pdfContext()?.addDestination(name, at: point)
}

private func pdfContext() -> CGContext? {
    let stack = GraphicsContextStack.current
    return stack.topPDFIndex.flatMap { stack.entries[$0].context }
}
