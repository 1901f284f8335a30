import RiffleBytes
import RiffleConfig
import RiffleCore

/// What `PLUGIN --describe` prints: `{"description": "...", "params": {NAME: {required, default,
/// description}}}`, the same shape as a manifest's.
enum ExecutableDescription {
    /// The most `--describe` may print.
    static let maxBytes = 1 << 20

    /// Runs `path --describe` (argument vector, minimal environment, no stdin) and reads its answer — or
    /// takes the answer `cache` kept for the file as it is now, and keeps a good new one there.
    static func describe(
        path: String, environment: [String: String], timeout: Duration, clock: any Clock<Duration>,
        cache: DescribeCache?
    ) async -> Result<PluginTypeInfo, PluginProblem> {
        func problem(_ message: String) -> Result<PluginTypeInfo, PluginProblem> {
            .failure(PluginProblem(.error, file: path, "--describe " + message))
        }
        if let kept = cache?.answer(for: path), case .success(let info) = parse(kept, file: path) {
            return .success(info)
        }
        let process: PluginProcess
        do {
            process = try PluginProcess.start(
                path: path, arguments: ["--describe"],
                environment: ExecutablePluginSource.minimalEnvironment(from: environment), framing: .whole,
                maxOutput: maxBytes)
        } catch {
            return problem("could not be run: \(error)")
        }
        process.closeInput()
        let outcome = await process.next(timeout: timeout, clock: clock)
        await process.stop()
        let stderr = PluginText.excerpt(process.stderrTail).map { "; stderr: \($0)" } ?? ""
        switch outcome {
        case .event(.whole(let bytes)):
            if let exit = process.exitDescription, exit != "exit status 0" {
                // A plugin that tells its failure on stdout (a usage line, a traceback) is quoted from there.
                let said = stderr.isEmpty ? PluginText.excerpt(bytes).map { "; it printed: \($0)" } ?? "" : stderr
                return problem("failed (\(exit))\(said)")
            }
            let parsed = parse(bytes, file: path)
            if case .success = parsed { cache?.keep(bytes, for: path) }
            return parsed.mapError { PluginProblem(.error, file: path, "--describe " + $0.message) }
        case .event(.oversized):
            return problem("printed more than \(maxBytes >> 20) MiB")
        case .timedOut:
            return problem("did not finish within \(ExecutablePluginSource.describe(timeout))\(stderr)")
        case .cancelled:
            return problem("was cancelled")
        case .event:
            return problem("failed\(stderr)")
        }
    }

    struct Failure: Error {
        var message: String
    }

    static func parse(_ bytes: [UInt8], file: String) -> Result<PluginTypeInfo, Failure> {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: bytes)
        } catch {
            return .failure(Failure(message: "printed invalid JSON: \(error.description)"))
        }
        guard case .object(let members) = value else {
            return .failure(Failure(message: "printed JSON that is not an object"))
        }
        if let unknown = members.keys.sorted().first(where: { !["description", "params"].contains($0) }) {
            return .failure(Failure(message: "printed an unknown key \"\(PluginText.message(unknown, limit: 40))\""))
        }
        var description: String?
        switch members["description"] {
        case nil, .null?: break
        case .string(let text)?: description = PluginText.message(text)
        case .some: return .failure(Failure(message: "printed a description that is not a string"))
        }
        var params: [String: PluginParam] = [:]
        switch members["params"] {
        case nil, .null?: break
        case .object(let declared)?:
            for (name, spec) in declared {
                let shown = "\"\(PluginText.message(name, limit: 40))\""
                guard PluginCatalog.isTypeName(name), !name.contains(".") else {
                    return .failure(
                        Failure(message: "declares a param \(shown): a param name is letters, digits, \"_\" and \"-\""))
                }
                guard !SourceSettings.commonKeys.contains(name) else {
                    return .failure(
                        Failure(message: "declares a param \(shown) that clashes with the source key every source has"))
                }
                guard case .object(let fields) = spec else {
                    return .failure(Failure(message: "declares param \(shown) as something other than an object"))
                }
                if let unknown = fields.keys.sorted().first(where: {
                    !["required", "default", "description"].contains($0)
                }) {
                    return .failure(
                        Failure(
                            message: "param \(shown) has an unknown key \"\(PluginText.message(unknown, limit: 40))\""))
                }
                var param = PluginParam()
                switch fields["required"] {
                case nil, .null?: break
                case .bool(let flag)?: param.required = flag
                case .some: return .failure(Failure(message: "param \(shown): required is not true or false"))
                }
                switch fields["default"] {
                case nil, .null?: break
                case let value?:
                    guard let text = value.scalarText else {
                        return .failure(Failure(message: "param \(shown): default is not a string"))
                    }
                    param.defaultValue = text
                }
                switch fields["description"] {
                case nil, .null?: break
                case .string(let text)?: param.description = PluginText.message(text)
                case .some: return .failure(Failure(message: "param \(shown): description is not a string"))
                }
                if param.required && param.defaultValue != nil {
                    return .failure(Failure(message: "param \(shown): a required param cannot have a default"))
                }
                params[name] = param
            }
        case .some: return .failure(Failure(message: "printed params that are not an object"))
        }
        return .success(PluginTypeInfo(file: file, description: description, params: params))
    }
}
