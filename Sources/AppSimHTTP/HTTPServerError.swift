/// Why an ``HTTPServer`` could not start. Its `description` says what to do about it.
///
/// ```swift
/// do { server = try HTTPServer(configuration: .init(port: 8080), responder: app) }
/// catch { print(error) }  // could not listen on 127.0.0.1:8080: the address is in use or not available. …
/// ```
public struct HTTPServerError: Error, Hashable, CustomStringConvertible {
    private enum Code: Hashable {
        case invalidHost(String)
        case invalidPort(Int)
        case addressUnavailable(host: String, port: Int)
        case startFailed(host: String, port: Int, reason: String)
    }

    private let code: Code

    private init(_ code: Code) {
        self.code = code
    }

    /// The host is not an IPv4 address (nor `localhost`).
    public static func invalidHost(_ host: String) -> HTTPServerError {
        HTTPServerError(.invalidHost(host))
    }

    /// The port is outside 0...65535.
    public static func invalidPort(_ port: Int) -> HTTPServerError {
        HTTPServerError(.invalidPort(port))
    }

    /// Binding failed: another process holds the port, or the address is not one of this machine's.
    public static func addressUnavailable(host: String, port: Int) -> HTTPServerError {
        HTTPServerError(.addressUnavailable(host: host, port: port))
    }

    /// libmicrohttpd refused to start for another reason, given by the system error text.
    public static func startFailed(host: String, port: Int, reason: String) -> HTTPServerError {
        HTTPServerError(.startFailed(host: host, port: port, reason: reason))
    }

    /// What went wrong and what to do about it, in one sentence a user can act on.
    public var description: String {
        switch code {
        case .invalidHost(let host):
            "invalid host \"\(host)\": give an IPv4 address such as 127.0.0.1 or 0.0.0.0, or localhost."
        case .invalidPort(let port):
            "invalid port \(port): choose a port from 1 to 65535, or 0 to pick a free one."
        case .addressUnavailable(let host, let port):
            "could not listen on \(host):\(port): the address is in use or not available. "
                + "Choose another --port or stop the process using it."
        case .startFailed(let host, let port, let reason):
            "could not start the HTTP server on \(host):\(port): \(reason). "
                + "Check the --host, --port and thread settings."
        }
    }
}
