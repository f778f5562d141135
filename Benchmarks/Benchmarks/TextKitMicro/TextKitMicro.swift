// Micro-benchmarks of OpenTextKit's own pieces, on ordo-one/benchmark:
//   swift package --allow-writing-to-package-directory benchmark      (from Benchmarks/)
//
// For now they prove the plumbing on something real and cheap that the library already has
// (Core Graphics affine transforms); the model and layout benchmarks (NSTextStorage edits,
// glyph generation, line fragment queries) join them when those layers land. Metrics: wall clock
// and malloc counts (this VM has no instruction counters; the ARC metrics need the runtime
// interposer, which is not built here — STACK-NOTES §5).
import Benchmark
import OpenTextKit

let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal],
        maxDuration: .seconds(2)
    )

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
