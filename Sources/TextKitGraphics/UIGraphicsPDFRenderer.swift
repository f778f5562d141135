import Foundation

/// The format of a PDF renderer, as UIKit's `UIGraphicsPDFRendererFormat`.
public final class UIGraphicsPDFRendererFormat: @unchecked Sendable {  // a plain settings object, as in UIKit
    /// Document information: string values for ``kCGPDFContextTitle``, ``kCGPDFContextAuthor``,
    /// ``kCGPDFContextSubject``, ``kCGPDFContextKeywords``, ``kCGPDFContextCreator``.
    public var documentInfo: [String: Any] = [:]
    /// The default page box (set by the renderer).
    public internal(set) var bounds: CGRect = .zero

    /// The default format: no document information.
    public init() {}

    /// A new default format.
    public static func `default`() -> UIGraphicsPDFRendererFormat { UIGraphicsPDFRendererFormat() }
}

/// The context of a PDF renderer's actions. Call ``beginPage()`` before drawing: drawing
/// outside a page is ignored.
public final class UIGraphicsPDFRendererContext: UIGraphicsRendererContext {
    /// The renderer's format.
    public let format: UIGraphicsPDFRendererFormat

    init(cgContext: CGContext, format: UIGraphicsPDFRendererFormat) {
        self.format = format
        super.init(cgContext: cgContext)
    }

    /// The current page box.
    public var pdfContextBounds: CGRect { cgContext.pageRect }

    /// Begins a page of the renderer's size (ending the previous one).
    public func beginPage() { cgContext.beginPDFPage(nil) }

    /// Begins a page with `bounds` (empty: US Letter).
    public func beginPage(withBounds bounds: CGRect, pageInfo: [String: Any]) {
        var info: [AnyHashable: Any] = [:]
        for (key, value) in pageInfo { info[key] = value }
        info[kCGPDFContextMediaBox] = pdfPageRect(bounds)
        cgContext.beginPDFPage(info)
    }

    /// Makes `rect` a link to `url`.
    public func setURL(_ url: URL, for rect: CGRect) { cgContext.setURL(url, for: rect) }

    /// Names `point` of the current page as the destination `name`.
    public func addDestination(withName name: String, at point: CGPoint) { cgContext.addDestination(name, at: point) }

    /// Makes `rect` a link to the destination `name`.
    public func setDestinationWithName(_ name: String, for rect: CGRect) { cgContext.setDestination(name, for: rect) }
}

/// Draws PDF documents with a closure, as UIKit's `UIGraphicsPDFRenderer`.
///
/// ```swift
/// let data = UIGraphicsPDFRenderer(bounds: CGRect(x: 0, y: 0, width: 595, height: 842)).pdfData { context in
///     context.beginPage()
///     UIColor.blue.setFill()
///     context.fill(CGRect(x: 72, y: 72, width: 100, height: 100))
/// }
/// ```
public final class UIGraphicsPDFRenderer {
    /// The format (document info, default page box).
    public let format: UIGraphicsPDFRendererFormat

    /// A renderer whose pages default to `bounds` (US Letter when empty).
    public init(bounds: CGRect, format: UIGraphicsPDFRendererFormat) {
        self.format = format
        format.bounds = pdfPageRect(bounds)
    }

    /// A renderer with the default format.
    public convenience init(bounds: CGRect) { self.init(bounds: bounds, format: .default()) }

    /// Runs `actions` and returns the PDF document.
    public func pdfData(actions: (UIGraphicsPDFRendererContext) -> Void) -> Data {
        // The page box is valid (pdfPageRect), so creating an in-memory context cannot fail.
        guard let context = try? CGContext(pdfMediaBox: format.bounds, documentInfo: info) else { return Data() }
        run(actions, in: context)
        try? context.close()
        return context.outputData ?? Data()
    }

    /// Runs `actions` and writes the PDF document to `url`, atomically. Throws when the file
    /// cannot be written.
    public func writePDF(to url: URL, withActions actions: (UIGraphicsPDFRendererContext) -> Void) throws {
        let context = try CGContext(pdfURL: url, mediaBox: format.bounds, documentInfo: info)
        run(actions, in: context)
        try context.close()
    }

    private var info: [String: String] { pdfDocumentInfo(format.documentInfo) }

    private func run(_ actions: (UIGraphicsPDFRendererContext) -> Void, in context: CGContext) {
        UIGraphicsPushContext(context)
        defer { UIGraphicsPopContext() }
        actions(UIGraphicsPDFRendererContext(cgContext: context, format: format))
    }
}
