import Foundation
import Glibc
import ScryCore
import ScryTestSupport
import Testing

/// Makes a file whose name is `name`'s bytes (which need not be UTF-8) in `directory`.
private func touch(_ name: [UInt8], in directory: URL) {
    let path = Array(directory.path.utf8) + [UInt8(ascii: "/")] + name
    let descriptor = (path.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer {
        open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644)
    }
    #expect(descriptor >= 0)
    close(descriptor)
}

/// Every name comes back byte for byte, whatever its length (one byte, the file system's
/// longest of 255) and whether or not it is UTF-8, with "." and "..".
@Test func aDirectorysNamesComeBackByteForByte() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let names: [[UInt8]] = [
        Array("a".utf8), Array("page-0007.png".utf8), [0x70, 0xff, 0xfe, 0x2e, 0x70, 0x6e, 0x67],
        Array(repeating: UInt8(ascii: "x"), count: 255), Array("café.jpg".utf8),
    ]
    for name in names { touch(name, in: directory) }
    let read = try #require(DirectoryNames.read(directory.path))
    #expect(Set(read) == Set(names + [Array(".".utf8), Array("..".utf8)]))
    #expect(read.count == names.count + 2)
    let readByBytes = try #require(DirectoryNames.read(bytes: Array(directory.path.utf8)))
    #expect(Set(readByBytes) == Set(read))
}

/// A directory that is not there is nil, with errno saying why.
@Test func aMissingDirectoryIsNilWithErrno() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    #expect(DirectoryNames.read(directory.appendingPathComponent("not-there").path) == nil)
    #expect(errno == ENOENT)
    touch(Array("file".utf8), in: directory)
    #expect(DirectoryNames.read(bytes: Array(directory.appendingPathComponent("file").path.utf8)) == nil)
    #expect(errno == ENOTDIR)
}
