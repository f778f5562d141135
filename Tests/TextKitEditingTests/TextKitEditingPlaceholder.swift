import Testing
@testable import TextKitEditing
