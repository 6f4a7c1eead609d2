import Foundation
@testable import ScryBarcode
import ScryCore
import ScryImageIO
import ScryTestSupport
import SystemPackage
import Testing

/// The rule of `LocalAverageBinarization`, written out pixel by pixel and block by block with
/// nothing shared and nothing made fast: what the fast version must equal.
private func binarizedByTheRule(_ image: GrayImage) -> GrayImage? {
    let size = 8, width = image.width, height = image.height
    guard width >= 40, height >= 40 else { return nil }
    let columns = (width + size - 1) / size, rows = (height + size - 1) / size
    func start(_ index: Int, _ length: Int) -> Int { min(index * size, length - size) }
    var own = [[Int]](repeating: [Int](repeating: 0, count: columns), count: rows)
    for row in 0..<rows {
        for column in 0..<columns {
            var low = 255, high = 0
            for y in start(row, height)..<(start(row, height) + size) {
                for x in start(column, width)..<(start(column, width) + size) {
                    low = min(low, Int(image[x, y]))
                    high = max(high, Int(image[x, y]))
                }
            }
            own[row][column] = high - low > 24 ? (high + low) / 2 : 0
        }
    }
    guard own.joined().contains(where: { $0 > 0 }) else { return nil }
    var smoothed = [Int]()
    for row in 0..<rows {
        for column in 0..<columns {
            let top = min(max(row, 2), rows - 3), left = min(max(column, 2), columns - 3)
            var sum = 2 * own[row][column], count = own[row][column] > 0 ? 2 : 0
            for y in (top - 2)...(top + 2) {
                for x in (left - 2)...(left + 2) {
                    sum += own[y][x]
                    count += own[y][x] > 0 ? 1 : 0
                }
            }
            smoothed.append(count > 0 ? sum / count : 0)
        }
    }
    for index in smoothed.indices where smoothed[index] == 0 {
        smoothed[index] = smoothed[(index + 1)...].first { $0 > 0 } ?? smoothed[..<index].last { $0 > 0 }!
    }
    var out = GrayImage(width: width, height: height, filledWith: 128)
    for row in 0..<rows {
        for column in 0..<columns {
            for y in start(row, height)..<(start(row, height) + size) {
                for x in start(column, width)..<(start(column, width) + size) {
                    out[x, y] = Int(image[x, y]) <= smoothed[row * columns + column] ? 0 : 255
                }
            }
        }
    }
    return out
}

/// Pictures with flat stretches and contrast, of sizes that are and are not multiples of a
/// block: pseudo-random rectangles of gray on a gray field, with noise.
private func patchwork(width: Int, height: Int, seed: UInt64) -> GrayImage {
    var generator = SeededGenerator(seed: seed)
    var image = GrayImage(width: width, height: height, filledWith: UInt8.random(in: 60...200, using: &generator))
    for _ in 0..<12 {
        let x0 = Int.random(in: 0..<width, using: &generator), y0 = Int.random(in: 0..<height, using: &generator)
        let x1 = min(width, x0 + Int.random(in: 1...width / 2, using: &generator))
        let y1 = min(height, y0 + Int.random(in: 1...height / 2, using: &generator))
        let level = UInt8.random(in: 0...255, using: &generator)
        for y in y0..<y1 { for x in x0..<x1 { image[x, y] = level } }
    }
    let noise = Int.random(in: 0...12, using: &generator)
    for index in image.pixels.indices {
        image.pixels[index] = UInt8(max(0, min(255, Int(image.pixels[index]) + Int.random(in: -noise...noise, using: &generator))))
    }
    return image
}

/// A small seeded generator (SplitMix64), so that each case draws the same picture every run.
private struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Test(arguments: [(1280, 720), (41, 40), (45, 77), (203, 131), (640, 483)])
func theFastBinarizationIsTheRule(_ size: (Int, Int)) {
    for seed in UInt64(1)...6 {
        let image = patchwork(width: size.0, height: size.1, seed: seed &* 7919 &+ UInt64(size.0))
        #expect(LocalAverageBinarization.binarized(image) == binarizedByTheRule(image), "\(size) seed \(seed)")
    }
}

@Test func aPictureWithoutContrastOrTooSmallIsLeftToZXing() {
    #expect(LocalAverageBinarization.binarized(GrayImage(width: 200, height: 100, filledWith: 90)) == nil)
    var faint = GrayImage(width: 200, height: 100, filledWith: 90)
    for x in stride(from: 0, to: 200, by: 2) { for y in 0..<100 { faint[x, y] = 114 } }
    #expect(LocalAverageBinarization.binarized(faint) == nil, "24 levels apart is not contrast")
    faint[0, 0] = 115
    #expect(LocalAverageBinarization.binarized(faint) != nil)
    #expect(LocalAverageBinarization.binarized(patchwork(width: 39, height: 300, seed: 3)) == nil)
}

/// The photos of ../shared/eval/barcodes with matrix codes and PDF417, each as it is and
/// turned a quarter: zxing-cpp reads the same codes at the same corners from the image
/// binarized here as from the image it binarizes itself.
@Test func zxingReadsTheSameFromTheImageBinarizedHere() throws {
    let symbologies: Set<Symbology> = [.qr_code, .micro_qr_code, .data_matrix, .aztec, .pdf417, .maxicode, .micro_pdf417]
    var options = ZXingReader.Options()
    options.tryDownscale = false
    options.tryRotate = false
    options.formats = .only(symbologies)
    let here = ZXingReader(options: options)
    options.binarizesHere = false
    let there = ZXingReader(options: options)
    let folders = ["qrcode-2", "datamatrix-1", "aztec-1", "pdf417-1", "maxicode-1", "microqrcode-1", "micropdf417-1"]
    var files: [String] = []
    for folder in folders {
        let directory = RepositoryPaths.eval.appendingPathComponent("barcodes/\(folder)")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { [".png", ".webp", ".jpg"].contains(where: $0.hasSuffix) }.sorted()
        files += names.prefix(12).map { directory.appendingPathComponent($0).path }
    }
    var read = 0
    for file in files {
        let image = try ImageFile.readGray(path: FilePath(file))
        for sampling in [ImageSampling.everyPixel, .turned(clockwise: true)] {
            let ours = here.read(image, sampling: sampling), theirs = there.read(image, sampling: sampling)
            #expect(ours.map(\.payload) == theirs.map(\.payload), "\(file) \(sampling)")
            #expect(ours.map(\.corners) == theirs.map(\.corners), "\(file) \(sampling)")
            read += theirs.isEmpty ? 0 : 1
        }
    }
    // The photos hold codes: the comparison is between readings, not between two empty lists.
    #expect(read > files.count)
}
