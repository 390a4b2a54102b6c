import AppSimCore
import AppSimHTTP
import AppSimJSON

/// Requests that change something: their bodies decoded into the domain's values, and what the service did made into
/// the response sent once it is committed.
extension APIResponder {
    /// `json` decoded by `decode`; a field it refuses is the client's mistake (`400` or `422`, naming the field).
    func decoded<Value>(_ json: JSONValue, _ decode: (JSONValue) throws(FieldError) -> Value) throws(Problem) -> Value {
        do { return try decode(json) } catch { throw Problem.field(error) }
    }

    /// `POST …/events`: the event applied, answered with its EventResult once committed, or the refusal's problem.
    func post(_ request: HTTPRequest, device: String, instance: String?, _ exchange: Exchange) throws(Problem) {
        let body = try body(request)
        let event = try decoded(body) { json throws(FieldError) in try Event.decode(json, toInstance: instance != nil) }
        exchange.send(try service.post(event, body: body, device: device, instance: instance)) { posted in
            Self.raw(posted.outcome.jsonBytes(callbacks: posted.callbacks))
        }
    }

    static func created(_ created: CreatedDevice) -> HTTPResponse {
        let simulation = created.simulation
        return json(simulation.deviceJSON(now: simulation.now(atWall: created.wallMillis)), status: 201,
                    headers: [("Location", "/v1/devices/\(simulation.device.id)")])
    }

    static func installed(_ installed: InstalledApp) -> HTTPResponse {
        let simulation = installed.simulation
        return HTTPResponse(
            status: 201,
            headers: [("Content-Type", "application/json"), ("Location", "/v1/instances/\(installed.instance.id)")],
            body: simulation.jsonBytes(of: installed.instance, now: simulation.now(atWall: installed.wallMillis)))
    }

    static func installed(_ batch: InstalledBatch) -> HTTPResponse {
        json(["count": JSONValue(batch.ids.count), "devices": JSONValue(batch.devices), "ids": .array(batch.ids.map(JSONValue.string))],
             status: 201)
    }
}
