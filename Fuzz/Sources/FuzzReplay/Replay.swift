import Dispatch
import Foundation

/// Runs a fuzz entry point once per file (directories: every file in them), printing the time each took.
public enum Replay {
    public static func run(_ paths: some Sequence<String>, _ body: (UnsafePointer<UInt8>, Int) -> CInt) {
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue, let enumerator = FileManager.default.enumerator(atPath: path) {
                for case let name as String in enumerator { files.append(path + "/" + name) }
            } else {
                files.append(path)
            }
        }
        for file in files {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), !isDirectory.boolValue,
                  let data = FileManager.default.contents(atPath: file) else { continue }
            let start = DispatchTime.now().uptimeNanoseconds
            _ = data.withUnsafeBytes { raw in
                body(raw.bindMemory(to: UInt8.self).baseAddress ?? UnsafePointer(bitPattern: 1)!, data.count)
            }
            let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            print("\(file): \(data.count) bytes in \(String(format: "%.1f", ms)) ms")
        }
    }
}
