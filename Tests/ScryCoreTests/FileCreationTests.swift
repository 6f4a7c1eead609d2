import Foundation
import Glibc
import ScryCore
import ScryTestSupport
import SystemPackage
import Testing

private func contents(_ path: String) -> [UInt8] {
    (try? [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))) ?? []
}

private func mode(_ path: String) -> mode_t {
    var status = stat()
    return stat(path, &status) == 0 ? status.st_mode & 0o7777 : 0
}

/// The file is at its name with its first bytes before `create` returns and before anything
/// else is written: no reader and no `kill -9` can find it empty.
@Test func aNewFileAppearsWithItsFirstBytes() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("new.bin").path
    let file = try FileCreation.create(FilePath(path), startingWith: [1, 2, 3])
    #expect(contents(path) == [1, 2, 3])
    _ = try [UInt8]([4]).withUnsafeBytes { try file.writeAll($0) }
    try file.close()
    #expect(contents(path) == [1, 2, 3, 4])
    let mask = umask(0o022)
    umask(mask)
    #expect(mode(path) == 0o644 & ~mask)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["new.bin"])
}

@Test func aReplacedFileKeepsItsPermissionsAndALinkStays() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let target = directory.appendingPathComponent("target.bin").path
    let link = directory.appendingPathComponent("link.bin").path
    try Data([9, 9, 9, 9, 9]).write(to: URL(fileURLWithPath: target))
    chmod(target, 0o600)
    symlink(target, link)
    try FileCreation.create(FilePath(link), startingWith: [7]).close()
    #expect(contents(target) == [7])
    #expect(mode(target) == 0o600)
    #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == target)
}

@Test func aLinkToANameNotYetThereCreatesItsTarget() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let target = directory.appendingPathComponent("later.bin").path
    let link = directory.appendingPathComponent("link.bin").path
    symlink(target, link)
    try FileCreation.create(FilePath(link), startingWith: [5, 6]).close()
    #expect(contents(target) == [5, 6])
    #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == target)
}

@Test func devicesAreWrittenInPlaceAndTheirErrorsCarryErrno() throws {
    try FileCreation.create(FilePath("/dev/null"), startingWith: [1]).close()
    #expect(throws: FileCreationError.cannotWrite(.noSpace)) {
        try FileCreation.create(FilePath("/dev/full"), startingWith: [1])
    }
    #expect(throws: FileCreationError.cannotCreate(.noSuchFileOrDirectory)) {
        try FileCreation.create(FilePath("/nonexistent-folder/file.bin"), startingWith: [1])
    }
}
