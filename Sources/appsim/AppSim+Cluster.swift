import AppSimAPI
import ArgumentParser

extension AppSim {
    /// Prints the HAProxy configuration for a cluster (docs/scale-out.md); `scripts/cluster`, compose.cluster.yaml
    /// and the Kubernetes example use what it prints.
    struct HAProxyConfig: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "haproxy-config",
            abstract: "Print the HAProxy configuration that puts appsim nodes behind one address.",
            discussion: """
                Each node is started with `appsim serve --node-id ID`; HAProxy sends every request about a device \
                or an app to the node its id begins with, spreads creates over the healthy nodes, checks each node's \
                /healthz every second, and answers problem JSON (503) for a node that is down. Host names are \
                resolved while HAProxy runs. Example: appsim haproxy-config --node n1=10.0.0.1:8080 --node \
                n2=10.0.0.2:8080 --bind :8080 > haproxy.cfg && haproxy -f haproxy.cfg
                """)

        @Option(name: .customLong("node"), help: "A node as ID=HOST:PORT (such as n1=10.0.0.1:8080); repeat for each node.")
        var nodes: [String] = []

        @Option(help: "Where HAProxy listens, as ADDRESS:PORT; :PORT for every interface.")
        var bind = "127.0.0.1:8080"

        func validate() throws { _ = try configuration() }

        func run() throws {
            print(try configuration().text, terminator: "")
        }

        private func configuration() throws -> HAProxyConfiguration {
            guard !nodes.isEmpty else { throw ValidationError("give every node with --node ID=HOST:PORT") }
            let parsed = try ServeOptions.parsedNodes(nodes, from: "--node", Cluster.proxiedNode)
            guard let colon = bind.lastIndex(of: ":"), let port = Int(bind[bind.index(after: colon)...]), (1...65_535).contains(port) else {
                throw ValidationError("bind must be ADDRESS:PORT or :PORT, such as 127.0.0.1:8080, not '\(bind)'")
            }
            return HAProxyConfiguration(nodes: parsed, bind: bind)
        }
    }
}
