import Testing
@testable import bench

@Suite("How figures are computed and written")
struct StatisticsTests {
    @Test("The median of an odd count is the middle value, of an even count the mean of the middle two")
    func median() {
        #expect([5.0, 1, 3].median == 3)
        #expect([4.0, 1, 3, 2].median == 2.5)
    }

    @Test("Durations pick a unit and keep three significant digits")
    func durations() {
        #expect(formatDuration(0.000_412_3) == "412 µs")
        #expect(formatDuration(0.003_414) == "3.41 ms")
        #expect(formatDuration(0.028_53) == "28.5 ms")
        #expect(formatDuration(0.4623) == "462 ms")
        #expect(formatDuration(6.384) == "6.38 s")
    }

    @Test("Counts get thousands separators and bytes are written in MB")
    func counts() {
        #expect(grouped(17_203) == "17,203")
        #expect(grouped(968_322) == "968,322")
        #expect(grouped(140) == "140")
        #expect(grouped(-1_000) == "-1,000")
        #expect(formatBytes(429_314_048) == "429 MB")
        #expect(formatBytes(3_500_000) == "3.5 MB")
    }

    @Test("Fixed-point output pads and rounds")
    func fixedPoint() {
        #expect(fixed(1.5, 2) == "1.50")
        #expect(fixed(2, 1) == "2.0")
        #expect(fixed(3.14159, 3) == "3.142")
        #expect(fixed(7.6, 0) == "8")
    }
}
