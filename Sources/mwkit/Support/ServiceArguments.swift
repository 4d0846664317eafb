import ArgumentParser
import MWCore

/// The arguments of `mwkit import` that swift-argument-parser does not know: the sources, and
/// the options services declare (``FormatDescriptor/readOptions``), which the registry names,
/// not the command.
struct ServiceArguments {
    /// The sources, in the order given.
    var sources: [String] = []
    /// The service options given, each checked against its declaration.
    var values = ServiceOptionValues()

    /// No source, no option.
    init() {}

    /// Splits `arguments` (what the parser left, in order): `--name` or `--name=value` a
    /// registered service option (its value the next argument when it takes one), anything
    /// else after `--` or not starting with `-` a source (`-` alone is standard input's name).
    init(_ arguments: [String], registry: FormatRegistry) throws {
        var i = 0
        var onlySources = false
        while i < arguments.count {
            let a = arguments[i]
            i += 1
            if onlySources || a == "-" || !a.hasPrefix("-") { sources.append(a); continue }
            if a == "--" { onlySources = true; continue }
            let body = a.drop { $0 == "-" }
            let name = String(body.prefix { $0 != "=" })
            let inline = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
            guard a.hasPrefix("--"), let (_, option) = registry.serviceOption(named: name) else {
                throw ValidationError("Unknown option '\(a)'")
            }
            guard option.takesValue else {
                if inline != nil { throw ValidationError("--\(name) takes no value") }
                values[name] = ""
                continue
            }
            let value: String
            if let inline { value = inline } else if i < arguments.count { value = arguments[i]; i += 1 } else {
                throw ValidationError("Missing value for '\(option.usage)'")
            }
            if let p = option.problem(with: value) { throw ValidationError(p) }
            values[name] = value
        }
    }
}
