extension Array {
    /// The elements in an array of their own size, when this one has room for more than an eighth
    /// again as many (and a few): for arrays grown by appending and then kept for the life of a
    /// layout, a paragraph's break segments and line fragments, whose unused room was otherwise up
    /// to half of what they held. One copy, and none when the room left is small.
    package func trimmed() -> [Element] {
        guard capacity > count + count / 8 + 4 else { return self }
        var exact: [Element] = []
        exact.reserveCapacity(count)
        exact.append(contentsOf: self)
        return exact
    }
}
