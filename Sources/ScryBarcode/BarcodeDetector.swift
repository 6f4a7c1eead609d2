import ScryCore

/// Finds barcodes in upright gray images with zxing-cpp and zbar together, and checks each
/// against its symbology's minimum module size. Holds one engine of each kind: use one
/// detector per thread.
public final class BarcodeDetector {
    private let zxing: ZXingReader
    private let zbar: ZBarScanner
    /// zbar for the still passes on images enlarged twice or more: every other row and column,
    /// which are still at least one a row and column of the picture itself. On the eval photos
    /// the same payloads as every line, at about a tenth less time over the whole set
    /// (docs/barcode-benchmark.md).
    private let zbarOnEnlarged: ZBarScanner
    private let profile: Profile
    /// Still-image engines, built on first use: other binarizers, and an EAN/UPC pass that
    /// requires an add-on.
    /// With a selection of formats, on still images: the same detector for every format
    /// (`detect(in:)`).
    private lazy var everyFormatPlain = ZXingReader(options: profile.zxingOptions)
    private lazy var everyFormat = BarcodeDetector(
        thresholds: thresholds, profile: profile, dropsBelowMinimum: dropsBelowMinimum, selection: .all)
    private lazy var zxingGlobalHistogram = ZXingReader(options: zxingOptions { $0.binarizer = .globalHistogram })
    private lazy var zxingFixedThreshold = ZXingReader(options: zxingOptions { $0.binarizer = .fixedThreshold })
    private lazy var zxingSightings = ZXingReader(options: zxingOptions {
        $0.formats = .retail
        $0.returnsFailedReadings = true
    })
    private lazy var zxingTraces = ZXingReader(options: zxingOptions { $0.returnsFailedReadings = true })
    /// `zxingTraces` for a look at the image enlarged (`StillImagePasses.traceVariants`):
    /// without zxing-cpp's inverted pass, which the look at the image itself makes. Its
    /// downscaled layers stay: without them, a degraded Code 128 of 2 px a module on a webcam
    /// frame showed no trace (docs/barcode-benchmark.md).
    private lazy var zxingTracesOnEnlarged = ZXingReader(options: zxingOptions {
        $0.returnsFailedReadings = true
        $0.tryInvert = false
    })
    /// The EAN/UPC-only twins of the plain and other-binarizer readers, for the vote.
    private lazy var zxingRetail = ZXingReader(options: zxingOptions { $0.formats = .retail })
    private lazy var zxingGlobalHistogramRetail = ZXingReader(options: zxingOptions {
        $0.binarizer = .globalHistogram
        $0.formats = .retail
    })
    private lazy var zxingFixedThresholdRetail = ZXingReader(options: zxingOptions {
        $0.binarizer = .fixedThreshold
        $0.formats = .retail
    })
    /// zxing-cpp on the linear codes whose rows an average down the columns keeps
    /// (`StillImagePass.Engine.zxingBars`).
    private lazy var zxingBars = ZXingReader(options: zxingOptions { $0.formats = .only(StillImagePass.barSymbologies) })
    private lazy var zxingAddOn = ZXingReader(options: zxingOptions {
        $0.formats = .retail
        $0.addOn = .require
    })
    /// The same detector for the second core's share of a still image's passes
    /// (`PassSharing`): engines of its own, used by that thread alone.
    fileprivate lazy var secondCore: BarcodeDetector = {
        let twin = BarcodeDetector(
            thresholds: thresholds, profile: profile, dropsBelowMinimum: dropsBelowMinimum, selection: selection)
        twin.isSecondCore = true
        return twin
    }()
    /// Whether this is another detector's `secondCore`, which shares nothing further.
    fileprivate var isSecondCore = false
    /// `zxing` split in two for the cores (`sharedZXingRead`), every format between them: the
    /// video profile's row formats (linear codes and PDF417), and its matrix formats.
    private lazy var zxingHalves: [ZXingReader] = [Self.lineSymbologies, Self.matrixSymbologies].map { half in
        ZXingReader(options: zxingOptions { $0.formats = .only(half) })
    }
    public let thresholds: ModuleSizeThresholds
    /// Whether barcodes below their minimum module size are left out (`--min-module-px`)
    /// rather than reported with `meetsMinimum` false.
    public let dropsBelowMinimum: Bool

    /// How much work each image gets.
    public enum Profile: Sendable {
        /// Still images and sequential replays: every engine's extra passes (zxing-cpp's
        /// tryHarder, rotation, inversion, downscaling; zbar on every line, inverted too),
        /// then the still-image passes: image variants when nothing was found, the vote on
        /// EAN/UPC numbers, and the search for add-ons (see `StillImagePass`).
        case stillImage
        /// Video at 30 fps, where the next frame is another chance (`videoReadings`). Frames
        /// take turns. Every frame: zxing-cpp with tryHarder on the linear codes and PDF417
        /// with every three rows averaged into one (`ImageSampling`), and on the matrix codes
        /// (QR, Data Matrix, Aztec, ...) at full resolution, upright in one frame and turned a
        /// quarter in the next (with PDF417; clockwise, then the other way), since its Data
        /// Matrix detector finds one orientation; the turned frames read Data Matrix upright
        /// too. The upright frames also read the linear codes with every six columns averaged
        /// into one: with the rows, a linear code at any angle. Every eighth frame reads QR
        /// codes white on black (a phone in dark mode) in place of the columns. A frame with
        /// sensor noise of sigma 5 or more is read smoothed by the row and matrix passes
        /// (`videoSmoothingNoiseSigma`). zbar reads the surroundings of each EAN/UPC code
        /// zxing-cpp found, for a second opinion. No zxing-cpp rotation, inversion or
        /// downscaling passes, no still-image passes. Chosen by measurement against zxing-cpp's
        /// own settings (docs/barcode-benchmark.md).
        case video

        var zxingOptions: ZXingReader.Options {
            var options = ZXingReader.Options()
            if self == .video {
                options.tryRotate = false
                options.tryInvert = false
                options.tryDownscale = false
            }
            return options
        }

        var zbarOptions: ZBarScanner.Options {
            var options = ZBarScanner.Options()
            if self == .video {
                // Around a code zxing-cpp found: every other line both ways, EAN/UPC only.
                options.scanDensity = 2
                options.tryInvert = false
                options.symbologies = [.ean_13, .ean_8, .upc_e]
            }
            return options
        }
    }

    /// The symbologies the video profile reads at full resolution: codes whose finder
    /// patterns need every pixel (MicroPDF417's rows are two modules tall).
    static let matrixSymbologies: Set<Symbology> = [
        .qr_code, .micro_qr_code, .rmqr_code, .data_matrix, .aztec, .aztec_rune, .maxicode, .micro_pdf417,
    ]
    /// The symbologies the video profile also reads white on black, every eighth frame (an
    /// inverted copy of the frame read by one more zxing-cpp pass: QR alone, and seldom, keeps
    /// the cost of the frames it falls on low).
    static let invertedSymbologies: Set<Symbology> = [.qr_code]
    /// The symbologies the video profile reads on averaged lines.
    static let lineSymbologies = Set(Symbology.allCases).subtracting(matrixSymbologies)
    /// How many lines the video profile's averaged passes average into one (`ImageSampling`).
    static let videoRowStep = 3
    static let videoColumnStep = 6
    /// The sensor noise (`GrayImage.noiseSigma`, gray levels) from which the video profile's
    /// row and matrix passes read a frame smoothed by centred kernels (edges stay put, and a
    /// sharp two-pixel module keeps its core): [1 6 1] / 8 along rows for the rows; both
    /// ways for the matrix codes, [1 6 1] / 8 in the upright frames and [1 2 1] / 4 in the
    /// turned ones. zxing-cpp's local binarizer takes an 8x8 block for flat when its levels
    /// span under 24, and 64 samples of noise span about 4.85 sigma: from a sigma of 5, flat
    /// background speckles into would-be finder patterns, which cost time and hide codes.
    /// Measured with pip zxing-cpp 3.1.1, the passes' formats and sampling as here:
    /// - the benchmark's generated frames (scripts/make-barcode-frames; noise 4 on the mild
    ///   frames, 8 on the degraded, blurred ones): smoothed, the degraded frames gave 76
    ///   linear codes and PDF417 against 75, and 58 matrix codes by [1 6 1] and 56 by
    ///   [1 2 1] against 54, the matrix pass's p95 falling from 14.3 ms to 8.8 and 5.3;
    /// - its matrix codes on the clean and mild frames with more noise added (sigma 6, 8 and
    ///   10, three draws each, 540 readings): read plain 353, by [1 6 1] 342, by [1 2 1] 287.
    ///   The weaker kernel costs little on sharp codes; the stronger one, cheaper still, loses
    ///   a fifth there, so it takes only the turned frames, the dearest.
    static let videoSmoothingNoiseSigma = 5.0

