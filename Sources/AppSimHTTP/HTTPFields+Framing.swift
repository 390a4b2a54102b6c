extension HTTPFields {
    /// Why request headers (names lowercased) cannot be read one way only, as a sentence for the client; `nil` when
    /// they can.
    ///
    /// libmicrohttpd frames a body by `Transfer-Encoding` when there is one and silently ignores `Content-Length`
    /// then, and it takes the first of several `Content-Length`s: a proxy in front that chose the other one would
    /// see a different request boundary (request smuggling). It decodes only `chunked`; with another coding it
    /// would read the body until the client closes. And the transport hands the responder the last of repeated
    /// headers, so two `Authorization`s (or `Host`s) would let a client show one value to a proxy and another here.
    var framingProblem: String? {
        var contentLength: ArraySlice<UInt8>?
        var contentLengthsDiffer = false
        var transferEncodings = 0
        var isChunked = false
        var authorizations = 0
        var hosts = 0
        forEach { name, value in
            if name.elementsEqual("content-length".utf8) {
                if let contentLength, contentLength != value { contentLengthsDiffer = true }
                contentLength = value
            } else if name.elementsEqual("transfer-encoding".utf8) {
                transferEncodings += 1
                // Exactly as libmicrohttpd compares it: anything else it would not decode.
                isChunked = value.count == 7 && value.map(Self.lowercasedASCII).elementsEqual("chunked".utf8)
            } else if name.elementsEqual("authorization".utf8) {
                authorizations += 1
            } else if name.elementsEqual("host".utf8) {
                hosts += 1
            }
        }
        if transferEncodings > 0, contentLength != nil {
            return "The request has both Content-Length and Transfer-Encoding, which frame its body differently. "
                + "Send one of them."
        }
        if contentLengthsDiffer {
            return "The request has Content-Length headers with different values. Send one."
        }
        if transferEncodings > 1 || (transferEncodings == 1 && !isChunked) {
            return "Transfer-Encoding must be chunked, sent once: this server decodes no other transfer coding."
        }
        if authorizations > 1 {
            return "The request has more than one Authorization header. Send one."
        }
        if hosts > 1 {
            return "The request has more than one Host header. Send one."
        }
        return nil
    }
}
