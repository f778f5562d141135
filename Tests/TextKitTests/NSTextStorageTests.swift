import Testing
@testable import TextKit
