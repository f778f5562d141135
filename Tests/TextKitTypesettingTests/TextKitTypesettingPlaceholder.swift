import Testing
@testable import TextKitTypesetting
