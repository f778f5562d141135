import COTKICU
import Foundation
import Testing

/// The system ICU (through the C facade) and Foundation's own ICU live in one process: both must
/// give correct answers side by side.
@Suite("System ICU beside Foundation")
struct ICUBesideFoundationTests {
    @Test func lineBreaksFromSystemICUAndTurkishCasingFromFoundation() throws {
        let text = Array("The quick (\"brown\") fox".utf16)
        var offsets: [Int] = []
        var err: Int32 = 0
        text.withUnsafeBufferPointer { buffer in
            guard let iterator = cotk_brk_open(Int32(COTK_BRK_LINE), "en_US", buffer.baseAddress, Int32(buffer.count), &err) else { return }
            defer { cotk_brk_close(iterator) }
            while case let offset = cotk_brk_next(iterator), offset != COTK_BRK_DONE { offsets.append(Int(offset)) }
        }
        #expect(cotk_failure(err) == 0)
        #expect(offsets == [4, 10, 20, 23])
        #expect(String(cString: cotk_icu_version()).hasPrefix("7"))

        // Foundation's locale-sensitive functions, in the same process.
        #expect("istanbul".uppercased(with: Locale(identifier: "tr_TR")) == "İSTANBUL")
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: "fr_FR")
        formatter.numberStyle = .decimal
        #expect(formatter.string(from: 1234.5)?.replacingOccurrences(of: "\u{202F}", with: " ") == "1 234,5")
        #expect("ä".compare("z", locale: Locale(identifier: "de_DE")) == .orderedAscending)
        #expect("ä".compare("z", locale: Locale(identifier: "sv_SE")) == .orderedDescending)
    }

    @Test func bidiLevelsOfMixedText() {
        let text = Array("Hello שלום 123".utf16)
        var levels = [UInt8](repeating: 9, count: text.count)
        var err: Int32 = 0
        let bidi = cotk_bidi_open()!
        defer { cotk_bidi_close(bidi) }
        text.withUnsafeBufferPointer { buffer in
            cotk_bidi_set_paragraph(bidi, buffer.baseAddress, Int32(buffer.count), UInt8(COTK_BIDI_DEFAULT_LTR), &err)
            cotk_bidi_levels(bidi, &levels, &err)
        }
        #expect(cotk_failure(err) == 0)
        #expect(levels.map(String.init).joined() == "00000011111222")
    }
}
