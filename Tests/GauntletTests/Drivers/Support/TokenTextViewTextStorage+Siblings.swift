import Foundation
import UIKit

// The declarations the file uses from its sibling TokenTextViewController.swift (a view controller
// not collected), as token-ui declares them.
public struct TokenTextViewControllerConstants {
    public static let tokenAttributeName = NSAttributedString.Key(rawValue: "com.hootsuite.token")
    static let inputTextAttributeName = NSAttributedString.Key(rawValue: "com.hootsuite.input")
    static let inputTextAttributeAnchorValue = "anchor"
    static let inputTextAttributeTextValue = "text"
}

public typealias TokenReference = String

public struct TokenInformation {
    public var reference: TokenReference
    public var text: String
    public var range: NSRange
}