    /// The symbologies looked for.
    public let selection: BarcodeFormatSelection
    /// The video profile's readers: matrix codes on every pixel (with PDF417 when turned),
    /// linear codes and PDF417 on averaged rows, linear codes on averaged columns, QR codes
    /// inverted, Data Matrix alone (nil where the selection leaves a reader nothing to look
    /// for).
    private lazy var zxingMatrix: ZXingReader? = videoReader(for: selection.among(Self.matrixSymbologies))
    private lazy var zxingMatrixTurned: ZXingReader? = videoReader(
        for: selection.among(Self.matrixSymbologies.union([.pdf417])))
    /// The rows' two readers: PDF417, whose detector sees the binarized image (made here:
    /// `ZXingReader.Options.binarizesHere`), and the linear codes, whose readers scan gray
    /// rows. One reader for both would have zxing-cpp binarize the rows itself.
    private lazy var zxingRowsStacked: ZXingReader? = videoReader(for: selection.among([.pdf417]))
    private lazy var zxingRowsLinear: ZXingReader? = videoReader(
        for: selection.among(Self.lineSymbologies.subtracting([.pdf417])))
    private lazy var zxingInverted: ZXingReader? = videoReader(for: selection.among(Self.invertedSymbologies))
    private lazy var zxingDataMatrix: ZXingReader? = videoReader(for: selection.among([.data_matrix]))
    private lazy var zxingColumns: ZXingReader? = videoReader(
        for: selection.among(Self.lineSymbologies.subtracting([.pdf417])))
    /// The video frames read so far, which decides how the next is read.
    private var videoFrames = 0
    /// The thread that takes a share of each video frame's passes (`videoReadings`).
    private lazy var videoPartner = PassPartner()

    public init(
        thresholds: ModuleSizeThresholds = .mlKitGuidance, profile: Profile = .stillImage,
        dropsBelowMinimum: Bool = false, selection: BarcodeFormatSelection = .all
    ) {
        self.dropsBelowMinimum = dropsBelowMinimum
        self.selection = selection
        var zxingOptions = profile.zxingOptions
        if !selection.isAll { zxingOptions.formats = .only(selection.symbologies) }
        self.zxing = ZXingReader(options: zxingOptions)
        var zbarOptions = profile.zbarOptions
        // zbar reads a UPC-A as the EAN-13 it is (`ZBarScanner.Options.symbologies`).
        zbarOptions.symbologies = selection.among(zbarOptions.symbologies.union([.upc_a]))
        self.zbar = ZBarScanner(options: zbarOptions)
        var enlargedOptions = zbarOptions
        enlargedOptions.scanDensity = max(2, zbarOptions.scanDensity)
        self.zbarOnEnlarged = ZBarScanner(options: enlargedOptions)
        self.profile = profile
        self.thresholds = thresholds
    }

    private func zxingOptions(_ change: (inout ZXingReader.Options) -> Void) -> ZXingReader.Options {
        var options = profile.zxingOptions
        if !selection.isAll { options.formats = .only(selection.symbologies) }
        change(&options)
        return options
    }

    /// A video-profile zxing-cpp reader for `symbologies`, nil when there are none.
    private func videoReader(for symbologies: Set<Symbology>) -> ZXingReader? {
        guard !symbologies.isEmpty else { return nil }
        var options = Profile.video.zxingOptions
        options.formats = .only(symbologies)
        return ZXingReader(options: options)
    }

    /// Every barcode in `image`, merged across engines, in a stable order. Coordinates are in
    /// `image`'s pixel space.
    public func detect(in image: GrayImage) -> [BarcodeObservation] {
        let merged: [MergedReading]
        switch profile {
        case .video:
            // An EAN-13/UPC-A number zxing-cpp alone read (zbar, asked around it, read nothing
            // or another number) stands only where the frame's bars show it digit by digit: a
            // code painted over part of its height, or under another code, averages into
            // another number whose check digit holds, the same in every frame, so seeing it
            // again confirms nothing (docs/barcode-wrong-reads.md).
            merged = BarcodeMerger.merge(videoReadings(in: image)).filter {
                !(RetailBarsFit.symbologies.contains($0.reading.symbology) && $0.engines == [.zxing]
                    && !RetailBarsFit.confirms($0.reading, in: image))
            }
        case .stillImage where !selection.isAll:
            // Every format's strategy looks no further than its plain passes once they read a
            // code, and turns or escalates only an image where they read none; what it finds
            // is then kept when asked for. So: one zxing-cpp pass for every format first. A
            // code of a kind asked for: the strategy for those kinds alone (cheaper passes,
            // votes and add-on searches for those codes only). Codes of other kinds only:
            // nothing more to look for. No code: every format's strategy, its findings
            // filtered. Fewer formats never cost more than that one pass.
            let seen = everyFormatPlain.read(image)
            if seen.isEmpty {
                return everyFormat.detect(in: image).filter { selection.admits($0.symbology, payload: $0.payload) }
            }
            guard seen.contains(where: { selection.admits($0.symbology, payload: $0.payload) }) else { return [] }
            merged = stillImageReadingsAnyWayUp(in: image)
        case .stillImage: merged = stillImageReadingsAnyWayUp(in: image)
        }
        let observations = merged.filter {
            selection.admits($0.reading.symbology, payload: $0.reading.payload)
                // A code with no check character is reported whole or not at all.
                && UncheckedCodePieces.admits(
                    $0.reading, readBy: $0.engines, in: image, itfAlone: selection.symbologies == [.itf])
                // Nor is the core of a larger Aztec symbol.
                && AztecCores.admits($0.reading, in: image)
        }
            .map { merged in
            var reading = merged.reading
            // Engines extrapolate finder patterns and may place a corner a few pixels outside
            // the image (zxing-cpp does for DataBar); coordinates stay within the image.
            reading.corners = reading.corners.map {
                PixelPoint(x: min(max($0.x, 0), Double(image.width)), y: min(max($0.y, 0), Double(image.height)))
            }
            let modulePixels = self.modulePixels(of: reading, readBy: merged.engines, in: image)
            var observation = BarcodeObservation(
                symbology: reading.symbology, payload: reading.payload, corners: reading.corners,
                engines: merged.engines.sorted().map(\.rawValue), modulePixels: modulePixels,
                meetsMinimum: modulePixels.map { $0 >= thresholds.minimum(for: reading.symbology) },
                isGS1: reading.isGS1)
            observation.undecodedPayload = reading.undecodedBytes
            observation.payloadCharset = reading.undecodedBytes.map { CharacterSetGuess.name(of: $0, decodedAs: reading.payload) }
            return observation
        }
        return dropsBelowMinimum ? observations.filter { $0.meetsMinimum != false } : observations
    }

    /// The estimated pixels per module of a reading by `engines` (corners in `image`'s pixel
    /// space): its width over its module count, or its bars measured where the count depends
    /// on the content; nil when neither applies. zbar alone places a linear code by the box
    /// around the scan lines that read it, whose longer side runs along the code (exact for an
    /// upright or quarter-turned code, about 30% short at 45 degrees): its width would be the
    /// bars' height for a code zbar read on columns.
    func modulePixels(of reading: EngineReading, readBy engines: Set<BarcodeEngine>, in image: GrayImage) -> Double? {
        if let modules = ModuleCount.across(
            symbology: reading.symbology, payload: reading.payload, version: reading.symbolVersion)
        {
            if engines == [.zbar], !BarcodeTracker.errorCorrected.contains(reading.symbology) {
                // A box shorter than one pixel per module is not the code's extent (one scan
                // line's few points): the size is unknown.
                guard let box = PixelRect(enclosing: reading.corners), max(box.width, box.height) >= Double(modules)
                else { return nil }
                return max(box.width, box.height) / Double(modules)
            }
            return estimatedModulePixels(corners: reading.corners, modules: modules)
        }
        if ModuleWidthMeasurement.symbologies.contains(reading.symbology) {
            return ModuleWidthMeasurement.modulePixels(of: reading.symbology, corners: reading.corners, in: image)
        }
        return nil
    }

