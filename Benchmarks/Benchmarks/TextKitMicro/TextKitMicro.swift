// Micro-benchmarks of OpenTextKit's own pieces, on ordo-one/benchmark:
//   swift package --allow-writing-to-package-directory benchmark      (from Benchmarks/)
//
// The text model on a 10 MB storage (an insert in the middle, attribute lookups, enumerating
// runs, memory per character), and Core Graphics affine transforms. Metrics: wall clock
// and malloc counts (this VM has no instruction counters; the ARC metrics need the runtime
// interposer, which is not built here — STACK-NOTES §5).
import Benchmark
import OpenTextKit

let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal],
        maxDuration: .seconds(2)
    )

    // The text model on a 10 MB document: 10,000,000 UTF-16 units with an attribute run every
    // 40 units (250,000 runs), built once (it takes seconds) and shared by the benchmarks below.
    let storage = TenMegabyteStorage.shared
    let kilo = Benchmark.Configuration(metrics: [.wallClock, .mallocCountTotal], scalingFactor: .kilo,
                                       maxDuration: .seconds(3))

    Benchmark("NSTextStorage 10 MB: insert one character in the middle (×1,000)", configuration: kilo) { benchmark in
        for _ in benchmark.scaledIterations {
            storage.replaceCharacters(in: NSRange(location: storage.length / 2, length: 0), with: "x")
        }
    }

    Benchmark("NSTextStorage 10 MB: attributes(at:effectiveRange:) (×1,000)", configuration: kilo) { benchmark in
        var place = 0
        var range = NSRange()
        for _ in benchmark.scaledIterations {
            place = (place + 9_973) % storage.length
            blackHole(storage.attributes(at: place, effectiveRange: &range))
        }
    }

    Benchmark("NSTextStorage 10 MB: enumerate every attribute run", configuration: .init(metrics: [.wallClock], maxDuration: .seconds(5))) { benchmark in
        for _ in benchmark.scaledIterations {
            var runs = 0
            storage.enumerateAttributes(in: NSRange(location: 0, length: storage.length), options: []) { _, _, _ in runs += 1 }
            blackHole(runs)
        }
    }

    Benchmark("NSTextStorage 10 MB: resident memory of the storage (peak of the process, 10 M units)",
              configuration: .init(metrics: [.peakMemoryResident], maxDuration: .seconds(1), maxIterations: 1)) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(storage.length) }
    }

    // A text layout maps every glyph run through a chain of transforms (text matrix, line
    // origin, container origin, context CTM); this is the cost of composing such a chain.
    Benchmark("CGAffineTransform: concatenate 1,000 transforms", configuration: configuration) { benchmark in
        let steps = (0..<1_000).map { i in
            CGAffineTransform(rotationAngle: CGFloat(i) * 0.001)
                .translatedBy(x: CGFloat(i % 7), y: CGFloat(i % 11))
                .scaledBy(x: 1.0001, y: 0.9999)
        }
        for _ in benchmark.scaledIterations {
            var t = CGAffineTransform.identity
            for step in steps { t = t.concatenating(step) }
            blackHole(t)
        }
    }

    // Mapping glyph positions into device space: one transform applied to 10,000 points.
    Benchmark("CGPoint.applying: map 10,000 glyph origins", configuration: configuration) { benchmark in
        let transform = CGAffineTransform(translationX: 36, y: 720).scaledBy(x: 1, y: -1)
        let origins = (0..<10_000).map { CGPoint(x: CGFloat($0 % 400), y: CGFloat($0 / 400) * 14) }
        for _ in benchmark.scaledIterations {
            var sum = CGFloat(0)
            for p in origins {
                let q = p.applying(transform)
                sum += q.x + q.y
            }
            blackHole(sum)
        }
    }
}

/// The 10 MB storage of the model benchmarks, built once per process.
enum TenMegabyteStorage {
    nonisolated(unsafe) static let shared: NSTextStorage = {
        let line = String(repeating: "The quick brown fox jumps over the lazy dog. ", count: 20) + "\n"
        let text = String(repeating: line, count: 10_000_000 / line.utf16.count)
        let storage = NSTextStorage(string: text, attributes: [.font: UIFont.systemFont(ofSize: 12)])
        storage.beginEditing()
        var location = 0
        while location + 40 <= storage.length {
            storage.addAttribute(.foregroundColor, value: UIColor.red, range: NSRange(location: location, length: 20))
            location += 40
        }
        storage.endEditing()
        return storage
    }()
}
