// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Scry",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "scry", targets: ["scry"]),
        // For the libFuzzer package in Fuzz/ (scripts/fuzz), which builds these entry points.
        .library(name: "ScryFuzzing", targets: ["ScryFuzzing"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-system", from: "1.4.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.80.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
    ],
    targets: [
        // C libraries: one module each, imported only by its own Swift wrapper.
        .systemLibrary(
            name: "CZBar", pkgConfig: "zbar", providers: [.apt(["libzbar-dev"])]),
        .systemLibrary(
            name: "CZXing", pkgConfig: "zxing",
            providers: [.apt(["cmake", "ninja-build"])]),
        // Opened at run time (the headers only here): see Sources/CTesseract/shim.h.
        .systemLibrary(name: "CTesseract"),
        .systemLibrary(
            name: "CLeptonica", pkgConfig: "lept", providers: [.apt(["libleptonica-dev"])]),
        // OpenVINO's C API headers (scripts/install-deps); the library is opened at run time.
        .systemLibrary(name: "COpenVINO", pkgConfig: "scry-openvino"),
        .systemLibrary(
            name: "CV4L2", pkgConfig: "libv4l2", providers: [.apt(["libv4l-dev"])]),
        .systemLibrary(
            name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(
            name: "CZinnia", pkgConfig: "zinnia", providers: [.apt(["libzinnia-dev"])]),
        .systemLibrary(
            name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        // libharu has no pkg-config file: its module map links -lhpdf.
        .systemLibrary(name: "CHaru", providers: [.apt(["libhpdf-dev"])]),
        .systemLibrary(
            name: "CEvdev", pkgConfig: "libevdev", providers: [.apt(["libevdev-dev"])]),
        // Document geometry on OpenCV 4.6's imgproc (Debian's libopencv-imgproc-dev): a small
        // C++ target behind a plain C header (quadrilaterals found, a quadrilateral flattened).
        .target(
            name: "CDocumentGeometry",
            cxxSettings: [.unsafeFlags(["-I/usr/include/opencv4", "-O2"])],
            linkerSettings: [.linkedLibrary("opencv_imgproc"), .linkedLibrary("opencv_core")]),
        // Linear barcodes seen, read or not, on OpenCV 4.6's barcode detector (Debian's
        // libopencv-contrib-dev): a small C++ target behind a plain C header.
        .target(
            name: "CBarcodeSighting",
            cxxSettings: [.unsafeFlags(["-I/usr/include/opencv4", "-O2"])],
            linkerSettings: [.linkedLibrary("opencv_barcode"), .linkedLibrary("opencv_core")]),
        // Image registration on OpenCV 4.6's features2d, calib3d and video (Debian's
        // libopencv-features2d-dev, -calib3d-dev, -video-dev): a small C++ target behind a plain
        // C header (two images aligned; a camera's motion followed frame to frame).
        .target(
            name: "CMotion",
            cxxSettings: [.unsafeFlags(["-I/usr/include/opencv4", "-O2"])],
            linkerSettings: [
                .linkedLibrary("opencv_video"), .linkedLibrary("opencv_calib3d"), .linkedLibrary("opencv_features2d"),
                .linkedLibrary("opencv_flann"), .linkedLibrary("opencv_imgproc"), .linkedLibrary("opencv_core"),
            ]),

        // Pure Swift: frames, pixel formats, geometry and coordinate spaces, orientation,
        // observations and their JSON lines, the detector and tracking protocols, workers.
        // Optimized in debug builds too: its per-pixel loops (YUYV to gray) run on every
        // 1280x720 frame and must keep up with 30 fps when the tests stream.
        .target(
            name: "ScryCore",
            dependencies: [.product(name: "SystemPackage", package: "swift-system")],
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        // Frame dumps: the recording format, its reader and writer (docs/frame-dump.md).
        // Optimized in debug builds too: a CRC-32 over every frame's payload.
        .target(
            name: "ScryDumps",
            dependencies: ["ScryCore", .product(name: "SystemPackage", package: "swift-system")],
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),

        // Wrappers, one per C library.
        .target(name: "ScryBarcode", dependencies: ["ScryCore", "ScrySharpness", "CZBar", "CZXing"]),
        .target(name: "ScryText", dependencies: ["ScryCore", "ScryImageIO", "CTesseract"]),
        .target(name: "ScryNeural", dependencies: ["COpenVINO"]),
        // libjpeg-turbo: a camera's MJPG frames decoded to gray or Y'CbCr, JPEG dumps made.
        .target(name: "ScryJPEG", dependencies: ["ScryCore", "CTurboJPEG"]),
        // PP-OCR text detection and recognition on ScryNeural. Optimized in debug builds too:
        // its per-pixel loops (model inputs, the detector's map, line crops) run on every image.
        .target(
            name: "ScryNeuralText", dependencies: ["ScryCore", "ScryNeural"],
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        // Faces (MediaPipe's BlazeFace) on ScryNeural. Optimized in debug builds too: it reduces
        // every frame to colour tiles pixel by pixel.
        .target(
            name: "ScryFaces", dependencies: ["ScryCore", "ScryNeural"],
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        // Rectangles (Vision's VNDetectRectanglesRequest) and flattened pages, on CDocumentGeometry.
        .target(
            name: "ScryDocuments",
            dependencies: ["ScryCore", "ScryMotion", "CDocumentGeometry", "CHaru", .product(name: "SystemPackage", package: "swift-system")]),
        // Image registration (Vision's VNHomographicImageRegistrationRequest) and the camera's
        // motion frame to frame, a lane of its own, on CMotion.
        .target(name: "ScryMotion", dependencies: ["ScryCore", "CMotion"]),
        // How sharp a frame is (the variance of its Laplacian), a lane of its own. Optimized
        // in debug builds too: it visits every pixel of every frame.
        .target(
            name: "ScrySharpness", dependencies: ["ScryCore"],
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        // Guidance for the person holding the camera (VisionKit's isGuidanceEnabled): "move
        // closer", "hold still", "more light", "glare", a lane of its own. Optimized in debug
        // builds too: it visits the pixels of every frame.
        .target(
            name: "ScryGuidance", dependencies: ["ScryCore", "ScrySharpness", "CBarcodeSighting"],
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        // Digital ink (ML Kit's Ink): reading it, and recognizers over its strokes (shapes in
        // geometry; Japanese and Chinese characters with zinnia and tegaki's models; Latin
        // words drawn and read by PP-OCR's line recognizer, ranked with a word list; Arabic
        // words read by tesseract). Optimized in debug builds too: it draws every ink pixel by
        // pixel.
        .target(
            name: "ScryInk",
            dependencies: ["ScryCore", "ScryImageIO", "ScryNeuralText", "ScryText", "ScryInput", "ScryLexicon", "CZinnia"],
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        // Pens and touch screens: the kernel's input events through libevdev, decoded into
        // pen samples.
        .target(
            name: "ScryInput",
            dependencies: ["ScryCore", "CEvdev", .product(name: "SystemPackage", package: "swift-system")]),
        .target(
            name: "ScryCapture",
            dependencies: [
                "ScryCore", "CV4L2", .product(name: "SystemPackage", package: "swift-system"),
            ]),
        .target(
            name: "ScryImageIO",
            dependencies: [
                "ScryCore", "CLeptonica", "CFreeType", .product(name: "SystemPackage", package: "swift-system"),
            ]),

        // Words: WordNet's lemmas and definitions, wordfreq's frequencies, FreeDict's
        // translations, as Debian and scripts/install-deps put them.
        .target(name: "ScryLexicon", dependencies: ["ScryCore"]),
        // Vocabulary notebooks in SQLite, through GRDB (which brings its own SQLite module).
        .target(
            name: "ScryNotebook",
            dependencies: ["ScryCore", "ScryLexicon", .product(name: "GRDB", package: "GRDB.swift")]),

        // The engine: frame sources (dumps, image files through ScryImageIO, memory), detector
        // lanes, the run loop, sinks. Detectors come in through ScryCore's `Detector` protocol.
        .target(
            name: "ScryPipeline",
            dependencies: ["ScryCore", "ScryDumps", "ScryImageIO", .product(name: "SystemPackage", package: "swift-system")]),

        // The live view (--view): an HTTP and WebSocket server on Hummingbird 2 showing the
        // frames and every lane's detections in a browser, and taking boxes to follow.
        .target(
            name: "ScryView",
            dependencies: [
                "ScryCore", "ScryPipeline", "ScryJPEG", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"), .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]),

        .executableTarget(
            name: "scry",
            dependencies: [
                "ScryCore", "ScryDumps", "ScryPipeline", "ScryBarcode", "ScryText", "ScryNeural", "ScryNeuralText", "ScryFaces",
                "ScryImageIO", "ScryCapture", "ScryNotebook", "ScryLexicon", "ScryJPEG", "ScryDocuments", "ScryInk", "ScryInput",
                "ScrySharpness", "ScryGuidance", "ScryMotion", "ScryView", .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]),

        // Entry points that take arbitrary bytes, for fuzzing and for the corpus regression test.
        .target(
            name: "ScryFuzzing",
            dependencies: [
                "ScryCore", "ScryDumps", "ScryImageIO", "ScryBarcode", "ScryNotebook", .product(name: "SystemPackage", package: "swift-system"),
            ]),

        // Helpers shared by the test targets: running tools, temporary files, sample paths.
        .target(name: "ScryTestSupport", dependencies: ["ScryCore"], path: "Tests/ScryTestSupport"),
        .testTarget(name: "ScryCoreTests", dependencies: ["ScryCore", "ScryTestSupport"]),
        .testTarget(name: "ScryDumpsTests", dependencies: ["ScryDumps", "ScryTestSupport"]),
        .testTarget(
            name: "ScryBarcodeTests", dependencies: ["ScryBarcode", "ScryImageIO", "ScryTestSupport"],
            // Damaged codes photographed by scripts/hunt-wrong-reads, read wrong by zxing-cpp.
            exclude: ["Fixtures"]),
        .testTarget(name: "ScryTextTests", dependencies: ["ScryText", "ScryDumps", "ScryImageIO", "ScryTestSupport"]),
        .testTarget(name: "ScryNeuralTests", dependencies: ["ScryNeural", "ScryTestSupport"]),
        .testTarget(
            name: "ScryNeuralTextTests", dependencies: [
                "ScryNeuralText", "ScryNeural", "ScryDumps", "ScryImageIO", "ScryTestSupport",
                .product(name: "SystemPackage", package: "swift-system"),
            ]),
        .testTarget(
            name: "ScryFacesTests", dependencies: ["ScryFaces", "ScryNeural", "ScryImageIO", "ScryTestSupport"]),
        .testTarget(name: "ScryJPEGTests", dependencies: ["ScryJPEG", "ScryImageIO", "ScryTestSupport"]),
        .testTarget(name: "ScryImageIOTests", dependencies: ["ScryImageIO", "ScryDumps", "ScryTestSupport"]),
        .testTarget(name: "ScryLexiconTests", dependencies: ["ScryLexicon", "ScryTestSupport"]),
        .testTarget(
            name: "ScryNotebookTests",
            dependencies: ["ScryNotebook", "ScryLexicon", "ScryTestSupport", .product(name: "GRDB", package: "GRDB.swift")],
            // A database made by scry's previous schema (version 1), migrated by the tests.
            exclude: ["Fixtures"]),
        .testTarget(name: "ScryFuzzingTests", dependencies: ["ScryFuzzing", "ScryTestSupport"]),
        .testTarget(name: "ScryPipelineTests", dependencies: ["ScryPipeline", "ScryDumps", "ScryImageIO", "ScryTestSupport"]),
        .testTarget(
            name: "ScryInkTests", dependencies: ["ScryInk", "ScryImageIO", "ScryNeuralText", "ScryInput", "ScryLexicon", "ScryTestSupport"],
            exclude: ["Fixtures"]),
        .testTarget(name: "ScrySharpnessTests", dependencies: ["ScrySharpness", "ScryDumps", "ScryImageIO", "ScryTestSupport"]),
        .testTarget(
            name: "ScryGuidanceTests",
            dependencies: ["ScryGuidance", "ScryImageIO", "ScrySharpness", "ScryTestSupport", .product(name: "SystemPackage", package: "swift-system")]),
        .testTarget(name: "ScryMotionTests", dependencies: ["ScryMotion", "ScryImageIO", "ScryTestSupport"]),
        .testTarget(name: "ScryDocumentsTests", dependencies: ["ScryDocuments", "ScryImageIO", "ScryTestSupport"]),
        .testTarget(name: "ScryCaptureTests", dependencies: ["ScryCapture", "ScryTestSupport"]),
        .testTarget(name: "ScryViewTests", dependencies: ["ScryView", "ScryPipeline", "ScryTestSupport"]),
        .testTarget(name: "ScryInputTests", dependencies: ["ScryInput", "ScryTestSupport"]),
        .testTarget(
            name: "ScryEndToEndTests",
            dependencies: [
                "scry", "ScryCore", "ScryDumps", "ScryImageIO", "ScryBarcode", "ScryText", "ScryFaces", "ScryNotebook", "ScryCapture",
                "ScryPipeline", "ScryDocuments", "ScryInk", "ScryInput", "ScrySharpness", "ScryGuidance", "ScryMotion", "ScryTestSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]),
    ]
)
