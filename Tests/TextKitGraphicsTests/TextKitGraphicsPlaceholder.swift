import Testing
@testable import TextKitGraphics