    /// One video frame's readings: linear codes and PDF417 on rows averaged in threes; matrix
    /// codes upright with linear codes on columns averaged in sixes (QR codes inverted instead
    /// of the columns every eighth frame), or in every other frame matrix codes and PDF417
    /// turned a quarter (one way, then the other) and Data Matrix upright; and zbar's second
    /// opinion around each EAN/UPC code found. A noisy frame's rows and matrix codes are read
    /// smoothed. The columns go with the upright matrix pass, the cheaper of the two, and the
    /// inverted QR pass takes their place rather than adding to the dearest kind of frame.
    ///
    /// The three passes of a frame (the matrix codes, the rows, and the columns, inverted QR
    /// or upright Data Matrix) touch engines of their own, so they are shared between the
    /// cores (`PassSharing.map(_:partner:_:)`, the dearest first); their readings are taken in the order
    /// the passes had one after another, so a frame reads the same either way.
    private func videoReadings(in image: GrayImage) -> [EngineReading] {
        let phase = videoFrames % 4
        videoFrames += 1
        let turned = phase % 2 == 1
        // A noisy frame is read smoothed by the row and matrix passes (`videoSmoothingNoiseSigma`).
        let noisy = image.noiseSigma() >= Self.videoSmoothingNoiseSigma
        // The turned frames, the dearest, take the stronger kernel (cheaper, and less kind to
        // sharp codes).
        let matrix = noisy ? image.smoothedBothWays(centreWeight: turned ? 2 : 6) : image
        let rows = ImageSampling.rowsAveraged(Self.videoRowStep)
        // The readers are made here, on the lane's thread, before the passes share them out.
        let rowReaders = [zxingRowsStacked, zxingRowsLinear].compactMap { $0 }
        let matrixPass: (ZXingReader, ImageSampling)? = turned
            ? zxingMatrixTurned.map { ($0, .turned(clockwise: phase == 1)) }
            : zxingMatrix.map { ($0, .everyPixel) }
        let otherPass: (ZXingReader, GrayImage, ImageSampling)?
        if turned {
            otherPass = zxingDataMatrix.map { ($0, matrix, .everyPixel) }
        } else if (videoFrames - 1) % 8 == 2 {
            otherPass = zxingInverted.map { ($0, matrix, .inverted) }
        } else {
            otherPass = zxingColumns.map { ($0, image, .columnsAveragedTurned(Self.videoColumnStep)) }
        }
        let passes = PassSharing.map(3, partner: videoPartner) { index -> [EngineReading] in
            switch index {
            case 0:
                guard let (reader, sampling) = matrixPass else { return [] }
                return reader.read(matrix, sampling: sampling)
            case 1:
                guard !rowReaders.isEmpty else { return [] }
                let lines = noisy ? image.smoothedAlongRows() : image
                let averaged = rows.sampled(lines)
                // In the order one reader of both would give: by their first corners, top to
                // bottom, then left to right.
                return rowReaders.flatMap { $0.read(sampled: averaged, by: rows, from: lines.size) }
                    .enumerated().sorted { a, b in
                        let (p, q) = (a.element.corners.first, b.element.corners.first)
                        guard let p, let q, p != q else { return a.offset < b.offset }
                        return p.y < q.y || (p.y == q.y && p.x < q.x)
                    }.map(\.element)
            default:
                guard let (reader, source, sampling) = otherPass else { return [] }
                return reader.read(source, sampling: sampling)
            }
        }
        let readings = passes[1] + (turned ? passes[0] + passes[2] : passes[2] + passes[0])
        return readings + readings.flatMap { secondOpinion(on: $0, in: image) }
    }

    /// zbar's readings around an EAN/UPC code zxing-cpp read in a video frame (corners in the
    /// frame's pixel space): the code's box grown by a fifth of its longer side (at least 12
    /// px) each way, which holds its quiet zones and the whole height of bars an averaged pass saw.
    private func secondOpinion(on reading: EngineReading, in image: GrayImage) -> [EngineReading] {
        guard RetailCodeVote.symbologies.contains(reading.symbology), let box = PixelRect(enclosing: reading.corners)
        else { return [] }
        let margin = max(12, 0.2 * max(box.width, box.height))
        let around = PixelRect(
            x: box.x - margin, y: box.y - margin, width: box.width + 2 * margin, height: box.height + 2 * margin)
        return image.readings(in: around, using: zbar.read)
    }

    /// How a still image that reads nothing as it is is turned and read again, in this order:
    /// a photo taken sideways or upside down. zxing-cpp's MaxiCode reader sees only an
    /// upright symbol, and its row scans for finder patterns see a turned code differently.
    static let stillImageTurns: [ImageOrientation] = [.right, .left, .down]

    /// Images with at most this many pixels are read turned with the escalation too; larger
    /// ones only by the plain passes. On ../shared/eval/barcodes turned a quarter, a half and
    /// three quarters (2,658 photos), the turned plain passes read 11 photos the upright
    /// strategy missed (MaxiCode nine times) and the turned escalation 6 more, all on images
    /// of 12,000 to 108,000 pixels. On a photo of 230,000 pixels or more that holds no code, it
    /// took about 1.5 s of the 2.7 s spent on the photo: the whole set at 0 degrees, in one
    /// process, took 169 s and 178 s with the turned escalation on every image up to 250,000
    /// pixels (without its enlarged passes above), 87 s and 100 s with it up to 120,000 pixels
    /// (runs alternated), reading the same photos at every quarter turn.
    static let largestTurnedEscalatedPixelCount = 120_000

    /// Images with at most this many pixels are read turned with every escalation pass; larger
    /// ones, up to `largestTurnedEscalatedPixelCount`, with `StillImagePass.turnedEscalation`
    /// alone. A turned image is read anew (zxing-cpp's binarizer blocks and scan lines fall
    /// elsewhere on the code), which pays most on small, damaged codes: of the 2,040 damaged
    /// codes of scripts/hunt-wrong-reads (seed 1), 11 of 46 to 153 pixels a side, QR, Data
    /// Matrix, PDF417, Aztec and an EAN-13 of 332x126, read only turned and by eight
    /// different escalation passes. On the eval photos every turned reading came from the
    /// three passes, on images of 19,200 to 108,000 pixels; the small photos that read nothing,
    /// most of 57,600 to 115,200 pixels, spent about half their time in the other eleven.
    static let largestFullyTurnedEscalatedPixelCount = 50_000

    /// The still-image readings of `image` (`stillImageReadings`), or when there are none,
    /// those of the image turned by the first of `stillImageTurns` that reads (escalated only
    /// when small: `largestTurnedEscalatedPixelCount`), or else turned by the lean of its
    /// edges (`stillImageReadingsTilted`), with their corners mapped back to `image`'s pixel
    /// space. Where zbar read an EAN/UPC code white on black, the strategy
    /// reads the image's negative too (`withWhiteOnBlackCodes`); where the upright image reads
    /// nothing, the negative's plain passes are read before the turns (a code printed light on
    /// dark).
    private func stillImageReadingsAnyWayUp(in image: GrayImage) -> [MergedReading] {
        var mayHoldACode = true
        var contested: [[PixelPoint]] = []
        let upright = stillImageReadingsLightOrDark(in: image, mayHoldACode: &mayHoldACode, contested: &contested)
        // A large image with no trace of a code is not turned a quarter either (`mayHoldACode`):
        // on ../shared/eval/barcodes every photo the turned passes read has at most 108,000
        // pixels. It is read turned by the lean of its edges, by the plain passes alone: a
        // stacked code photographed askew shows zxing-cpp no trace, its rows leaving every scan
        // line before their bars end (docs/barcode-benchmark.md, "Askew stacked codes in large
        // photos").
        if upright.isEmpty, !mayHoldACode {
            // The lean is measured on the image halved each way: the same angle for a quarter of
            // the cost.
            let lean = ImageTilt(of: image.blockAveraged(by: 2, 2))
            return stillImageReadingsTilted(in: image, tilt: lean, escalation: [], contested: contested)
        }
        guard upright.isEmpty else { return upright }
        let escalation = image.width * image.height <= Self.largestTurnedEscalatedPixelCount ? StillImagePass.escalation : []
        // A code printed light on dark that neither engine reads as it is (zxing-cpp 3.1.1
        // inverts only QR, Data Matrix and Aztec; zbar inverts nothing but EAN/UPC) is read on
        // the image's negative, where it is dark on light, by the plain passes and the checks
        // that follow them. With the escalation too, the wrong-read hunt read 19 more of its
        // 2,040 cases and one more wrong, and the eval photos took 8% longer (the same lines):
        // docs/barcode-wrong-reads.md.
        // The negative, the turns and the tilt are taken in this order, the first that reads
        // answering; they are read at once, shared between the cores (`PassSharing.first`),
        // started so as to keep both busy (the tilt, which may escalate every pass, beside the
        // first turn), and none is started once the answer is settled.
        let looks: [StillImageLook] = [.negative] + Self.stillImageTurns.map { .turned($0) } + [.tilted]
        let workers = PassSharing.threads > 1 ? [self, secondCore] : [self]
        let found = PassSharing.first(
            looks.count, startOrder: Self.stillImageLooksStartOrder, workers: workers, found: { !$0.isEmpty }
        ) { detector, index in
            detector.stillImageReadings(in: image, look: looks[index], escalation: escalation, contested: contested)
        }
        return found?.result ?? []
    }

    /// The order in which the cores start the looks at a still image that reads nothing as it
    /// is (indices into the negative, the three turns and the tilt): the negative, the first
    /// turn and the tilt first.
    static let stillImageLooksStartOrder = [0, 1, 4, 2, 3]

    /// The other looks at a still image that reads nothing as it is, in the order taken.
    private enum StillImageLook {
        /// Its negative, by the plain passes alone.
        case negative
        /// Turned upright from an orientation (`stillImageTurns`).
        case turned(ImageOrientation)
        /// Turned by the lean of its edges (`stillImageReadingsTilted`).
        case tilted
    }

    /// The still-image readings of `image` in `look`, with their corners in `image`'s pixel
    /// space; where the upright image read a symbol two ways (`contested`), a turn's reading
    /// of it is a third opinion, not a settled one, and is left out.
    private func stillImageReadings(
        in image: GrayImage, look: StillImageLook, escalation: [StillImagePass], contested: [[PixelPoint]]
    ) -> [MergedReading] {
        var ignoredTrace = true
        var ignoredContested: [[PixelPoint]] = []
        switch look {
        case .negative:
            return stillImageReadingsLightOrDark(
                in: image.inverted(), escalation: [], mayHoldACode: &ignoredTrace, contested: &ignoredContested)
        case .tilted:
            return stillImageReadingsTilted(in: image, escalation: escalation, contested: contested)
        case .turned(let orientation):
            let turnedEscalation = image.width * image.height <= Self.largestFullyTurnedEscalatedPixelCount
                ? escalation : escalation.filter { StillImagePass.turnedEscalation.contains($0) }
            return stillImageReadingsLightOrDark(
                in: image.turnedUpright(from: orientation), escalation: turnedEscalation, mayHoldACode: &ignoredTrace,
                contested: &ignoredContested
            ).map { merged in
                var mapped = merged
                mapped.reading.corners = merged.reading.corners.map {
                    orientation.storedPoint(forUpright: $0, storedSize: image.size)
                }
                return mapped
            }.filter { merged in
                !(HalfTurnCheck.symbologies.contains(merged.reading.symbology)
                    && contested.contains { BarcodeMerger.samePlace($0, merged.reading.corners) })
            }
        }
    }

