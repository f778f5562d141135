import CCairo
import Foundation

/// Where a Cairo surface writes its bytes: memory, or a temporary file beside the destination
/// that is renamed over it only once everything was written, so no reader ever sees a
/// half-written file.
final class OutputSink {
    private(set) var data = Data()
    private var file: UnsafeMutablePointer<FILE>?
    private let temporaryPath: String?
    let destination: URL?
    private(set) var failed = false
    private var committed = false

    /// Collects the output in memory.
    init() {
        temporaryPath = nil
        destination = nil
    }

    /// Writes to a temporary file in `url`'s directory; throws when it cannot be created.
    init(file url: URL) throws(GraphicsError) {
        let directory = url.deletingLastPathComponent().path
        var template = Array("\(directory)/.\(url.lastPathComponent).XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw GraphicsError(.unwritableOutput,
                                "cannot write \(url.path): \(String(cString: strerror(errno)))")
        }
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        guard let stream = fdopen(descriptor, "wb") else {
            close(descriptor)
            unlink(path)
            throw GraphicsError(.unwritableOutput, "cannot open a temporary file for \(url.path)")
        }
        fchmod(descriptor, 0o644)
        file = stream
        temporaryPath = path
        destination = url
    }

    deinit { discard() }

    func write(_ bytes: UnsafeRawBufferPointer) {
        guard !failed, bytes.count > 0 else { return }
        if let file {
            if fwrite(bytes.baseAddress, 1, bytes.count, file) != bytes.count { failed = true }
        } else {
            data.append(bytes.bindMemory(to: UInt8.self))
        }
    }

    /// Flushes and renames the temporary file over the destination (no-op for memory output).
    func commit() throws(GraphicsError) {
        guard !committed else { return }
        committed = true
        guard let file, let temporaryPath, let destination else {
            if failed { throw GraphicsError(.writeFailed, "writing the output failed") }
            return
        }
        self.file = nil
        let flushed = fflush(file) == 0 && fsync(fileno(file)) == 0
        let closed = fclose(file) == 0
        guard !failed, flushed, closed else {
            unlink(temporaryPath)
            throw GraphicsError(.writeFailed, "writing \(destination.path) failed")
        }
        guard rename(temporaryPath, destination.path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporaryPath)
            throw GraphicsError(.writeFailed, "cannot replace \(destination.path): \(reason)")
        }
    }

    /// Drops the temporary file without touching the destination.
    func discard() {
        if let file {
            fclose(file)
            self.file = nil
            if let temporaryPath { unlink(temporaryPath) }
        }
    }

    /// A Cairo write function whose closure is an unretained `OutputSink`.
    static let cairoWrite: cairo_write_func_t = { closure, bytes, length in
        guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
        let sink = Unmanaged<OutputSink>.fromOpaque(closure).takeUnretainedValue()
        sink.write(UnsafeRawBufferPointer(start: bytes, count: Int(length)))
        return sink.failed ? CAIRO_STATUS_WRITE_ERROR : CAIRO_STATUS_SUCCESS
    }

    var unretained: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }
}

/// Writes `data` to `url` atomically (temporary file beside it, then rename).
func writeAtomically(_ data: Data, to url: URL) throws(GraphicsError) {
    let sink = try OutputSink(file: url)
    data.withUnsafeBytes { sink.write($0) }
    try sink.commit()
}
