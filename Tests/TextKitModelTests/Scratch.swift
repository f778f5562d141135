import Testing
@testable import TextKitModel
