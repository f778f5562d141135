import Testing
@testable import TextKitFormats
