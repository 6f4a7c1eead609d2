internal import CTurboJPEG
import ScryCore

/// JPEG decoding and encoding through libjpeg-turbo's TurboJPEG API: gray straight from the
/// luma component (no colour conversion), the Y'CbCr planes as they are for colour, and
/// encoding for dumps made from images. Any warning (a truncated or damaged stream that
/// libjpeg would fill in) is an error: such a frame is skipped, not guessed at.
///
/// Its handles belong to one thread: make one per thread.
public final class JPEGCodec {
    /// Replaced after every failed decompression (`decompressionFailed`).
    private var decompressor: tjhandle
    private let compressor: tjhandle

    public init() throws(JPEGError) {
        guard let decompressor = tjInitDecompress() else { throw .codecFailure("tjInitDecompress failed") }
        guard let compressor = tjInitCompress() else {
            tjDestroy(decompressor)
            throw .codecFailure("tjInitCompress failed")
        }
        self.decompressor = decompressor
        self.compressor = compressor
    }

    deinit {
        tjDestroy(decompressor)
        tjDestroy(compressor)
    }

    /// The error for the decompression that just failed, with its message, after which the
    /// decompressor is replaced by a new one: libjpeg-turbo leaves a handle that met a fatal
    /// error (a JPEG declaring 12-bit samples, a lossless or a 0x0 one) refusing every later
    /// JPEG, and one such frame would blind the rest of a recording or a camera session.
    private func decompressionFailed() -> JPEGError {
        let error = JPEGError.undecodable(message(decompressor))
        if let fresh = tjInitDecompress() {
            tjDestroy(decompressor)
            decompressor = fresh
        }
        return error
    }

    /// The size the JPEG in `bytes` declares, and its chroma subsampling (TurboJPEG's TJSAMP).
    private func header(_ bytes: [UInt8]) throws(JPEGError) -> (size: ImageSize, subsampling: Int32) {
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colourspace: Int32 = 0
        let status = bytes.withUnsafeBufferPointer {
            tjDecompressHeader3(decompressor, $0.baseAddress, UInt(bytes.count), &width, &height, &subsampling, &colourspace)
        }
        guard status == 0, width > 0, height > 0 else { throw decompressionFailed() }
        return (ImageSize(width: Int(width), height: Int(height)), subsampling)
    }

    /// The JPEG's gray image (its luma component), checked to be `expected` in size when given.
    public func decodeGray(_ bytes: [UInt8], expected: ImageSize? = nil) throws(JPEGError) -> GrayImage {
        guard !bytes.isEmpty else { throw .undecodable("no data") }
        let (size, _) = try header(bytes)
        if let expected, expected != size { throw .sizeMismatch(expected: expected, actual: size) }
        var status: Int32 = 0
        // Not zero-filled first: on success TurboJPEG has written every pixel, and on failure
        // the array is thrown away.
        let pixels = [UInt8](unsafeUninitializedCapacity: size.width * size.height) { target, count in
            status = bytes.withUnsafeBufferPointer { source in
                tjDecompress2(
                    decompressor, source.baseAddress, UInt(bytes.count), target.baseAddress, Int32(size.width), 0,
                    Int32(size.height), Int32(TJPF_GRAY.rawValue), TJFLAG_STOPONWARNING)
            }
            count = target.count
        }
        guard status == 0 else { throw decompressionFailed() }
        return GrayImage(width: size.width, height: size.height, pixels: pixels)
    }

