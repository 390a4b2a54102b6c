import AppSimJSON

/// Which members of a written shape its reader reads: a member written and never read is a field one codec has and
/// the other lacks.
extension JSONValue {
    /// This value without one of its members, for each member at any depth, with its path (`work.deadline`,
    /// `scenes[0].ui`).
    public var withEachMemberRemoved: [(path: String, value: JSONValue)] {
        switch self {
        case .object(let object):
            object.flatMap { key, member in
                var without = object
                without[key] = nil
                return [(key, JSONValue.object(without))] + member.withEachMemberRemoved.map { path, changed in
                    var with = object
                    with[key] = changed
                    return (Self.path(key, path), JSONValue.object(with))
                }
            }
        case .array(let array):
            array.indices.flatMap { index in
                array[index].withEachMemberRemoved.map { path, changed in
                    var with = array
                    with[index] = changed
                    return (Self.path("[\(index)]", path), JSONValue.array(with))
                }
            }
        default:
            []
        }
    }

    /// The paths of the members `read` ignores: without one of them it reads what it reads from the whole value. A
    /// read that fails without a member has read it.
    public func membersIgnored<T: Equatable>(by read: (JSONValue) throws -> T) throws -> [String] {
        try Self.membersIgnored(in: [self], by: read)
    }

    /// The paths of the members `read` ignores in each of `values` that has them, for a shape whose members are read
    /// in some of its forms only (a stage of a life, a mode of a clock).
    public static func membersIgnored<T: Equatable>(in values: [JSONValue], by read: (JSONValue) throws -> T) throws -> [String] {
        var present: [String] = []
        var readSomewhere: Set<String> = []
        for value in values {
            let whole = try read(value)
            for (path, without) in value.withEachMemberRemoved {
                if !present.contains(path) { present.append(path) }
                if (try? read(without)) != whole { readSomewhere.insert(path) }
            }
        }
        return present.filter { !readSomewhere.contains($0) }
    }

    private static func path(_ head: String, _ tail: String) -> String { tail.hasPrefix("[") ? head + tail : "\(head).\(tail)" }
}
