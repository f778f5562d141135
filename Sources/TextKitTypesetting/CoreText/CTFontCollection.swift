import TextKitFonts

// Core Text's font collections over the fonts fontconfig lists (installed and registered ones).

/// A set of fonts (Core Text's `CTFontCollection`): ``FontCollection``, a snapshot of the
/// available fonts.
public typealias CTFontCollection = FontCollection

/// Option key of ``CTFontCollectionCreateFromAvailableFonts(_:)``: a Boolean, whether to list each
/// font once (Core Text's `kCTFontCollectionRemoveDuplicatesOption`). Faces are always listed once
/// here.
public let kCTFontCollectionRemoveDuplicatesOption: CFString = "NSCTFontCollectionRemoveDuplicatesOption"

/// Every available font: installed ones and those registered by this process (Core Text's
/// `CTFontCollectionCreateFromAvailableFonts`). The options are accepted and ignored.
public func CTFontCollectionCreateFromAvailableFonts(_ options: CFDictionary?) -> CTFontCollection {
    FontCollection.installed
}

/// A descriptor for each face of the collection, grouped by family (families sorted
/// case-insensitively, the most regular face of each first), each naming exactly its face (Core
/// Text's `CTFontCollectionCreateMatchingFontDescriptors`); nil when the collection is empty, as
/// in Core Text. Read them with `as? [CTFontDescriptor]`.
public func CTFontCollectionCreateMatchingFontDescriptors(_ collection: CTFontCollection) -> CFArray? {
    let descriptors = collection.faces.map(\.fontDescriptor)
    return descriptors.isEmpty ? nil : descriptors
}
