import TextKit
import TextKitGraphics
import TextKitModel

// Data detection: with `dataDetectorTypes`, links, phone numbers and dates found by NSDataDetector
// become `.link` attributes of the text storage (so layout delegates that keep links unbroken see
// them), in the paragraphs that changed, as they come into view. Links the view added carry a
// marker attribute, so the next pass removes exactly those before detecting again.
extension UITextView {
    /// A storage attribute marking `.link`s the view added (never drawn).
    static let detectedLinkKey = NSAttributedString.Key("OTKDetectedLink")

    var _dataDetectorTypes: UIDataDetectorTypes {
        get { detectorTypes }
        set {
            guard newValue != detectorTypes else { return }
            detectorTypes = newValue
            dataDetector = nil
            redecorateAll()
        }
    }

    /// Replaces the links detected before in `paragraphs` with what the detector finds now.
    func detectData(inParagraphs paragraphs: NSRange) {
        let storage = textStorage
        var stale: [NSRange] = []
        storage.enumerateAttribute(Self.detectedLinkKey, in: paragraphs) { value, range, _ in
            if value != nil { stale.append(range) }
        }
        let types = detectorTypes.checkingTypes
        let found: [(NSRange, URL)]
        if types.isEmpty {
            found = []
        } else {
            if dataDetector == nil { dataDetector = try? NSDataDetector(types: types.rawValue) }
            let text = storage.attributedSubstring(from: paragraphs).string
            found = (dataDetector?.matches(in: text, options: [], range: NSRange(location: 0, length: paragraphs.length)) ?? [])
                .compactMap { match in
                    Self.linkURL(for: match).map { (NSRange(location: paragraphs.location + match.range.location, length: match.range.length), $0) }
                }
        }
        guard !stale.isEmpty || !found.isEmpty else { return }
        if !found.isEmpty { hasDetectedLinks = true }
        editOwnStorage { storage in
            for range in stale {
                storage.removeAttribute(.link, range: range)
                storage.removeAttribute(Self.detectedLinkKey, range: range)
            }
            for (range, url) in found {
                // A link the text already has (set by the app) stays as it is.
                if storage.attribute(.link, at: range.location, effectiveRange: nil) != nil,
                   storage.attribute(Self.detectedLinkKey, at: range.location, effectiveRange: nil) == nil { continue }
                storage.addAttributes([.link: url, Self.detectedLinkKey: true], range: range)
            }
        }
    }

    /// The URL a detected item links to: its URL, a `tel:` URL for a phone number, a calendar link
    /// for a date.
    static func linkURL(for match: NSTextCheckingResult) -> URL? {
        switch match.resultType {
        case .link: return match.url
        case .phoneNumber:
            let digits = (match.phoneNumber ?? "").filter { $0.isNumber || $0 == "+" }
            return digits.isEmpty ? nil : URL(string: "tel:" + digits)
        case .date:
            guard let date = match.date else { return nil }
            return URL(string: "x-apple-data-detectors://calendar-event/" + ISO8601DateFormatter().string(from: date))
        default: return nil
        }
    }
}