    /// The still-image readings of `image` turned by the lean of its edges (`tilt`, else
    /// `ImageTilt` of `image`), when they lean enough and agree enough to be worth it, with their corners mapped back
    /// to `image`'s pixel space: a stacked code photographed askew, whose rows no scan line
    /// of the upright image stays on.
    private func stillImageReadingsTilted(
        in image: GrayImage, tilt lean: ImageTilt? = nil, escalation: [StillImagePass], contested: [[PixelPoint]]
    ) -> [MergedReading] {
        let tilt = lean ?? ImageTilt(of: image)
        guard tilt.isWorthTurning else { return [] }
        let tilted = TiltedImage(image, turnedBy: tilt.degrees)
        var ignored = true
        var ignoredContested: [[PixelPoint]] = []
        let found = stillImageReadingsLightOrDark(
            in: tilted.image, escalation: escalation, mayHoldACode: &ignored, contested: &ignoredContested)
        // A PDF417 found here stands only if the turned image's plain pass reads it, and so
        // does that image a half turn round: turned twice (by the photo's maker and back
        // here), a symbol of about a pixel a module can decode to another text that passes
        // its error correction, and reads nothing upside down (zint's PDF417 codes of
        // scripts/bench-tilted-codes at 1 px a module: 2 of 4,500 without this).
        let confirming: [EngineReading] = found.contains { HalfTurnCheck.symbologies.contains($0.reading.symbology) }
            ? {
                let plain = read(.zxing(.original), tilted.image)
                let upsideDown = read(.zxing(.original), tilted.image.turnedUpright(from: .down)).map { reading in
                    var mapped = reading
                    mapped.corners = reading.corners.map {
                        ImageOrientation.down.storedPoint(forUpright: $0, storedSize: tilted.image.size)
                    }
                    return mapped
                }
                return plain.filter { reading in upsideDown.contains { $0.payload == reading.payload } }
            }() : []
        return found.filter { merged in
            !HalfTurnCheck.symbologies.contains(merged.reading.symbology)
                || HalfTurnCheck.confirms(merged.reading, straightenedReadings: confirming)
        }.map { merged in
            var mapped = merged
            mapped.reading.corners = merged.reading.corners.map(tilted.originalPoint)
            return mapped
        }.filter { merged in
            !(HalfTurnCheck.symbologies.contains(merged.reading.symbology)
                && contested.contains { BarcodeMerger.samePlace($0, merged.reading.corners) })
        }
    }

    /// `stillImageReadings`, and where zbar read an EAN/UPC code white on black, those
    /// codes read on the image's negative (`withWhiteOnBlackCodes`). `mayHoldACode` and
    /// `contested` are set as `stillImageReadings` sets them.
    private func stillImageReadingsLightOrDark(
        in image: GrayImage, escalation: [StillImagePass] = StillImagePass.escalation, mayHoldACode: inout Bool,
        contested: inout [[PixelPoint]]
    ) -> [MergedReading] {
        var whiteOnBlack = false
        let found = stillImageReadings(
            in: image, escalation: escalation, whiteOnBlackRetailSeen: &whiteOnBlack, mayHoldACode: &mayHoldACode,
            contested: &contested)
        return whiteOnBlack ? withWhiteOnBlackCodes(found, in: image, escalation: escalation) : found
    }

    /// `upright`, the still-image readings of `image` in which zbar read an EAN/UPC code white
    /// on black, with the white-on-black codes read as what they are: by the whole strategy on
    /// the image's negative, where they are dark on light. zxing-cpp 3.1.1 reads no linear
    /// code white on black, so there zbar's readings were the only ones in the vote and shared
    /// its misreads; on the negative both engines, every pass, the vote and the bars judge
    /// them. The readings zbar alone made white on black give way to the negative's; the
    /// negative's other readings are added where no upright reading sits.
    private func withWhiteOnBlackCodes(
        _ upright: [MergedReading], in image: GrayImage, escalation: [StillImagePass]
    ) -> [MergedReading] {
        var ignored = false
        var ignoredTrace = true
        var ignoredContested: [[PixelPoint]] = []
        let negative = stillImageReadings(
            in: image.inverted(), escalation: escalation, whiteOnBlackRetailSeen: &ignored, mayHoldACode: &ignoredTrace,
            contested: &ignoredContested)
        var kept = upright.filter { !($0.engines == [.zbar] && $0.reading.isWhiteOnBlack) }
        for reading in negative
        where !kept.contains(where: {
            $0.reading.symbology == reading.reading.symbology
                && BarcodeMerger.samePlace($0.reading.corners, reading.reading.corners)
        }) {
            kept.append(reading)
        }
        return BarcodeMerger.merge(kept.flatMap { merged in
            merged.engines.map { engine in
                var reading = merged.reading
                reading.engine = engine
                return reading
            }
        })
    }

