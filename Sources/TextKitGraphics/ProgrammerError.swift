#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Traps with `message` when `condition` is false: the check behind every out-of-range or
/// otherwise invalid argument in the public API (a programmer error, as TextKit raises
/// `NSRangeException`), used instead of `precondition` throughout the library.
///
/// `precondition` drops its message in optimised builds: a server built with `-c release` would
/// die with a bare "Fatal error" and nothing to say which call got which range. This check writes
/// the message (the call, the value and the bound it broke) to standard error first, then traps
/// with `fatalError`, in every build. Code that handles untrusted ranges should validate them
/// first: `NSAttributedString.isValidRange(_:)`, `NSLayoutManager.isValidGlyphRange(_:)` and
/// their index counterparts.
@inline(__always)
package func checkPrecondition(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
                               file: StaticString = #fileID, line: UInt = #line) {
    if _slowPath(!condition()) { programmerError(message(), file: file, line: line) }
}

/// Writes `message` to standard error and traps (see ``checkPrecondition(_:_:file:line:)``).
@inline(never)
package func programmerError(_ message: String, file: StaticString = #fileID, line: UInt = #line) -> Never {
    // Messages start with the failing call's `#function`. The overridable members forward to
    // implementations named `_member` (Swift cannot override members declared in extensions), so
    // a leading underscore is the public member's name with one: show the name users called.
    var message = message
    if message.hasPrefix("_"), message.dropFirst().first?.isLetter == true { message.removeFirst() }
    let text = "OpenTextKit: fatal error: \(message)\n"
    var bytes = Array(text.utf8)
    _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }  // unbuffered, straight to fd 2
    fatalError(message, file: file, line: line)
}
