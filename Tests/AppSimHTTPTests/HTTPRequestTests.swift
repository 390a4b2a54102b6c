import AppSimHTTP
import Testing

@Suite struct HTTPRequestTests {
    @Test func headersAreFoundWhateverTheirCase() {
        let request = HTTPRequest(method: "GET", path: "/", headers: ["Content-Type": "application/json"])
        #expect(request.headers == ["content-type": "application/json"])
        #expect(request.header("content-type") == "application/json")
        #expect(request.header("CONTENT-TYPE") == "application/json")
        #expect(request.header("Accept") == nil)
    }
}
