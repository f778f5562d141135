import Foundation
import TextKitGraphics

/// A descriptor's attributes, typed. ``UIFontDescriptor/fontAttributes`` converts to and from
/// UIKit's `[AttributeName: Any]`; keeping them typed makes descriptors (and so fonts) `Hashable`
/// and `Sendable`.
struct FontAttributes: Hashable, Sendable {
    struct Traits: Hashable, Sendable {
        var symbolic: UIFontDescriptor.SymbolicTraits?
        var weight: UIFont.Weight?
        var width: CGFloat?
        var slant: CGFloat?

        var isEmpty: Bool { symbolic == nil && weight == nil && width == nil && slant == nil }
    }

    var family: String?
    var name: String?
    var face: String?
    var size: CGFloat?
    var visibleName: String?
    var traits: Traits?
    var featureSettings: [FontFeature]?
    var fixedAdvance: CGFloat?
    var matrix: CGAffineTransform?
    var cascadeList: [UIFontDescriptor]?
    var characterSet: CharacterSet?
    var textStyle: UIFont.TextStyle?

    /// Parses UIKit's dictionary. Values of the wrong type are ignored (they are data), unknown keys too.
    init(_ dictionary: [UIFontDescriptor.AttributeName: Any]) {
        for (key, value) in dictionary { set(key, value) }
    }

    init() {}

    mutating func set(_ key: UIFontDescriptor.AttributeName, _ value: Any) {
        switch key {
        case .family: family = value as? String
        case .name: name = value as? String
        case .face: face = value as? String
        case .visibleName: visibleName = value as? String
        case .size: size = numericValue(value).flatMap { $0.isFinite && $0 >= 0 ? CGFloat($0) : nil }
        case .fixedAdvance: fixedAdvance = numericValue(value).flatMap { $0.isFinite && $0 > 0 ? CGFloat($0) : nil }
        case .matrix: matrix = value as? CGAffineTransform
        case .characterSet: characterSet = value as? CharacterSet
        case .cascadeList: cascadeList = value as? [UIFontDescriptor]
        case .textStyle:
            textStyle = (value as? UIFont.TextStyle) ?? (value as? String).map(UIFont.TextStyle.init(rawValue:))
        case .traits:
            guard let dictionary = value as? [UIFontDescriptor.TraitKey: Any] else { return }
            var traits = Traits()
            if let v = dictionary[.symbolic] {
                if let s = v as? UIFontDescriptor.SymbolicTraits {
                    traits.symbolic = s
                } else if let n = numericValue(v), n >= 0, n <= Double(UInt32.max) {
                    traits.symbolic = UIFontDescriptor.SymbolicTraits(rawValue: UInt32(n))
                }
            }
            func unit(_ key: UIFontDescriptor.TraitKey) -> CGFloat? {
                dictionary[key].flatMap(numericValue).flatMap { $0.isFinite ? CGFloat(min(max($0, -1), 1)) : nil }
            }
            traits.weight = unit(.weight).map(UIFont.Weight.init(rawValue:))
            traits.width = unit(.width)
            traits.slant = unit(.slant)
            self.traits = traits.isEmpty ? nil : traits
        case .featureSettings:
            guard let list = value as? [Any] else { return }
            featureSettings = list.compactMap(FontFeature.parse)
        default:
            break
        }
    }

    /// UIKit's dictionary form.
    var dictionary: [UIFontDescriptor.AttributeName: Any] {
        var d: [UIFontDescriptor.AttributeName: Any] = [:]
        if let family { d[.family] = family }
        if let name { d[.name] = name }
        if let face { d[.face] = face }
        if let size { d[.size] = size }
        if let visibleName { d[.visibleName] = visibleName }
        if let fixedAdvance { d[.fixedAdvance] = fixedAdvance }
        if let matrix { d[.matrix] = matrix }
        if let characterSet { d[.characterSet] = characterSet }
        if let cascadeList { d[.cascadeList] = cascadeList }
        if let textStyle { d[.textStyle] = textStyle }
        if let traits {
            var t: [UIFontDescriptor.TraitKey: Any] = [:]
            if let symbolic = traits.symbolic { t[.symbolic] = symbolic.rawValue }
            if let weight = traits.weight { t[.weight] = weight.rawValue }
            if let width = traits.width { t[.width] = width }
            if let slant = traits.slant { t[.slant] = slant }
            d[.traits] = t
        }
        if let featureSettings {
            d[.featureSettings] = featureSettings.map { feature -> [UIFontDescriptor.FeatureKey: Any] in
                [.openTypeFeatureTag: feature.tag, .openTypeFeatureValue: Int(feature.value)]
            }
        }
        return d
    }

    /// `other`'s attributes override these (UIKit's `addingAttributes`): a key present in `other`
    /// replaces the whole value here, including the whole traits dictionary.
    func merging(_ other: FontAttributes) -> FontAttributes {
        var r = self
        if let v = other.family { r.family = v }
        if let v = other.name { r.name = v }
        if let v = other.face { r.face = v }
        if let v = other.size { r.size = v }
        if let v = other.visibleName { r.visibleName = v }
        if let v = other.traits { r.traits = v }
        if let v = other.featureSettings { r.featureSettings = v }
        if let v = other.fixedAdvance { r.fixedAdvance = v }
        if let v = other.matrix { r.matrix = v }
        if let v = other.cascadeList { r.cascadeList = v }
        if let v = other.characterSet { r.characterSet = v }
        if let v = other.textStyle { r.textStyle = v }
        return r
    }

    /// The face-selecting part of the attributes: what the resolver caches on.
    var selectionKey: SelectionKey {
        SelectionKey(family: family.map(FontCatalog.key), name: name.map(FontCatalog.key),
                     face: face.map(FontCatalog.key), traits: traits)
    }

    struct SelectionKey: Hashable, Sendable {
        var family: String?
        var name: String?
        var face: String?
        var traits: Traits?
    }
}
