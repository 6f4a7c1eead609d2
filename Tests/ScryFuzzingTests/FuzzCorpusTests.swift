import Foundation
import ScryFuzzing
import ScryTestSupport
import Testing

/// Every file of Fuzz/Corpus/<target>/ (the seeds, and every input a fuzzing run ever found
/// crashing, kept as a regression) runs through its fuzz entry point without crashing.
@Test(arguments: FuzzTarget.allCases)
func corpusInputsRunWithoutACrash(_ target: FuzzTarget) throws {
    let folder = RepositoryPaths.root.appendingPathComponent("Fuzz/Corpus/\(target.rawValue)")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(files.count >= 4, "\(folder.path) holds too few seeds")
    for file in files {
        target.run(Array(try Data(contentsOf: folder.appendingPathComponent(file))))
    }
}
