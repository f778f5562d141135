/// Whether every UTF-16 unit of `units` is ASCII (below U+0080): text whose characters, grapheme
/// clusters and UTF-8 bytes are its units one for one. One pass, no branch per unit.
package func isASCII(_ units: UnsafeBufferPointer<UInt16>) -> Bool {
    var combined: UInt16 = 0
    for unit in units { combined |= unit }
    return combined < 0x80
}
