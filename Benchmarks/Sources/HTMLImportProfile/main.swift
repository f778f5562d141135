// HTMLImportProfile: one HTML file imported as an attributed string (the bench's html-import
// rows), for profilers and for checking that a change to the importer keeps its results.
// Prints each run's time and the median.
//
// Usage: swift build -c release --product HTMLImportProfile &&
//        .build/release/HTMLImportProfile corpus/out/html-1MB.html [runs]
//   valgrind --tool=callgrind --toggle-collect='$s17HTMLImportProfile6importySiAA4DataVF' \
//            .build/release/HTMLImportProfile corpus/out/html-1MB.html 1
//   .build/release/HTMLImportProfile FILE --archive OUT   the result as OpenTextKit's lossless JSON
//                                                         archive (compare two builds' with cmp)
import Foundation
import OpenTextKit

func now() -> Double { var t = timespec(); clock_gettime(CLOCK_MONOTONIC, &t); return Double(t.tv_sec) * 1e3 + Double(t.tv_nsec) / 1e6 }
/// This process's CPU time: on a loaded machine steadier than wall time.
func cpuNow() -> Double { var t = timespec(); clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t); return Double(t.tv_sec) * 1e3 + Double(t.tv_nsec) / 1e6 }

let arguments = CommandLine.arguments
guard arguments.count > 1 else { print("usage: HTMLImportProfile FILE [runs] | FILE --archive OUT"); exit(2) }
let data = try! Data(contentsOf: URL(fileURLWithPath: arguments[1]))

/// One import; returns the length of the text.
@inline(never)
func `import`(_ data: Data) -> Int {
    let string = try! NSAttributedString(data: data, options: [.documentType: NSAttributedString.DocumentType.html],
                                         documentAttributes: nil)
    return string.length
}

if arguments.count > 3, arguments[2] == "--archive" {
    let string = try! NSAttributedString(data: data, options: [.documentType: NSAttributedString.DocumentType.html],
                                         documentAttributes: nil)
    let archive = try! string.data(from: NSRange(location: 0, length: string.length),
                                   documentAttributes: [.documentType: NSAttributedString.DocumentType.archive])
    try! archive.write(to: URL(fileURLWithPath: arguments[3]))
    print("\(string.length) UTF-16 units, archive \(archive.count) bytes")
    exit(0)
}

/// An untimed first import (outside `import`, so callgrind's --toggle-collect leaves it out):
/// fonts found, the font catalog built, as in the bench's warm-up.
@inline(never)
func warmUp(_ data: Data) {
    // (Not the same body as `import`: the optimizer would merge the two functions, and callgrind
    // would then count the warm-up too.)
    var attributes: [NSAttributedString.DocumentAttributeKey: Any] = [:]
    let string = try! NSAttributedString(data: data, options: [.documentType: NSAttributedString.DocumentType.html],
                                         documentAttributes: &attributes)
    print("warm-up: \(string.length) UTF-16 units, title \(attributes[.title] as? String ?? "none")")
}

warmUp(data)
let runs = arguments.count > 2 ? Int(arguments[2])! : 9
var times: [Double] = []
var length = 0
for _ in 0..<runs {
    let t0 = now(), c0 = cpuNow()
    length = `import`(data)
    let elapsed = now() - t0, cpu = cpuNow() - c0
    times.append(elapsed)
    print(String(format: "%.1f ms (CPU %.1f ms)", elapsed, cpu))
}
times.sort()
print(String(format: "median %.1f ms, min %.1f ms; %d bytes of HTML, %d UTF-16 units of text", times[times.count / 2], times[0], data.count, length))
