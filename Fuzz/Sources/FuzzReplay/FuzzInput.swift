import Foundation
/// Reads structured choices from a fuzzer's bytes: each call takes what it needs and gives zeros
/// once the bytes run out, so every input decodes to something.
public struct FuzzInput {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0

    public init(_ bytes: UnsafePointer<UInt8>, _ size: Int) {
        self.bytes = UnsafeBufferPointer(start: bytes, count: size)
    }

    public var isExhausted: Bool { position >= bytes.count }

    public mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    /// A number in `0..<bound` (bound ≥ 1).
    public mutating func int(below bound: Int) -> Int {
        let value = Int(byte()) << 8 | Int(byte())
        return bound <= 1 ? 0 : value % bound
    }

    public mutating func bool() -> Bool { byte() & 1 == 1 }

    public mutating func pick<T>(_ choices: [T]) -> T { choices[int(below: choices.count)] }

    /// A float that is sometimes hostile: NaN, ±infinity, huge, tiny, negative, or ordinary.
    public mutating func hostileFloat(ordinary range: ClosedRange<Double>) -> Double {
        switch byte() % 12 {
        case 0: return .nan
        case 1: return .infinity
        case 2: return -.infinity
        case 3: return 1e12
        case 4: return -1e6
        case 5: return 0
        case 6: return Double.leastNonzeroMagnitude
        default:
            let unit = Double(int(below: 10_001)) / 10_000
            return range.lowerBound + unit * (range.upperBound - range.lowerBound)
        }
    }
}

/// A precondition whose message survives release builds (Swift drops `precondition` messages
/// with -O): the message goes to standard error, then the process traps for the fuzzer, or, when
/// ``requireFailureHandler`` is set (the main package's regression tests), the handler records it
/// and the check goes on.
public func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
                    file: StaticString = #fileID, line: UInt = #line) {
    guard !condition() else { return }
    if let handler = requireFailureHandler { return handler("\(file):\(line): \(message())") }
    FileHandle.standardError.write(Data("\(file):\(line): \(message())\n".utf8))
    fatalError(message(), file: file, line: line)
}

/// Where failed checks go instead of trapping: set by the regression tests, which replay one input
/// at a time on the main actor (nothing else reads or writes it concurrently).
nonisolated(unsafe) public var requireFailureHandler: ((String) -> Void)?
