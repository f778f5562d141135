import Testing
@testable import TextKitFonts
