import ArgumentParser

/// A word on the command line where a command's name belongs that names none (`scry imgae`):
/// refused with the nearest command's name, as git suggests one, instead of the parser's
/// "unexpected arguments".
enum CommandSuggestion {
    /// A usage error for `arguments` when their first word (or, after a command with
    /// subcommands that takes no files, their second) is not a command's name; else nil.
    static func problem(in arguments: [String]) -> ValidationError? {
        guard let first = arguments.first, !first.hasPrefix("-") else { return nil }
        let commands = Scry.configuration.subcommands
        let commandNames = commands.map { name(of: $0) }
        guard let index = commandNames.firstIndex(of: first) else {
            return unknown(first, among: commandNames + ["help"], after: "scry")
        }
        let command = configuration(of: commands[index])
        // Commands whose subcommand is always named (dump, vocab; ink takes files instead).
        guard !command.subcommands.isEmpty, command.defaultSubcommand == nil,
            arguments.count > 1, !arguments[1].hasPrefix("-")
        else { return nil }
        let names = command.subcommands.map { name(of: $0) } + ["help"]
        return names.contains(arguments[1]) ? nil : unknown(arguments[1], among: names, after: "scry \(first)")
    }

    private static func configuration(of command: any ParsableCommand.Type) -> CommandConfiguration {
        command.configuration
    }

    /// The name a command is called by (its configured name, else the one derived from its
    /// type's name).
    private static func name(of command: any ParsableCommand.Type) -> String {
        command._commandName
    }

    private static func unknown(_ word: String, among names: [String], after prefix: String) -> ValidationError? {
        guard !names.contains(word) else { return nil }
        let listed = names.filter { $0 != "help" }
        let nearest = listed.map { ($0, distance(word.lowercased(), $0)) }.min { $0.1 < $1.1 }
        if let nearest, nearest.1 <= max(2, word.count / 3) {
            return ValidationError("'\(word.escapedForDisplay)' is not a command of \(prefix); did you mean '\(prefix) \(nearest.0)'?")
        }
        return ValidationError(
            "'\(word.escapedForDisplay)' is not a command of \(prefix); the commands are \(listed.joined(separator: ", "))")
    }

    /// The Levenshtein distance between `a` and `b`, by characters, a swap of two neighbours
    /// counting one (`imgae` is one from `image`).
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { rows[i][0] = i }
        for j in 0...b.count { rows[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                rows[i][j] = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    rows[i][j] = min(rows[i][j], rows[i - 2][j - 2] + 1)
                }
            }
        }
        return rows[a.count][b.count]
    }
}
