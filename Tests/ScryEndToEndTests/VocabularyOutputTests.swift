import Foundation
import ScryTestSupport
import Testing

// 6. `vocab export -o` writes what the target is: a regular file is replaced whole, a link's
// target is written and the link kept, a device, a FIFO and stdout are written in place, and
// a write error is status 74.
@Test func vocabExportWritesEveryKindOfTarget() throws {
    let directory = try makeTemporaryDirectory()
    let database = directory.appendingPathComponent("v.sqlite").path
    #expect(try scry(["vocab", "add", "--db", database, "lantern", "--context", "A lantern swung."]).status == 0)
    let expected = try scry(["vocab", "export", "--db", database]).stdoutText
    #expect(expected.contains("lantern"))

    let result = try shell(
        """
        # Every step is bounded by timeout: a scry that replaced the FIFO instead of writing
        # it would leave its reader waiting for ever.
        export_to() { timeout 300 "$SCRY" vocab export --db "\(database)" -o "$1"; }
        echo old > real.csv; ln -s real.csv link.csv
        export_to link.csv 2> /dev/null; echo "link $? $(test -L link.csv && echo kept)"
        ln -s later.csv dangling.csv
        export_to dangling.csv 2> /dev/null; echo "dangling $? $(test -L dangling.csv && echo kept)"
        mkfifo words.fifo; timeout 300 cat words.fifo > from-fifo.csv 2> /dev/null & reader=$!
        export_to words.fifo 2> /dev/null; echo "fifo $?"; wait $reader
        export_to /dev/stdout 2> /dev/null > from-stdout.csv; echo "stdout $?"
        mknod full c 1 7 && { export_to full 2> full.err; echo "full $? $(test -c full && echo device)"; cat full.err; }
        """, in: directory)
    let out = result.stdoutText
    #expect(out.contains("link 0 kept"), "\(out)")
    #expect(out.contains("dangling 0 kept"), "\(out)")
    #expect(out.contains("fifo 0"), "\(out)")
    #expect(out.contains("stdout 0"), "\(out)")
    #expect(out.contains("full 74 device"), "\(out) \(result.stderr)")
    #expect(out.contains("No space left on device"), "\(out)")
    for name in ["real.csv", "later.csv", "from-fifo.csv", "from-stdout.csv"] {
        let written = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
        #expect(written == expected, "\(name)")
    }
    // The export is refused where it would write over the database itself.
    _ = try expectFailure(["vocab", "export", "--db", database, "-o", database], status: 64, mentioning: "is the vocabulary database")
}

// 14. Every cell a spreadsheet would run as a formula is defused (OWASP's list).
@Test func csvExportDefusesEveryFormulaStart() throws {
    let directory = try makeTemporaryDirectory()
    let database = directory.appendingPathComponent("v.sqlite").path
    let contexts = ["=1+1", "+1", "-1", "@SUM(A1)", "\t=1+1", "\r=1+1", "\r\n=1+1", "\n=1+1", "plain"]
    for (index, context) in contexts.enumerated() {
        #expect(try scry(["vocab", "add", "--db", database, "word\(index)", "--context=\(context)"]).status == 0)
    }
    let csv = try scry(["vocab", "export", "--db", database, "--format", "csv"]).stdoutText
    let rows = try runProcess("/usr/bin/env", ["python3", "-c", """
        import csv, json, sys
        print(json.dumps([row[9] for row in csv.reader(open(sys.argv[1], newline=''))][1:]))
        """, try write(csv, to: directory.appendingPathComponent("out.csv"))])
    let cells = try JSONSerialization.jsonObject(with: rows.stdout) as! [String]
    #expect(cells == contexts.map { $0 == "plain" ? $0 : "'" + $0 }, "\(cells)")
}

private func write(_ text: String, to url: URL) throws -> String {
    try text.write(to: url, atomically: false, encoding: .utf8)
    return url.path
}

// 7. Many writers on a new database: each waits its turn and every word is stored. Sixteen
// processes open the same file that does not exist yet at the same moment, thirty times over
// (the race is in creating the file: SQLite can answer "database is locked" there without
// waiting), then eight writers add five words each.
@Test func manyWritersOnANewDatabaseLoseNoWord() throws {
    let directory = try makeTemporaryDirectory()
    func round(_ name: String, writers: Int, words: Int) throws -> (errors: String, stored: Int) {
        let database = directory.appendingPathComponent("\(name).sqlite").path
        let result = try shell(
            """
            for writer in $(seq \(writers)); do
              ( while [ ! -e go-\(name) ]; do sleep 0.01; done
                for word in $(seq \(words)); do
                  "$SCRY" vocab add --db "\(database)" "w${writer}x${word}" > /dev/null 2>> errors-\(name).txt \\
                    || echo "failed $?" >> errors-\(name).txt
                done ) &
            done
            sleep 0.2; touch go-\(name); wait
            cat errors-\(name).txt 2> /dev/null
            """, in: directory)
        let words = try jsonLines(try scry(["vocab", "list", "--db", database])).compactMap { $0["word"] as? String }
        return (result.stdoutText, Set(words).count)
    }
    for index in 0..<30 {
        let (errors, stored) = try round("open-\(index)", writers: 16, words: 1)
        #expect(errors.isEmpty && stored == 16, "round \(index): \(stored) of 16 words stored; \(errors)")
    }
    let (errors, stored) = try round("adds", writers: 8, words: 5)
    #expect(errors.isEmpty && stored == 40, "\(stored) of 40 words stored; \(errors)")
}
