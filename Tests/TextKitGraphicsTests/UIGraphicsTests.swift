import Foundation
import Testing
@testable import TextKitGraphics

@Suite("UIGraphics current-context functions")
struct UIGraphicsTests {
    @Test("Push and pop nest contexts on the calling thread")
    func pushPop() {
        #expect(UIGraphicsGetCurrentContext() == nil)
        let a = CGContext(recordingSize: CGSize(width: 1, height: 1))
        let b = CGContext(recordingSize: CGSize(width: 1, height: 1))
        UIGraphicsPushContext(a)
        UIGraphicsPushContext(b)
        #expect(UIGraphicsGetCurrentContext() === b)
        UIGraphicsPopContext()
        #expect(UIGraphicsGetCurrentContext() === a)
        UIGraphicsPopContext()
        #expect(UIGraphicsGetCurrentContext() == nil)
        UIGraphicsPopContext()  // popping an empty stack is harmless
    }

    @Test("Each thread has its own context stack")
    func perThread() {
        final class Observation: @unchecked Sendable {  // written by the thread before `done` is signalled
            var sawOuterContext = true
            var sawOwnContext = false
        }
        let observation = Observation()
        let done = DispatchSemaphore(value: 0)
        let a = CGContext(recordingSize: CGSize(width: 1, height: 1))
        UIGraphicsPushContext(a)
        Thread.detachNewThread {
            observation.sawOuterContext = UIGraphicsGetCurrentContext() != nil
            let b = CGContext(recordingSize: CGSize(width: 2, height: 2))
            UIGraphicsPushContext(b)
            observation.sawOwnContext = UIGraphicsGetCurrentContext() === b
            UIGraphicsPopContext()
            done.signal()
        }
        done.wait()
        #expect(!observation.sawOuterContext)
        #expect(observation.sawOwnContext)
        #expect(UIGraphicsGetCurrentContext() === a)
        UIGraphicsPopContext()
    }

    @Test("An image context draws with UIKit calls and yields its image")
    func imageContext() throws {
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 10, height: 10), false, 2)
        UIColor.magenta.setFill()
        UIRectFill(CGRect(x: 0, y: 0, width: 5, height: 10))
        UIColor.black.setFill()
        UIRectFrame(CGRect(x: 5, y: 0, width: 5, height: 10))
        let image = try #require(UIGraphicsGetImageFromCurrentImageContext())
        UIGraphicsEndImageContext()
        #expect(UIGraphicsGetCurrentContext() == nil)
        #expect(image.size == CGSize(width: 10, height: 10) && image.scale == 2)
        let cg = try #require(image.cgImage)
        #expect(cg.px(2, 2) == [255, 0, 255, 255])
        #expect(cg.px(10, 10) == [0, 0, 0, 255])    // the frame's left edge
        #expect(cg.px(14, 10)[3] == 0)              // inside the frame: untouched
    }

    @Test("A refused image size keeps begin and end balanced")
    func refusedSize() {
        let outer = CGContext(recordingSize: CGSize(width: 1, height: 1))
        UIGraphicsPushContext(outer)
        UIGraphicsBeginImageContext(CGSize(width: 0, height: 10))
        #expect(UIGraphicsGetCurrentContext() == nil)
        #expect(UIGraphicsGetImageFromCurrentImageContext() == nil)
        UIGraphicsEndImageContext()
        #expect(UIGraphicsGetCurrentContext() === outer)
        UIGraphicsEndImageContext()  // the top is not an image context: nothing happens
        #expect(UIGraphicsGetCurrentContext() === outer)
        UIGraphicsPopContext()
    }

    @Test("UIBezierPath fills and strokes into the current context with its own attributes")
    func bezierDrawing() throws {
        let context = CGContext(recordingSize: CGSize(width: 100, height: 100))
        UIGraphicsPushContext(context)
        let path = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        path.usesEvenOddFillRule = true
        path.lineWidth = 5
        path.setLineDash([2, 1], phase: 0)
        UIColor.red.set()
        path.fill()
        path.stroke()
        UIGraphicsPopContext()
        let recording = try #require(context.recording)
        #expect(recording.fills.first?.fillRule == .evenOdd)
        #expect(recording.fills.first?.color == .red)
        #expect(recording.strokes.first?.lineWidth == 5)
        #expect(recording.strokes.first?.lineDash == [2, 1])
        #expect(context.isPathEmpty)
    }

    @Test("A PDF context to data receives the document at the end")
    func pdfToData() throws {
        let data = NSMutableData()
        UIGraphicsBeginPDFContextToData(data, CGRect(x: 0, y: 0, width: 100, height: 100), [kCGPDFContextTitle: "T"])
        UIGraphicsBeginPDFPage()
        #expect(UIGraphicsGetPDFContextBounds() == CGRect(x: 0, y: 0, width: 100, height: 100))
        UIColor.red.setFill()
        UIRectFill(CGRect(x: 10, y: 10, width: 10, height: 10))
        UIGraphicsSetPDFContextURLForRect(URL(string: "https://example.net/x")!, CGRect(x: 10, y: 10, width: 10, height: 10))
        UIGraphicsBeginPDFPageWithInfo(CGRect(x: 0, y: 0, width: 50, height: 50), nil)
        UIGraphicsEndPDFContext()
        #expect(UIGraphicsGetCurrentContext() == nil)
        let bytes = String(decoding: data as Data, as: UTF8.self)
        #expect(bytes.hasPrefix("%PDF-"))
        #expect(bytes.contains("https://example.net/x"))
        #expect(bytes.contains("/Count 2"))
    }
}
