// LayoutProfile: full layout of one corpus file from an empty shaped-word cache (the bench's
// W1-full and W2-full rows), for profilers. Prints each run's time and the median.
//
// Usage: swift build -c release --product LayoutProfile &&
//        .build/release/LayoutProfile corpus/out/W1.txt [runs] [threads] [warm]
//   perf record -g .build/release/LayoutProfile corpus/out/W1.txt 20
//   valgrind --tool=callgrind --toggle-collect='$s13LayoutProfile6layOutySiSS_SitF' \
//            .build/release/LayoutProfile corpus/out/W2.txt 1
import Foundation
import OpenTextKit

func now() -> Double { var t = timespec(); clock_gettime(CLOCK_MONOTONIC, &t); return Double(t.tv_sec) * 1e3 + Double(t.tv_nsec) / 1e6 }
/// This process's CPU time: on a loaded machine steadier than wall time (one thread only).
func cpuNow() -> Double { var t = timespec(); clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t); return Double(t.tv_sec) * 1e3 + Double(t.tv_nsec) / 1e6 }

let arguments = CommandLine.arguments
guard arguments.count > 1 else { print("usage: LayoutProfile FILE [runs] [threads]"); exit(2) }
let text = try! String(contentsOfFile: arguments[1], encoding: .utf8)
let runs = arguments.count > 2 ? Int(arguments[2])! : 9
let threads = arguments.count > 3 ? Int(arguments[3])! : 1
/// "warm" keeps the shaped-word cache between runs: the layout without shaping's cache misses.
let keepsCache = arguments.count > 4 && arguments[4] == "warm"
let font = try! UIFont(url: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"), size: 12)

/// One cold layout: a fresh storage and layout manager, the shaped-word cache emptied first.
@inline(never)
func layOut(_ text: String, threads: Int) -> Int {
    let storage = NSTextStorage(string: text, attributes: [.font: font])
    let layoutManager = NSLayoutManager()
    layoutManager.maximumLayoutThreads = threads
    storage.addLayoutManager(layoutManager)
    let container = NSTextContainer(size: CGSize(width: 400, height: CGFloat.greatestFiniteMagnitude))
    container.lineFragmentPadding = 0
    layoutManager.addTextContainer(container)
    if !keepsCache { TypesettingCaches.removeAll() }
    let t0 = now(), c0 = cpuNow()
    layoutManager.ensureLayout(for: container)
    let elapsed = now() - t0, cpu = cpuNow() - c0
    print(String(format: "%.1f ms (CPU %.1f ms)", elapsed, cpu))
    return Int((threads == 1 ? cpu : elapsed) * 1000)
}

_ = layOut(String(text.prefix(2000)), threads: threads)  // fonts and tables loaded
var times: [Int] = []
for _ in 0..<runs { times.append(layOut(text, threads: threads)) }
times.sort()
let kind = threads == 1 ? "CPU time" : "wall time"
print(String(format: "median %.1f ms", Double(times[times.count / 2]) / 1000) + " (\(kind)) of \(runs) runs, \(threads) thread(s)")
