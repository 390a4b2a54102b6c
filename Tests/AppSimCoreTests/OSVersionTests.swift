@testable import AppSimCore
import Testing

/// `OSVersion`: how iOS versions are written and compared.
@Suite("OSVersion")
struct OSVersionTests {
    @Test("OSVersion: parses MAJOR[.MINOR[.PATCH]], compares numerically, prints as written")
    func osVersion() {
        #expect(OSVersion("4.2.1") == OSVersion(4, 2, 1))
        #expect(OSVersion("17") == OSVersion(17))
        #expect(OSVersion("10.0")! > OSVersion("9.3")!)
        #expect(OSVersion("4.2.1")!.description == "4.2.1")
        #expect(OSVersion("13")!.description == "13.0")
        for bad in ["", "x", "4.", ".4", "4.2.1.0", "-1", "100", "4.2a", "0", "+5", "4.+2", "٤"] {
            #expect(OSVersion(bad) == nil, "\(bad)")
        }
    }
}
