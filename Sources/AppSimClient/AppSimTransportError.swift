import Foundation

/// No usable answer came from the server: it could not be reached, the connection broke, or what came back was
/// not what the API sends. Whether a request that broke off was applied is unknown.
public struct AppSimTransportError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: Hashable, Sendable {
            case unreachable, connectionLost, invalidResponse
        }

        private let base: Base

        private init(_ base: Base) { self.base = base }

        /// Nothing answered at the server's address (refused, unknown host, timed out connecting).
        public static let unreachable = Code(.unreachable)
        /// The connection broke before the answer was complete.
        public static let connectionLost = Code(.connectionLost)
        /// An answer came that is not what the API sends (not HTTP, or a success whose body does not decode).
        public static let invalidResponse = Code(.invalidResponse)

        public var description: String {
            switch base {
            case .unreachable: "server unreachable"
            case .connectionLost: "connection lost"
            case .invalidResponse: "invalid response"
            }
        }
    }

    public let code: Code
    /// The request's URL.
    public let url: URL?
    /// What the system or the decoder said.
    public let reason: String

    public init(code: Code, url: URL?, reason: String) {
        self.code = code
        self.url = url
        self.reason = reason
    }

    public var description: String {
        "\(code) at \(url?.absoluteString ?? "the server"): \(reason)"
    }
}

extension AppSimTransportError {
    /// Classifies what URLSession threw.
    init(_ error: any Error, url: URL?) {
        let reason = (error as NSError).userInfo[NSLocalizedDescriptionKey] as? String
            ?? ((error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError)?.localizedDescription
            ?? "\(error)"
        let code: Code
        switch (error as? URLError)?.code {
        case .cannotConnectToHost?, .cannotFindHost?, .dnsLookupFailed?, .notConnectedToInternet?, .timedOut?,
            .badURL?, .unsupportedURL?, .secureConnectionFailed?:
            code = .unreachable
        default:
            code = .connectionLost
        }
        self.init(code: code, url: url, reason: reason)
    }
}