    /// The still-image strategy, measured on ../shared/eval/barcodes (docs/barcode-benchmark.md):
    /// 1. zxing-cpp and zbar on the image, merged.
    /// 2. Nothing found: `escalation` in order, up to the first pass that reads
    ///    (a PDF417 or Aztec code only when a later pass reads the same payload), where the
    ///    image may hold a code (`StillImagePasses.mayHoldACode`): a large image in which
    ///    neither plain pass nor zxing-cpp's failed readings show a trace of one costs the
    ///    plain passes only.
    /// 3. Each EAN/UPC reading is put to `RetailCodeVote` over `StillImagePass.retailVoters`;
    ///    a split vote, and a number only one pass read or an escalation pass found, is put to
    ///    the vote again with the tiebreakers added; a vote still split goes to the bars
    ///    (`RetailBarsFit.winner`: the one number whose bars the picture shows digit by digit
    ///    wins, else the reading is dropped). A number is left out when still only one pass
    ///    (zbar alone: two of its passes; an EAN-13/UPC-A number zxing-cpp alone read: however
    ///    many of its passes) read it and its code is below the symbology's minimum
    ///    module size (or, read by zbar alone, of unknown size), unless its bars show it digit
    ///    by digit (`RetailBarsFit.confirms`); a number an escalation pass found that no voting
    ///    pass reads is left out unless its bars show it digit by digit, or its code meets the
    ///    minimum module size, its bars' edges are soft (`SoftBarEdges`) and its bars bear it
    ///    out (`bearsOutAnEscalationReading`); a UPC-E an escalation pass found that zbar alone
    ///    reads is left out; and an
    ///    EAN-13/UPC-A number zxing-cpp alone read is left out where its bars contradict it
    ///    (`RetailBarsFit.contradictsADigit`).
    /// 4. Each EAN-13/UPC: zxing-cpp, add-on required, on the image variants of
    ///    `StillImagePass.addOnSearch`; an add-on is appended when `AddOnConfirmation`
    ///    confirms it over those passes and the plain one (two passes agree, and a quiet zone
    ///    follows it inside the picture), and taken off otherwise.
    /// 5. Each QR code's middle is read on its own for a code nested inside it
    ///    (`NestedCodeSearch`).
    /// 6. A PDF417 reading is dropped where the image read a half turn round gives another
    ///    text at its place (`HalfTurnCheck`); nor is a reading of the image turned a quarter
    ///    taken there (`stillImageReadingsAnyWayUp`).
    ///
    /// `whiteOnBlackRetailSeen` is set to whether any zbar pass read an EAN/UPC code white on
    /// black; `mayHoldACode` to false where step 2 was skipped for want of a trace of a code;
    /// `contested` gets the corners of each reading step 6 dropped.
    private func stillImageReadings(
        in image: GrayImage, escalation: [StillImagePass] = StillImagePass.escalation,
        whiteOnBlackRetailSeen: inout Bool, mayHoldACode: inout Bool, contested: inout [[PixelPoint]]
    ) -> [MergedReading] {
        var passes = StillImagePasses(image: image)
        defer { whiteOnBlackRetailSeen = passes.hasWhiteOnBlackReading(among: RetailCodeVote.symbologies) }
        // zbar's plain pass alongside zxing-cpp's, though it is not needed where zxing-cpp reads
        // codes that stand on their own checks alone (`zbarHasNothingToAdd`).
        let zxingPlain = passes.readings(of: .zxing(.original), using: self)
        // Where zxing-cpp read nothing on a large image, the looks for a trace of a code
        // (`StillImagePasses.mayHoldACode`) run beside zbar's pass, in case it reads nothing
        // either.
        if zxingPlain.isEmpty, !escalation.isEmpty, passes.needsTracesWhereNothingIsRead {
            passes.prefetch(.zbar(.original), settingAside: StillImagePasses.tracePasses, using: self)
        }
        let first = zxingPlain
            + (Self.zbarHasNothingToAdd(to: zxingPlain) ? [] : passes.readings(of: .zbar(.original), using: self))
        var turnedALittle: [EngineReading]?
        func readingsTurnedALittle() -> [EngineReading] {
            if let turnedALittle { return turnedALittle }
            let tilted = TiltedImage(image, turnedBy: StackedDataBarCheck.turnDegrees(for: ImageTilt(of: image)))
            let turned = read(.zxing(.original), tilted.image).map { reading in
                var mapped = reading
                mapped.corners = reading.corners.map(tilted.originalPoint)
                return mapped
            }
            turnedALittle = turned
            return turned
        }
        var merged = BarcodeMerger.merge(first).filter { candidate in
            if Self.isReadOnASliver(candidate.reading) {
                return StillImagePass.escalation.contains { pass in
                    passes.readings(of: pass, using: self).contains { Self.bearsOut(candidate.reading, $0) }
                }
            }
            // A DataBar Stacked zxing-cpp alone read is left out where the image turned a
            // little reads another in its symbol and not it (`StackedDataBarCheck`).
            if StackedDataBarCheck.needsIt(candidate) {
                return !StackedDataBarCheck.contradicts(candidate.reading, turnedReadings: readingsTurnedALittle())
            }
            return true
        }
        let escalated = merged.isEmpty
        mayHoldACode = !escalated || escalation.isEmpty || passes.mayHoldACode(readBefore: first, using: self)
        if escalated, !escalation.isEmpty, mayHoldACode {
            for (index, pass) in escalation.enumerated() {
                // A PDF417 or Aztec code that only a variant of the image gives up needs a later
                // pass to read the same payload: small ones can decode to garbage that passes
                // their error correction on one variant. So does a Code 128, and a linear code
                // without a check character, which zxing-cpp's other binarizers on the same
                // variant may read too (`StillImagePass.otherBinarizers`).
                merged = BarcodeMerger.merge(passes.readings(of: pass, using: self)).filter { candidate in
                    guard Self.confirmedInEscalation.contains(candidate.reading.symbology) else { return true }
                    let confirmers = escalation[(index + 1)...]
                        + (UncheckedCodePieces.symbologies.contains(candidate.reading.symbology)
                            || Self.singleSumDataBar.contains(candidate.reading.symbology) ? pass.otherBinarizers : [])
                    return confirmers.contains { later in
                        passes.readings(of: later, using: self).contains { Self.bearsOut(candidate.reading, $0) }
                    }
                }
                if !merged.isEmpty { break }
            }
        }
        // A nested code shares its host's centre, so it is added beside the merge, which
        // would take it for a disagreeing read of the host.
        for host in merged {
            for nested in NestedCodeSearch.readings(inside: host.reading, of: image, using: { self.read(.zxing(.original), $0) })
            where !merged.contains(where: { $0.reading.payload == nested.payload }) {
                merged.append(MergedReading(reading: nested, engines: [nested.engine]))
            }
        }
        // A PDF417 reading another text a half turn round is dropped, and where the image's
        // edges lean, one the image turned straight does not read too (`HalfTurnCheck`).
        if merged.contains(where: { HalfTurnCheck.symbologies.contains($0.reading.symbology) }) {
            // The half turn and the straightened image are read at once, one on each core.
            let tilt = ImageTilt(of: image)
            let looks = PassSharing.map(tilt.isWorthTurning ? 2 : 1, workers: PassSharing.threads > 1 ? [self, secondCore] : [self]) {
                detector, index -> [EngineReading] in
                if index == 0 {
                    return detector.read(.zxing(.original), image.turnedUpright(from: .down)).map { reading in
                        var mapped = reading
                        mapped.corners = reading.corners.map { ImageOrientation.down.storedPoint(forUpright: $0, storedSize: image.size) }
                        return mapped
                    }
                }
                let tilted = TiltedImage(image, turnedBy: tilt.degrees)
                return detector.read(.zxing(.original), tilted.image).map { reading in
                    var mapped = reading
                    mapped.corners = reading.corners.map(tilted.originalPoint)
                    return mapped
                }
            }
            let halfTurned = looks[0]
            let straightened: [EngineReading]? = tilt.isWorthTurning ? looks[1] : nil
            merged.removeAll { candidate in
                guard HalfTurnCheck.symbologies.contains(candidate.reading.symbology),
                    HalfTurnCheck.contradicts(candidate.reading, turnedReadings: halfTurned)
                        || straightened.map({ !HalfTurnCheck.confirms(candidate.reading, straightenedReadings: $0) }) == true
                else { return false }
                contested.append(candidate.reading.corners)
                return true
            }
        }
        guard merged.contains(where: { RetailCodeVote.symbologies.contains($0.reading.symbology) }) else {
            return merged
        }
        // The cheap voters first: where every one of them reads each EAN/UPC number at its
        // place and none reads another there, the dear ones could not split the vote.
        let settlingPasses = StillImagePass.retailVoters.filter { StillImagePass.retailSettlers.contains($0) }
        passes.prefetchRetail(settlingPasses, using: self)
        let settlers = settlingPasses.map { passes.retailReadings(of: $0, using: self) }
        let settled = !escalated && merged.allSatisfy { candidate in
            !RetailCodeVote.symbologies.contains(candidate.reading.symbology)
                || RetailCodeVote.isUnanimous(on: candidate.reading, passes: settlers)
        }
        if !settled { passes.prefetchRetail(StillImagePass.retailVoters, using: self) }
        let voters = settled ? settlers : StillImagePass.retailVoters.map { passes.retailReadings(of: $0, using: self) }
        // Only a UPC-E or EAN-8 is judged by failed readings: the sighting passes run for those.
        let failedReadings: [[EngineReading]]
        if merged.contains(where: { RetailCodeVote.shortSymbologies.contains($0.reading.symbology) }) {
            passes.prefetch(StillImagePass.retailSightings, using: self)
            failedReadings = StillImagePass.retailSightings.map { passes.readings(of: $0, using: self).filter { !$0.passedChecks } }
        } else {
            failedReadings = []
        }
        merged = merged.compactMap { candidate in
            guard RetailCodeVote.symbologies.contains(candidate.reading.symbology) else { return candidate }
            var verdict = RetailCodeVote.verdict(on: candidate.reading, passes: voters, failedReadings: failedReadings)
            var allVoters = voters
            // A split vote, or a number only one pass read (or an escalation pass found), is
            // put to the vote again with the tiebreakers.
            if verdict == .split
                || (verdict == .confirmed && (escalated || RetailCodeVote.votes(for: candidate.reading, passes: voters) == 1))
            {
                passes.prefetchRetail(StillImagePass.retailTiebreakers, using: self)
                allVoters += StillImagePass.retailTiebreakers.map { passes.retailReadings(of: $0, using: self) }
                verdict = RetailCodeVote.verdict(on: candidate.reading, passes: allVoters, failedReadings: failedReadings)
            }
            // A vote still split goes to the bars themselves.
            if verdict == .split, let winner = RetailBarsFit.winner(atPlaceOf: candidate.reading, passes: allVoters, in: image) {
                verdict = RetailCodeVote.mainNumber(of: winner) == RetailCodeVote.mainNumber(of: candidate.reading)
                    ? .confirmed : .replaced(by: winner)
            }
            let kept: MergedReading
            switch verdict {
            case .confirmed: kept = candidate
            case .contested, .split: return nil
            case .replaced(let winner): kept = MergedReading(reading: winner, engines: [winner.engine])
            }
            // A number one pass alone read (anywhere in the image, for zbar alone, which places a
            // code differently in each pass), on a code below its symbology's minimum module size
            // or of unknown size, has no second opinion but its bars: left out unless they show
            // it digit by digit. So is a number an escalation pass read that no voting pass reads.
            let zbarAlone = kept.engines == [.zbar]
            let others = RetailCodeVote.passesReading(kept.reading, in: allVoters, atItsPlace: !zbarAlone)
            // The bars are fitted once, when first asked.
            var barsFit: RetailBarsFit??
            func fitOfBars() -> RetailBarsFit? {
                if let barsFit { return barsFit }
                let fit = RetailBarsFit.fit(along: kept.reading, in: image)
                barsFit = fit
                return fit
            }
            func barsConfirm() -> Bool { fitOfBars()?.confirmsEveryDigit == true }
            // A number zxing-cpp alone reads, in however many passes, stands only where its bars
            // do not show another digit in place of one of its own.
            if kept.engines == [.zxing], fitOfBars()?.contradictsADigit == true { return nil }
            // A number an escalation pass read that no voting pass reads stands on its bars: where
            // they show it digit by digit, or where its code meets its symbology's minimum module
            // size, its bars have the soft edges of a code out of focus (`SoftBarEdges`: not the
            // steps of bars as drawn, whose ringing the deblurred images read as other codes) and
            // no digit's bars are explained twice as well by another digit
            // (`RetailBarsFit.bearsOutAnEscalationReading`).
            if escalated && others == 0 && !barsConfirm() {
                let meetsMinimum = modulePixels(of: kept.reading, readBy: kept.engines, in: image)
                    .map { $0 >= thresholds.minimum(for: kept.reading.symbology) } ?? false
                guard meetsMinimum, SoftBarEdges.areSoft(around: kept.reading.corners, in: image),
                    fitOfBars()?.bearsOutAnEscalationReading == true
                else { return nil }
            }
            // A UPC-E that only escalation passes found, and only zbar's read, is left out: zbar
            // finds UPC-E patterns in the bars of longer codes (one in the right half of a UPC-A
            // turned 4 to 12 degrees, on zbar's enlarged and sharpened images: eval upca-2/38
            // turned by scripts/bench-turned-retail, seed 29), and on the eval photos, the
            // turned and the grainy sets no right UPC-E came that way. Not EAN-8: a right one
            // did (docs/barcode-wrong-reads.md).
            if escalated, zbarAlone, kept.reading.symbology == .upc_e { return nil }
            // zbar alone needs a third pass: its passes read variants of one picture with one
            // decoder, and repeat its misreads of a code too small for it (eval upca-2/39 turned
            // 12 degrees: another number with a valid check digit, at 1.07 px a module, in two
            // zbar passes and no other; docs/barcode-wrong-reads.md). An EAN-13/UPC-A number
            // zxing-cpp alone read needs its bars however many of its passes read it, for the
            // same reason (a UPC-A of zint's at 1.29 px a module, spoilt by ImageMagick, read
            // 0089081132121 for 0089081132787 by several zxing-cpp passes and no zbar pass).
            let zxingAloneOnBars = kept.engines == [.zxing] && RetailBarsFit.symbologies.contains(kept.reading.symbology)
            if others <= (zbarAlone ? 2 : 1) || zxingAloneOnBars {
                let pixels = modulePixels(of: kept.reading, readBy: kept.engines, in: image)
                if pixels.map({ $0 < thresholds.minimum(for: kept.reading.symbology) }) ?? zbarAlone, !barsConfirm() {
                    return nil
                }
            }
            return kept
        }
        return BarcodeMerger.merge(merged.flatMap { candidate -> [EngineReading] in
            let withAddOn = addOn(for: candidate.reading, passes: &passes)
            return candidate.engines.map { engine in
                var reading = withAddOn
                reading.engine = engine
                return reading
            }
        })
    }

