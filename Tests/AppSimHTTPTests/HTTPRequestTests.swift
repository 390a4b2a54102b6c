import AppSimHTTP
import Testing

@Suite struct HTTPRequestTests {
    @Test func headersAreFoundWhateverTheirCase() {
        let request = HTTPRequest(method: "GET", path: "/", headers: ["Content-Type": "application/json", "X-Ä": "ü"])
        #expect(request.headers == ["content-type": "application/json", "x-Ä": "ü"])
        #expect(request.header("content-type") == "application/json")
        #expect(request.header("CONTENT-TYPE") == "application/json")
        #expect(request.header("x-Ä") == "ü")
        #expect(request.header("Content-Typ") == nil)
        #expect(request.header("Accept") == nil)
    }

    @Test func queryArgumentsAreCaseSensitive() {
        let request = HTTPRequest(method: "GET", path: "/", query: ["limit": "10", "Empty": ""])
        #expect(request.queryArgument("limit") == "10")
        #expect(request.queryArgument("Empty") == "")
        #expect(request.queryArgument("LIMIT") == nil)
        #expect(request.query == ["limit": "10", "Empty": ""])
    }

    @Test func fieldsCanBeReplaced() {
        var request = HTTPRequest(method: "GET", path: "/")
        #expect(request.headers.isEmpty)
        #expect(request.query.isEmpty)
        request.headers["Authorization"] = "Bearer x"
        request.query["page"] = "2"
        #expect(request.header("authorization") == "Bearer x")
        #expect(request.headers == ["authorization": "Bearer x"])
        #expect(request.queryArgument("page") == "2")
    }

    @Test func thePathIsSplitBeforeItIsDecoded() {
        let request = HTTPRequest(method: "GET", path: "/v1/devices/a%2Fb%2f/c%20d//%E2%9C%93/%00/%zz/")
        #expect(request.pathSegments == ["v1", "devices", "a/b/", "c d", "✓", "%00", "%zz"])
        #expect(request.path == "/v1/devices/a/b//c d//✓/%00/%zz/")
        #expect(request.encodedPath == "/v1/devices/a%2Fb%2f/c%20d//%E2%9C%93/%00/%zz/")
        #expect(HTTPRequest(method: "GET", path: "/").pathSegments.isEmpty)
        #expect(HTTPRequest(method: "GET", path: "").pathSegments.isEmpty)
        #expect(HTTPRequest(method: "GET", path: "//v1//x").pathSegments == ["v1", "x"])
    }
}
