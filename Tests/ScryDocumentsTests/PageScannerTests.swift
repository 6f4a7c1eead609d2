import ScryCore
import Testing

@testable import ScryDocuments

/// The document camera's rule on a stream of frames 100 ms apart.
struct PageScannerTests {
    private func input(_ image: GrayImage, frame: UInt64) -> DetectorInput {
        DetectorInput(
            frame: Frame(
                sequence: frame, timestampNanoseconds: frame * 100_000_000, pixelFormat: .grey, width: image.width,
                height: image.height, bytesPerLine: image.width, payload: image.pixels),
            upright: image)
    }

    @Test func aPageHeldStillIsStoredOnceUntilItMoves() throws {
        let held = try Scenes.desk(with: [Scenes.tiltedPage])
        let moved = try Scenes.desk(with: [[(300, 60), (760, 80), (790, 640), (260, 620)]])
        let empty = try Scenes.desk(drawing: nil)
        var stored: [Int] = []
        let scanner = PageScanner { page in
            stored.append(page.gray.width)
            return "page-\(stored.count).png"
        }
        var storedAt: [UInt64] = []
        // Held 1 s, moved and held 1 s, taken away, shown again.
        let frames = Array(repeating: held, count: 11) + Array(repeating: moved, count: 11) + [empty, empty]
            + Array(repeating: moved, count: 7)
        for (index, image) in frames.enumerated() {
            let output = try scanner.detect(input(image, frame: UInt64(index)))
            if !output.events.isEmpty { storedAt.append(UInt64(index)) }
        }
        // Each hold is stored once, at its first frame 0.5 s after the page came to rest.
        #expect(storedAt == [5, 16, 29], "\(storedAt)")
        #expect(scanner.pagesStored == 3)
    }

    @Test func anImageFilesPageIsStoredAtOnce() throws {
        let image = try Scenes.desk(with: [Scenes.tiltedPage])
        var names: [String] = []
        let scanner = PageScanner { _ in
            names.append("page.png")
            return "page.png"
        }
        let output = try scanner.detect(
            DetectorInput(
                frame: Frame(sequence: 0, timestampNanoseconds: 0, pixelFormat: .grey, width: 1280, height: 720, bytesPerLine: 1280, payload: image.pixels),
                upright: image, origin: .imageFile("desk.png")))
        let line = try #require(output.events.first as? PageLine)
        #expect(line.output == "page.png" && names.count == 1)
        #expect(try scanner.detect(input(Scenes.desk(drawing: nil), frame: 1)).events.isEmpty)
    }
}