    /// `reading` with its EAN-2/EAN-5 add-on appended when `AddOnConfirmation` confirms one
    /// over the plain pass and the add-on passes; its main number alone otherwise, without
    /// running the add-on passes where nothing lies beside the code
    /// (`AddOnConfirmation.mayHoldAnAddOn`).
    private func addOn(for reading: EngineReading, passes: inout StillImagePasses) -> EngineReading {
        guard [.ean_13, .upc_a, .upc_e].contains(reading.symbology), reading.payload.count >= 13 else {
            return reading
        }
        var main = reading
        main.payload = Array(reading.payload.prefix(13))
        // Where nothing dark lies beside the code, no add-on can be there to confirm.
        if reading.payload.count == 13, !AddOnConfirmation.mayHoldAnAddOn(beside: main, in: passes.image) {
            return main
        }
        let searches = [StillImagePass.zxing(.original)] + StillImagePass.addOnSearch
        passes.prefetch(searches, using: self)
        let readings = searches.map { passes.readings(of: $0, using: self) }
        guard let digits = AddOnConfirmation.confirmedAddOn(beside: main, passes: readings, in: passes.image) else {
            return main
        }
        main.payload += digits
        return main
    }

    /// Whether zxing-cpp's plain readings of a still image settle it without zbar's plain pass:
    /// there are some, and each stands on its own symbology's checks, which zbar would not
    /// add to: error-corrected codes (QR, Data Matrix, Aztec, PDF417, ...; of them zbar reads
    /// QR codes alone, error-corrected as zxing-cpp's) and codes with check characters that zbar
    /// does not read (Code 128 read on more than a sliver, Code 93, DataBar, ...). Not EAN/UPC,
    /// whose numbers zbar's pass votes on, nor ITF, Codabar or Code 39, whose readings may be
    /// pieces of a code to be left out (`UncheckedCodePieces`), nor a sliver
    /// (`isReadOnASliver`): where such a reading falls, zbar's pass may still read another code
    /// beside it (the damaged codes of scripts/hunt-wrong-reads: an ITF piece read by zxing-cpp
    /// and left out, and a UPC-E over it that zbar alone read). On ../shared/eval/barcodes, in
    /// none of the 343 photos where zxing-cpp read error-corrected matrix codes only did zbar
    /// read anything more or different (its pass cost 3.4 ms a photo on average), nor in any of
    /// the photos where it read Code 128, DataBar and the like.
    static func zbarHasNothingToAdd(to zxingReadings: [EngineReading]) -> Bool {
        !zxingReadings.isEmpty
            && zxingReadings.allSatisfy {
                !RetailCodeVote.symbologies.contains($0.symbology) && !UncheckedCodePieces.symbologies.contains($0.symbology)
                    && !isReadOnASliver($0)
            }
    }

    /// The symbologies an escalation pass's reading of which a later pass must repeat: small
    /// PDF417 and Aztec codes, the codes without a check character, and Code 128, whose one
    /// check character a damaged code passes one time in 103 (on 2,040 damaged codes of
    /// scripts/hunt-wrong-reads, two Code 128 readings and a Codabar reading that only one
    /// escalation pass made were wrong; on the eval set no reading is lost this way). And
    /// DataBar, DataBar Stacked and DataBar Limited, whose four (Limited: two) characters
    /// check themselves by one sum mod 79 (89): on a Code 39 of zint's blurred by ImageMagick
    /// (scripts/bench-defocused-codes, seed 3), zxing-cpp's fixed-threshold pass read
    /// a DataBar Stacked `0174852187522340` in the bars, and on the image enlarged 3x another.
    static let confirmedInEscalation: Set<Symbology> = UncheckedCodePieces.symbologies
        .union([.code_128, .pdf417, .aztec])
        .union(singleSumDataBar)

    /// The DataBar symbologies whose characters check themselves by one sum alone (not
    /// Expanded, whose sum runs mod 211 over up to 22 characters); their escalation readings
    /// may be repeated by zxing-cpp's other binarizers on the same image
    /// (`StillImagePass.otherBinarizers`), as a code without a check character's may.
    static let singleSumDataBar: Set<Symbology> = [.databar, .databar_stacked, .databar_limited]

    /// Whether `reading` is a Code 128, ITF, Codabar or Code 39 code that zxing-cpp read on a
    /// sliver of its bars' height: the scan lines that agreed on it span at most
    /// `largestSliverPixels` across the bars, where a code read whole agrees on line after
    /// line. Such a reading of the plain passes stands only where an escalation pass reads it
    /// too, on more than a sliver (`bearsOut`). On grainy zint codes spoilt by ImageMagick,
    /// noise made two neighbouring lines of a Code 128 at 1.5 px a module agree on "3JYG0)4-P"
    /// for "3JYG0Y7-P", its check character holding (pip zxing-cpp 3.1.1 reads the same).
    static func isReadOnASliver(_ reading: EngineReading) -> Bool {
        guard weaklyCheckedLinearSymbologies.contains(reading.symbology), reading.corners.count == 4 else { return false }
        let corners = reading.corners
        func distance(_ a: PixelPoint, _ b: PixelPoint) -> Double { ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() }
        return max(distance(corners[0], corners[3]), distance(corners[1], corners[2])) <= largestSliverPixels
    }

    /// Whether `other`, another pass's reading, bears `reading` out: the same symbology and
    /// payload, and where `reading` is a sliver (`isReadOnASliver`), read on more than a
    /// sliver itself. A pass that sees the same few lines as noisy (zxing-cpp's global
    /// histogram binarizer on that Code 128) agrees on the same misreading, where the passes
    /// that read the code across its height read the printed text.
    static func bearsOut(_ reading: EngineReading, _ other: EngineReading) -> Bool {
        other.symbology == reading.symbology && other.payload == reading.payload
            && (!isReadOnASliver(reading) || !isReadOnASliver(other))
    }

    /// The linear codes without a check character (ITF, Codabar, Code 39), and Code 128, whose
    /// one check character a wrong reading passes one time in 103: those `isReadOnASliver`
    /// looks at.
    static let weaklyCheckedLinearSymbologies: Set<Symbology> = UncheckedCodePieces.symbologies.union([.code_128])

    /// The most pixels across its bars a reading spans and is still a sliver (`isReadOnASliver`).
    static let largestSliverPixels = 2.0

    /// `zxing.read(image)` in two halves at once, one on each core (`zxingHalves`): the same
    /// readings, which zxing-cpp finds reader by reader, the linear codes first where the
    /// halves are read one after the other (as when the cores are shared already).
    private func sharedZXingRead(_ image: GrayImage) -> [EngineReading] {
        PassSharing.map(2, workers: [self, secondCore]) { detector, half in detector.zxingHalves[half].read(image) }
            .flatMap { $0 }
    }