    /// The JPEG as a YU12 frame payload (full-size Y plane, then U and V at half width and half
    /// height): its own planes, with chroma averaged down to 4:2:0 when the JPEG holds more
    /// (4:2:2, 4:4:4), or neutral for a gray JPEG. Checked to be `expected` in size when given.
    public func decodeYU12(_ bytes: [UInt8], expected: ImageSize? = nil) throws(JPEGError) -> (size: ImageSize, payload: [UInt8]) {
        guard !bytes.isEmpty else { throw .undecodable("no data") }
        let (size, subsampling) = try header(bytes)
        if let expected, expected != size { throw .sizeMismatch(expected: expected, actual: size) }
        let (width, height) = (Int32(size.width), Int32(size.height))
        let chromaWidth = (size.width + 1) / 2, chromaHeight = (size.height + 1) / 2
        var payload = [UInt8](repeating: 128, count: size.width * size.height + 2 * chromaWidth * chromaHeight)
        if subsampling == Int32(TJSAMP_GRAY.rawValue) {
            let luma = try decodeGray(bytes)
            payload.replaceSubrange(0..<luma.pixels.count, with: luma.pixels)
            return (size, payload)
        }
        // The JPEG's own planes, then chroma reduced to 4:2:0.
        let planeWidth = (0..<3).map { Int(tjPlaneWidth($0, width, subsampling)) }
        let planeHeight = (0..<3).map { Int(tjPlaneHeight($0, height, subsampling)) }
        guard planeWidth.allSatisfy({ $0 > 0 }), planeHeight.allSatisfy({ $0 > 0 }) else {
            throw .undecodable("unsupported chroma subsampling \(subsampling)")
        }
        var yPlane = [UInt8](repeating: 0, count: planeWidth[0] * planeHeight[0])
        var uPlane = [UInt8](repeating: 0, count: planeWidth[1] * planeHeight[1])
        var vPlane = [UInt8](repeating: 0, count: planeWidth[2] * planeHeight[2])
        var strides = planeWidth.map { Int32($0) }
        let status = yPlane.withUnsafeMutableBufferPointer { y in
            uPlane.withUnsafeMutableBufferPointer { u in
                vPlane.withUnsafeMutableBufferPointer { v in
                    var pointers: [UnsafeMutablePointer<UInt8>?] = [y.baseAddress, u.baseAddress, v.baseAddress]
                    return bytes.withUnsafeBufferPointer { source in
                        tjDecompressToYUVPlanes(
                            decompressor, source.baseAddress, UInt(bytes.count), &pointers, width, &strides, height,
                            TJFLAG_STOPONWARNING)
                    }
                }
            }
        }
        guard status == 0 else { throw decompressionFailed() }
        let planes = [yPlane, uPlane, vPlane]
        payload.replaceSubrange(0..<(size.width * size.height), with: yPlane)
        for plane in 1...2 {
            let offset = size.width * size.height + (plane - 1) * chromaWidth * chromaHeight
            // A 4:2:0 JPEG (what webcams and `dump create` make) has the planes YU12 wants.
            if planeWidth[plane] == chromaWidth && planeHeight[plane] == chromaHeight {
                payload.replaceSubrange(offset..<(offset + chromaWidth * chromaHeight), with: planes[plane])
                continue
            }
            // Each 4:2:0 sample covers a 2x2 block of pixels: the JPEG's samples over it, averaged.
            let (width, height) = (planeWidth[plane], planeHeight[plane])
            let xRatio = Double(width) / Double(size.width), yRatio = Double(height) / Double(size.height)
            let columns = (0..<chromaWidth).map { cx in
                let x0 = min(width - 1, Int(Double(2 * cx) * xRatio))
                return (x0, min(width - 1, max(x0, Int(Double(2 * cx + 1) * xRatio))))
            }
            planes[plane].withUnsafeBufferPointer { source in
                payload.withUnsafeMutableBufferPointer { target in
                    for cy in 0..<chromaHeight {
                        let y0 = min(height - 1, Int(Double(2 * cy) * yRatio))
                        let y1 = min(height - 1, max(y0, Int(Double(2 * cy + 1) * yRatio)))
                        let (row0, row1) = (y0 * width, y1 * width)
                        let out = offset + cy * chromaWidth
                        for (cx, (x0, x1)) in columns.enumerated() {
                            let sum = Int(source[row0 + x0]) + Int(source[row0 + x1]) + Int(source[row1 + x0]) + Int(source[row1 + x1])
                            target[out + cx] = UInt8((sum + 2) / 4)
                        }
                    }
                }
            }
        }
        return (size, payload)
    }

    /// `image` as a gray JPEG of `quality` (1...100).
    public func encode(_ image: GrayImage, quality: Int = 90) throws(JPEGError) -> [UInt8] {
        try compress(image.pixels, width: image.width, height: image.height, format: TJPF_GRAY, subsampling: TJSAMP_GRAY, quality: quality)
    }

    /// `image` as a colour JPEG of `quality` (1...100), chroma 4:2:0 as webcams send it.
    public func encode(_ image: ColourImage, quality: Int = 90) throws(JPEGError) -> [UInt8] {
        try compress(image.pixels, width: image.width, height: image.height, format: TJPF_RGB, subsampling: TJSAMP_420, quality: quality)
    }

    private func compress(
        _ pixels: [UInt8], width: Int, height: Int, format: TJPF, subsampling: TJSAMP, quality: Int
    ) throws(JPEGError) -> [UInt8] {
        precondition((1...100).contains(quality), "JPEG quality is 1...100")
        var output: UnsafeMutablePointer<UInt8>?
        var length: UInt = 0
        let status = pixels.withUnsafeBufferPointer { source in
            tjCompress2(
                compressor, source.baseAddress, Int32(width), 0, Int32(height), Int32(format.rawValue), &output, &length,
                Int32(subsampling.rawValue), Int32(quality), 0)
        }
        defer { if output != nil { tjFree(output) } }
        guard status == 0, let output else { throw .codecFailure(message(compressor)) }
        return Array(UnsafeBufferPointer(start: output, count: Int(length)))
    }

    /// TurboJPEG's text for the handle's last error.
    private func message(_ handle: tjhandle) -> String {
        tjGetErrorStr2(handle).map { String(cString: $0) } ?? "unknown error"
    }
}
