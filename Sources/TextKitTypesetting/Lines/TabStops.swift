import TextKitModel

/// A tab stop as the line filler uses it: a location measured from the leading margin (where
/// `headIndent` is measured from too) and how text aligns to it.
package struct ResolvedTabStop: Sendable, Equatable {
    package enum Alignment: Sendable, Equatable {
        /// Text starts at the stop.
        case left
        /// Text up to the next tab or the line's end ends at the stop.
        case right
        /// Text up to the next tab or the line's end is centred on the stop.
        case center
        /// Text up to the first column terminator (a decimal separator) ends at the stop, so that
        /// decimal points line up (UIKit's right-aligned `NSTextTab` with `.columnTerminators`).
        case decimal(terminators: Set<UInt16>)
    }
    package var location: Float
    package var alignment: Alignment

    package init(location: Float, alignment: Alignment) {
        self.location = location
        self.alignment = alignment
    }
}

/// The tab stops of a paragraph, sorted, with the interval that continues after the last one.
package struct TabStopList: Sendable, Equatable {
    package var stops: [ResolvedTabStop]
    /// Beyond the last stop, tabs advance to the next multiple of this (0: to the next multiple of
    /// 28 points, UIKit's default spacing).
    package var defaultInterval: Float

    package init(stops: [ResolvedTabStop] = [], defaultInterval: Float = 0) {
        self.stops = stops.sorted { $0.location < $1.location }
        self.defaultInterval = defaultInterval
    }

    /// The first stop strictly after `x`: a binary search, so that a paragraph with many tabs and
    /// many stops costs O(tabs × log stops).
    package func stop(after x: Float) -> ResolvedTabStop {
        var low = 0, high = stops.count
        while low < high {
            let mid = (low + high) / 2
            if stops[mid].location > x + 0.001 { high = mid } else { low = mid + 1 }
        }
        if low < stops.count { return stops[low] }
        let interval = defaultInterval > 0 ? defaultInterval : 28
        let next = ((x + 0.001) / interval).rounded(.down) * interval + interval
        return ResolvedTabStop(location: next, alignment: .left)
    }
}

extension TabStopList {
    /// The tab stops of a paragraph style: its `NSTextTab`s (a right tab with column terminators
    /// is a decimal tab) and its default tab interval.
    package init(style: NSParagraphStyle) {
        self.init(stops: style.tabStops.map(ResolvedTabStop.init(tab:)), defaultInterval: Float(style.defaultTabInterval))
    }
}

extension ResolvedTabStop {
    /// The stop an `NSTextTab` describes. A right tab with `.columnTerminators` aligns on the first
    /// decimal separator it names (a decimal tab), as UIKit does.
    init(tab: NSTextTab) {
        let alignment: Alignment
        switch tab.alignment {
        case .right:
            if let terminators = tab.options[.columnTerminators] as? CharacterSet {
                let separators: [Unicode.Scalar] = [".", ",", "\u{066B}", "\u{00B7}"]
                let units = Set(separators.filter { terminators.contains($0) }.map { UInt16($0.value) })
                alignment = units.isEmpty ? .right : .decimal(terminators: units)
            } else {
                alignment = .right
            }
        case .center: alignment = .center
        default: alignment = .left
        }
        self.init(location: Float(tab.location), alignment: alignment)
    }
}