    /// The readings of `pass`'s engine on `image`, its variant of the picture.
    fileprivate func read(_ pass: StillImagePass, _ image: GrayImage) -> [EngineReading] {
        switch pass.engine {
        // Every plain zxing-cpp pass reads by halves where the cores are shared, on either
        // core, so that its readings come in the same order whichever core ran it.
        case .zxing where selection.isAll && PassSharing.threads > 1:
            return isSecondCore ? zxingHalves.flatMap { $0.read(image) } : sharedZXingRead(image)
        case .zxing: return zxing.read(image)
        case .zxingGlobalHistogram: return zxingGlobalHistogram.read(image)
        case .zxingFixedThreshold: return zxingFixedThreshold.read(image)
        case .zxingAddOn: return zxingAddOn.read(image)
        case .zxingSightings: return zxingSightings.read(image)
        case .zxingTraces: return (pass.variant.scale < 1 ? zxingTracesOnEnlarged : zxingTraces).read(image)
        case .zxingRetail: return zxingRetail.read(image)
        case .zxingBars:
            return zxingBars.read(image).filter { StillImagePass.barSymbologies.contains($0.symbology) }
        case .zxingGlobalHistogramRetail: return zxingGlobalHistogramRetail.read(image)
        case .zxingFixedThresholdRetail: return zxingFixedThresholdRetail.read(image)
        case .zbar: return (pass.variant.scale <= 0.5 ? zbarOnEnlarged : zbar).read(image)
        case .zbarRetail:
            return (pass.variant.scale <= 0.5 ? zbarOnEnlarged : zbar).read(image)
                .filter { RetailCodeVote.symbologies.contains($0.symbology) }
        }
    }
}

extension BarcodeDetector: BarcodeDetecting {}

/// One decoding pass of a still image: an engine on an image variant.
public struct StillImagePass: Hashable, Sendable {
    public enum Engine: Hashable, Sendable {
        case zxing, zxingGlobalHistogram, zxingFixedThreshold, zxingAddOn, zbar
        /// zxing-cpp on EAN/UPC only, reporting symbols whose check digit failed too.
        case zxingSightings
        /// zxing-cpp on every format, reporting symbols that failed to decode too: where a
        /// code's finder patterns or bars were seen.
        case zxingTraces
        /// `zxing`, `zxingGlobalHistogram` and `zxingFixedThreshold` on EAN/UPC only: the
        /// same EAN/UPC readings without the matrix detectors' cost (`retailReadings`).
        case zxingRetail, zxingGlobalHistogramRetail, zxingFixedThresholdRetail
        /// `zbar`'s EAN/UPC readings alone (`RetailCodeVote.symbologies`).
        case zbarRetail
        /// zxing-cpp on `StillImagePass.barSymbologies` alone: the one-row linear codes.
        case zxingBars

        /// This engine's EAN/UPC-only twin, or itself.
        var retailTwin: Self {
            switch self {
            case .zxing: return .zxingRetail
            case .zxingGlobalHistogram: return .zxingGlobalHistogramRetail
            case .zxingFixedThreshold: return .zxingFixedThresholdRetail
            default: return self
            }
        }
    }
    public var engine: Engine
    public var variant: ImageVariant

    /// About what the pass costs against zxing-cpp's plain pass over every format on the
    /// image as it is: the variant's pixels against the image's, times the engine's share
    /// (the EAN/UPC-only passes about a third; zbar on an enlarged image reads every second
    /// line). Only for ordering passes run at once.
    var relativeCost: Double {
        let pixels = 1 / (variant.scale * variant.scale)
        switch engine {
        case .zxing, .zxingGlobalHistogram, .zxingFixedThreshold, .zxingTraces: return pixels
        case .zbar, .zbarRetail: return variant.scale <= 0.5 ? pixels / 2 : pixels
        case .zxingAddOn, .zxingSightings, .zxingRetail, .zxingGlobalHistogramRetail, .zxingFixedThresholdRetail,
            .zxingBars:
            return pixels / 3
        }
    }

    /// zxing-cpp's other binarizers on this pass's image, where the pass is zxing-cpp's with its
    /// default one (else none): where an ITF, Codabar or Code 39 code (each character of which
    /// checks itself, its wide and narrow elements counted) that one escalation pass reads must
    /// be read again, these may read it too, run only then. On small, grainy codes by zint
    /// (scripts/bench-grainy-linear) most such codes that escalation read and the later passes
    /// did not were read by the image enlarged three times alone, and again by another
    /// binarizer on that image. Not Code 128: on the damaged codes of
    /// scripts/hunt-wrong-reads, two Code 128 codes with modules flipped were misread alike by
    /// two binarizers on one image, their check characters holding (docs/barcode-benchmark.md).
    var otherBinarizers: [Self] {
        guard engine == .zxing else { return [] }
        return [Self(engine: .zxingGlobalHistogram, variant: variant), Self(engine: .zxingFixedThreshold, variant: variant)]
    }

    static func zxing(_ variant: ImageVariant) -> Self { Self(engine: .zxing, variant: variant) }
    static func zbar(_ variant: ImageVariant) -> Self { Self(engine: .zbar, variant: variant) }

    /// Tried in this order when the plain passes read nothing, up to the first that reads;
    /// each pass here added reads on the eval set that the ones before it missed, but the two
    /// on the image averaged down its columns, which read small, grainy linear codes of other
    /// sets that nothing before them reads or bear out a Code 128, Code 39 or ITF reading of
    /// an earlier pass (the eval photos turned a few degrees and noised, zint's codes spoilt by
    /// ImageMagick: docs/barcode-benchmark.md), and nothing new on the eval photos. Those two
    /// read the one-row linear codes alone (`barSymbologies`; zbar reads EAN/UPC alone). The
    /// last three, on the image deblurred along its rows, read codes seen out of focus (an
    /// EAN-13 and a DataBar Stacked of the eval photos, and codes of zint's that ImageMagick
    /// defocused: scripts/bench-defocused-codes).
    public static let escalation: [Self] = [
        .zxing(.sharpened), .zxing(.upscaled), .zbar(.upscaled),
        Self(engine: .zxingGlobalHistogram, variant: .original), .zbar(.sharpened),
        Self(engine: .zxingFixedThreshold, variant: .original), .zbar(.blurred), .zbar(.downscaled),
        .zxing(.blurred), .zxing(.enlargedBicubicThreefold), .zxing(.enlargedStronglySharpened),
        Self(engine: .zxingGlobalHistogram, variant: .upscaled),
        .zxing(.enlargedBicubicOneAndAHalf), .zbar(.enlargedEqualized),
        Self(engine: .zxingBars, variant: .averagedDownColumnsEnlargedSharpened),
        Self(engine: .zbarRetail, variant: .averagedDownColumnsEnlargedSharpened),
        .zxing(.deblurredAlongRowsEnlarged(sigma: 1.5)), .zxing(.deblurredAlongRowsEnlarged(sigma: 2)),
        .zxing(.deblurredAlongRowsEnlarged(sigma: 2.5)),
    ]

    /// The linear codes of one row of bars (EAN/UPC, Code 128, Code 39, Code 93, ITF, Codabar),
    /// which an average down the columns leaves whole where the code stands upright. Not
    /// DataBar: zxing-cpp read a tilted DataBar Stacked, whose rows the average mixes, as
    /// another number.
    public static let barSymbologies: Set<Symbology> = RetailCodeVote.symbologies.union([
        .code_128, .code_39, .code_93, .itf, .itf_14, .codabar,
    ])

    /// The escalation passes an image of 50,000 to 120,000 pixels turned a quarter or a half is
    /// read by (`BarcodeDetector.largestFullyTurnedEscalatedPixelCount`), in `escalation`'s
    /// order: on ../shared/eval/barcodes upright and turned a quarter, a half and three
    /// quarters by ImageMagick, every reading a turned image's escalation made came from one of
    /// these three (upca-4/9, upca-5/27 and upce-2/38).
    public static let turnedEscalation: Set<Self> = [
        .zbar(.upscaled), Self(engine: .zxingFixedThreshold, variant: .original), .zxing(.enlargedStronglySharpened),
    ]

    /// The passes that vote on EAN/UPC numbers.
    public static let retailVoters: [Self] = [
        .zxing(.original), .zbar(.original), .zxing(.upscaled), .zxing(.sharpened), .zbar(.upscaled),
        .zbar(.sharpened), .zxing(.blurred), Self(engine: .zxingGlobalHistogram, variant: .original),
    ]

    /// The voters that settle the vote on a number alone where every one of them reads it at
    /// its place and none reads another number there (`RetailCodeVote.isUnanimous`): all but
    /// zbar's passes on variants, the dearest (zbar on the image enlarged 2x took 6.7 ms a photo
    /// on ../shared/eval/barcodes, the six others together about 5). Six of the eight agreeing
    /// and none against hold more than the share the vote requires whatever the other two read
    /// (6 of 8 is 0.75), so the verdict is the one the eight would give; on
    /// ../shared/eval/barcodes at every quarter turn, and on the damaged codes of
    /// scripts/hunt-wrong-reads, every line is the same.
    public static let retailSettlers: Set<Self> = [
        .zxing(.original), .zbar(.original), .zxing(.upscaled), .zxing(.sharpened), .zxing(.blurred),
        Self(engine: .zxingGlobalHistogram, variant: .original),
    ]

    /// The passes whose failed EAN/UPC readings count in the vote (`RetailCodeVote`): they
    /// show where a symbol is and which kind, even when no number can be trusted.
    public static let retailSightings: [Self] = [
        Self(engine: .zxingSightings, variant: .original), Self(engine: .zxingSightings, variant: .sharpened),
    ]

    /// The passes that vote as well when only one pass read a number at a place, or the vote
    /// is split: a lone read of a blurred code may be a misread with a valid check digit
    /// (upca-4/16 in the eval set read 3062842000263 on the sharpened image alone; three of
    /// these read 0067932000263).
    public static let retailTiebreakers: [Self] = [
        .zxing(.enlargedBicubic), .zxing(.mildlySharpened), .zxing(.downscaled), .zbar(.enlargedBicubic),
        Self(engine: .zxingGlobalHistogram, variant: .upscaled), Self(engine: .zxingGlobalHistogram, variant: .enlargedBicubic),
        Self(engine: .zxingFixedThreshold, variant: .original),
    ]

    /// The passes that look for an add-on beside an EAN/UPC code, and vote on its digits with
    /// the plain pass (`AddOnConfirmation`).
    public static let addOnSearch: [Self] = [
        Self(engine: .zxingAddOn, variant: .upscaled), Self(engine: .zxingAddOn, variant: .sharpened),
        Self(engine: .zxingAddOn, variant: .upscaledSharpened), Self(engine: .zxingAddOn, variant: .enlargedBicubic),
        Self(engine: .zxingAddOn, variant: .mildlySharpened), Self(engine: .zxingAddOn, variant: .blurred),
    ]
}

/// The passes run on one image so far, each run at most once, and its variants, each made
/// at most once.
struct StillImagePasses {
    let image: GrayImage
    private var variants: [ImageVariant: GrayImage] = [:]
    private var results: [StillImagePass: [EngineReading]] = [:]

    /// Readings of passes run ahead of the strategy's asking, moved to `results` when it asks:
    /// until then they count for nothing (`hasWhiteOnBlackReading`, `retailReadings`), as if
    /// the passes had not run.
    private var setAside: [StillImagePass: [EngineReading]] = [:]

    init(image: GrayImage) { self.image = image }

    /// Images with at most this many pixels are escalated whatever the plain passes saw: a
    /// code in a small photo may have too few pixels a module for any plain pass to see a
    /// trace of it. On ../shared/eval/barcodes, the 19 photos Scry reads that show no trace to
    /// zbarimg nor to pip zxing-cpp with its failed readings have 7,738 to 129,600 pixels; the
    /// photos without a code, most of 230,400 or 307,200 pixels, took 0.7 s each before this
    /// gate, nearly all of it in the escalation and the turns (falsepositives-1/09.webp: 1.1 s
    /// before, 0.27 s with the three looks for a trace).
    static let largestUntracedEscalatedPixelCount = 200_000

    /// Whether the image may hold a code the plain passes did not read, so that escalating
    /// can pay: it is small (`largestUntracedEscalatedPixelCount`), or a plain pass read
    /// something (`plainReadings`, which the merge may have dropped as a disagreement), or
    /// zxing-cpp, asked for failed readings too, saw a symbol it could not decode on the image
    /// or a variant of it (`traceVariants`).
    mutating func mayHoldACode(readBefore plainReadings: [EngineReading], using detector: BarcodeDetector) -> Bool {
        if !needsTracesWhereNothingIsRead || !plainReadings.isEmpty { return true }
        prefetch(Self.tracePasses, using: detector)
        return Self.tracePasses.contains { !readings(of: $0, using: detector).isEmpty }
    }

    /// Whether the image is large enough that, where the plain passes read nothing, whether
    /// to escalate is decided by the looks for a trace (`mayHoldACode`).
    var needsTracesWhereNothingIsRead: Bool { image.width * image.height > Self.largestUntracedEscalatedPixelCount }

    /// The looks for a trace of a code: zxing-cpp, failed readings too, on `traceVariants`.
    static let tracePasses = traceVariants.map { StillImagePass(engine: .zxingTraces, variant: $0) }

    /// Where zxing-cpp looks for failed readings, in this order up to the first that shows
    /// one: a code of 2 px a module on a 1280x720 frame (scripts/make-barcode-frames) often
    /// shows none as it is, but does sharpened or enlarged 2x. On those 210 frames, looking at
    /// the image as it is alone lost 7 of the 154 codes read without the gate, the three looks
    /// 1. Of the photos without a code in ../shared/eval/barcodes, two still show a trace
    /// (falsepositives-2/14.webp sharpened, a Data Matrix failing its checksum, and
    /// falsepositives-2/17.webp) and are escalated; the others show none in any look. The look
    /// at the image enlarged 2x reads it dark on light alone
    /// (`BarcodeDetector.zxingTracesOnEnlarged`): on those frames and on the eval photos the
    /// same lines, and the photos without a code take a little less time
    /// (docs/barcode-benchmark.md).
    static let traceVariants: [ImageVariant] = [.original, .sharpened, .upscaled]

    /// The pass's readings where only its EAN/UPC readings matter (the vote): those of the
    /// pass itself when it has run, else those of its EAN/UPC-only twin
    /// (`StillImagePass.Engine.retailTwin`), which skips the matrix detectors. Either holds
    /// the same EAN/UPC readings: on ../shared/eval/barcodes every line scry writes is the
    /// same with the twins as with the passes themselves.
    mutating func retailReadings(of pass: StillImagePass, using detector: BarcodeDetector) -> [EngineReading] {
        if let known = results[pass] { return known }
        return readings(of: StillImagePass(engine: pass.engine.retailTwin, variant: pass.variant), using: detector)
    }

    /// Whether a pass run so far read a code of `symbologies` white on black.
    func hasWhiteOnBlackReading(among symbologies: Set<Symbology>) -> Bool {
        results.values.contains { $0.contains { $0.isWhiteOnBlack && symbologies.contains($0.symbology) } }
    }

    /// Runs those of `passes` not run yet at once, shared between the cores (`PassSharing`),
    /// making their variants first the same way; later `readings(of:)` of them cost nothing.
    /// One pass alone, or one core, is left to run when read.
    mutating func prefetch(_ passes: [StillImagePass], using detector: BarcodeDetector) {
        for pass in passes { if let ahead = setAside.removeValue(forKey: pass) { results[pass] = ahead } }
        run(passes, using: detector)
    }

    /// `pass` and `next` run at once, shared between the cores, where none of them has run
    /// yet and the cores are free to share (else nothing is run ahead): `pass`'s readings
    /// recorded, those of `next` set aside (`setAside`) until asked for.
    mutating func prefetch(_ pass: StillImagePass, settingAside next: [StillImagePass], using detector: BarcodeDetector) {
        let all = [pass] + next
        guard PassSharing.threads > 1, !detector.isSecondCore, !PassSharing.isSharing,
            all.allSatisfy({ results[$0] == nil && setAside[$0] == nil }), Set(all).count == all.count
        else { return }
        run(all, using: detector)
        for ahead in next { if let found = results.removeValue(forKey: ahead) { setAside[ahead] = found } }
    }

    /// Runs those of `passes` not run yet at once, shared between the cores, recording their
    /// readings in `results` (one pass alone, or one core: left to run when read).
    private mutating func run(_ passes: [StillImagePass], using detector: BarcodeDetector) {
        guard PassSharing.threads > 1, !detector.isSecondCore else { return }
        var missing: [StillImagePass] = []
        for pass in passes where results[pass] == nil && setAside[pass] == nil && !missing.contains(pass) { missing.append(pass) }
        guard missing.count > 1 else { return }
        // The dearest first (the order changes nothing but when each core is free), so that
        // neither core is left with a dear pass when the other has finished.
        missing.sort { $0.relativeCost > $1.relativeCost }
        let workers = [detector, detector.secondCore]
        var unmade: [ImageVariant] = []
        for pass in missing where variants[pass.variant] == nil && !unmade.contains(pass.variant) { unmade.append(pass.variant) }
        let source = image
        let made = PassSharing.map(unmade.count, workers: workers) { _, index in unmade[index].apply(to: source) }
        for (variant, variantImage) in zip(unmade, made) { variants[variant] = variantImage }
        let images = missing.map { variants[$0.variant] }
        let readings = PassSharing.map(missing.count, workers: workers) { worker, index in
            images[index].map { worker.read(missing[index], $0).map(missing[index].variant.mapToOriginal) } ?? []
        }
        for (pass, found) in zip(missing, readings) { results[pass] = found }
    }

    /// `prefetch` of the passes `retailReadings(of:)` would read for `passes`.
    mutating func prefetchRetail(_ passes: [StillImagePass], using detector: BarcodeDetector) {
        prefetch(passes.map { results[$0] == nil ? StillImagePass(engine: $0.engine.retailTwin, variant: $0.variant) : $0 }, using: detector)
    }

    /// The pass's readings in the original image's pixel space (empty when the variant does
    /// not apply to this image).
    mutating func readings(of pass: StillImagePass, using detector: BarcodeDetector) -> [EngineReading] {
        if let known = results[pass] { return known }
        if let ahead = setAside.removeValue(forKey: pass) {
            results[pass] = ahead
            return ahead
        }
        let variantImage: GrayImage?
        if let made = variants[pass.variant] {
            variantImage = made
        } else {
            variantImage = pass.variant.apply(to: image)
            variants[pass.variant] = variantImage
        }
        let readings = variantImage.map { detector.read(pass, $0).map(pass.variant.mapToOriginal) } ?? []
        results[pass] = readings
        return readings
    }
}
