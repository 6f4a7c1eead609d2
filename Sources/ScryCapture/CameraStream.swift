internal import CV4L2
import Glibc
import ScryCore
import SystemPackage

/// How a camera was set up for streaming.
public struct StreamConfiguration: Sendable, Equatable {
    public var path: String
    public var capabilities: DeviceCapabilities
    /// The format frames arrive in (after libv4lconvert, when `isEmulated`).
    public var pixelFormat: PixelFormat
    /// True when libv4lconvert produces `pixelFormat` from another format (e.g. MJPEG).
    public var isEmulated: Bool
    public var size: ImageSize
    public var bytesPerLine: Int
    /// The rate asked for (`--fps`).
    public var requestedRate: Int
    /// The highest rate the camera lists for the format at the size; nil when it lists none.
    public var highestListedRate: Double?
    /// False when no format reaches `requestedRate` at the size and this, the fastest, was
    /// taken instead.
    public var reachesRequestedRate: Bool
    /// The frame interval the driver set (VIDIOC_S_PARM) or reports (VIDIOC_G_PARM); nil when
    /// it says nothing of its rate.
    public var frameInterval: FrameInterval?
}

/// A camera streaming at one exact size into memory-mapped buffers.
///
/// `next(timeoutMilliseconds:)` dequeues a filled buffer, copies the frame out and requeues
/// the buffer at once, so the driver never runs short while detectors are busy. `stop()`
/// turns the stream off, unmaps and releases the buffers and closes the device; it runs on
/// release too. One thread uses a stream at a time.
public final class CameraStream {
    public let configuration: StreamConfiguration
    private let device: VideoDevice
    private var buffers: [UnsafeMutableRawBufferPointer] = []
    private var streaming = false
    private var numbering = FrameNumbering()

    /// Opens `path`, checks it captures video, chooses the format at exactly `size` that
    /// reaches `framesPerSecond` (see `CaptureFormatNegotiation`; `format` forces one), asks
    /// the driver for that rate, maps `bufferCount` buffers and starts streaming.
    public init(
        path: String, size: ImageSize, framesPerSecond: Int = 30, format forced: PixelFormat? = nil,
        bufferCount: Int = 4
    ) throws(CaptureError) {
        device = try VideoDevice(path: path)
        let capabilities = device.capabilities
        guard capabilities.canCaptureVideo else {
            throw .notACaptureDevice(path, card: capabilities.card)
        }
        let offers = try device.formatOffers(at: size)
        let choice: CaptureFormatChoice
        switch CaptureFormatNegotiation.choose(from: offers, size: size, framesPerSecond: framesPerSecond, forcing: forced) {
        case .success(let chosen): choice = chosen
        case .failure(let mismatch): throw .unsuitableFormat(path, mismatch)
        }
        let pixelFormat = choice.pixelFormat

        var format = v4l2_format()
        format.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        format.fmt.pix.width = UInt32(size.width)
        format.fmt.pix.height = UInt32(size.height)
        format.fmt.pix.pixelformat = pixelFormat.rawValue
        format.fmt.pix.field = V4L2_FIELD_NONE.rawValue
        try device.ioctl(SCRY_VIDIOC_S_FMT, "VIDIOC_S_FMT", &format)
        let got = PixelFormat(rawValue: format.fmt.pix.pixelformat)
        guard Int(format.fmt.pix.width) == size.width, Int(format.fmt.pix.height) == size.height,
            got == pixelFormat
        else {
            throw .formatRefused(
                path, requested: "\(size.width)x\(size.height) \(pixelFormat)",
                got: "\(format.fmt.pix.width)x\(format.fmt.pix.height) \(got)")
        }
        // A compressed format (MJPEG) has no line length: its frames vary in size.
        let bytesPerLine = pixelFormat.minimumBytesPerLine(width: size.width).map { max(Int(format.fmt.pix.bytesperline), $0) } ?? 0
        // The rate belongs to the format: set after it, before the buffers.
        let frameInterval = device.setFrameRate(framesPerSecond)

        var request = v4l2_requestbuffers()
        request.count = UInt32(bufferCount)
        request.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        request.memory = V4L2_MEMORY_MMAP.rawValue
        try device.ioctl(SCRY_VIDIOC_REQBUFS, "VIDIOC_REQBUFS", &request)
        guard request.count >= 2 else {
            throw .system(path, operation: "VIDIOC_REQBUFS (\(request.count) buffers)", .noMemory)
        }
        configuration = StreamConfiguration(
            path: path, capabilities: capabilities, pixelFormat: pixelFormat,
            isEmulated: choice.isEmulated, size: size, bytesPerLine: bytesPerLine,
            requestedRate: framesPerSecond, highestListedRate: choice.highestRate,
            reachesRequestedRate: choice.reachesRequestedRate, frameInterval: frameInterval)
        do {
            for index in 0..<request.count {
                var buffer = Self.mmapBuffer(index: index)
                try device.ioctl(SCRY_VIDIOC_QUERYBUF, "VIDIOC_QUERYBUF", &buffer)
                guard let start = scry_v4l2_mmap_shared(device.fd, Int(buffer.length), Int64(buffer.m.offset)),
                    scry_map_failed(start) == 0
                else {
                    throw CaptureError.system(path, operation: "mmap", Errno(rawValue: errno))
                }
                buffers.append(UnsafeMutableRawBufferPointer(start: start, count: Int(buffer.length)))
                try device.ioctl(SCRY_VIDIOC_QBUF, "VIDIOC_QBUF", &buffer)
            }
            var type = Int32(V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue)
            try device.ioctl(SCRY_VIDIOC_STREAMON, "VIDIOC_STREAMON", &type)
            streaming = true
        } catch {
            stop()
            throw error as! CaptureError
        }
    }

    deinit { stop() }

    /// Waits up to `timeoutMilliseconds` for the next frame. Returns nil on timeout (so the
    /// caller can check whether to stop); throws `.disconnected` when the camera is gone.
    /// The frame's timestamp is the driver's, in CLOCK_MONOTONIC nanoseconds;
    /// `ageNanoseconds` is how long ago that was.
    public func next(timeoutMilliseconds: Int32) throws(CaptureError) -> (frame: Frame, ageNanoseconds: UInt64)? {
        let path = configuration.path
        var poller = pollfd(fd: device.fd, events: Int16(POLLIN), revents: 0)
        let ready = poll(&poller, 1, timeoutMilliseconds)
        if ready < 0 {
            let error = Errno(rawValue: errno)
            if error == .interrupted { return nil }
            throw classify(error, operation: "poll", path: path)
        }
        if ready == 0 { return nil }
        if poller.revents & Int16(POLLIN) == 0, poller.revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 {
            // No frame and an error condition: the queue is dead (vivid's disconnect, USB unplug).
            var buffer = Self.mmapBuffer(index: 0)
            do { try device.ioctl(SCRY_VIDIOC_DQBUF, "VIDIOC_DQBUF", &buffer) } catch {
                throw Self.asDisconnect(error, path: path)
            }
            throw .disconnected(path, .ioError)
        }
        var buffer = Self.mmapBuffer(index: 0)
        do { try device.ioctl(SCRY_VIDIOC_DQBUF, "VIDIOC_DQBUF", &buffer) } catch {
            if case .system(_, _, .resourceTemporarilyUnavailable) = error { return nil }
            throw Self.asDisconnect(error, path: path)
        }
        let now = MonotonicClock.nanoseconds()
        // A buffer index the driver made up would index past the mapped buffers.
        guard Int(buffer.index) < buffers.count else {
            throw .system(path, operation: "VIDIOC_DQBUF (buffer \(buffer.index) of \(buffers.count))", .ioError)
        }
        let mapped = buffers[Int(buffer.index)]
        var used = min(Int(buffer.bytesused == 0 ? buffer.length : buffer.bytesused), mapped.count)
        // A driver that leaves bytesused 0 or reports the whole buffer for an MJPEG frame is
        // corrected by the JPEG's own end marker (undecodable bytes are kept as they came).
        if configuration.pixelFormat == .mjpeg, buffer.bytesused == 0 || Int(buffer.bytesused) >= Int(buffer.length),
            let end = JPEGExtent.length(of: UnsafeRawBufferPointer(rebasing: mapped[0..<used]))
        {
            used = end
        }
        let payload = [UInt8](UnsafeRawBufferPointer(rebasing: mapped[0..<used]))
        let flags = buffer.flags
        // The driver's numbers are not trusted: a timestamp that overflows, is zero, is not
        // monotonic or lies in the future is replaced by the time of dequeueing.
        let (seconds, secondsOverflow) = UInt64(max(0, buffer.timestamp.tv_sec)).multipliedReportingOverflow(by: 1_000_000_000)
        let (timestampSum, sumOverflow) = seconds.addingReportingOverflow(UInt64(min(max(0, buffer.timestamp.tv_usec), 999_999)) * 1_000)
        var timestamp = secondsOverflow || sumOverflow ? 0 : timestampSum
        let monotonic =
            flags & UInt32(V4L2_BUF_FLAG_TIMESTAMP_MASK) == UInt32(V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC)
        if !monotonic || timestamp == 0 || timestamp > now { timestamp = now }
        try device.ioctl(SCRY_VIDIOC_QBUF, "VIDIOC_QBUF", &buffer)
        let frame = Frame(
            sequence: numbering.number(driverSequence: buffer.sequence), timestampNanoseconds: timestamp,
            pixelFormat: configuration.pixelFormat, width: configuration.size.width,
            height: configuration.size.height, bytesPerLine: configuration.bytesPerLine,
            payload: payload)
        return (frame, now - timestamp)
    }

    /// Stream off, buffers unmapped and released, device closed. Safe to call twice; errors
    /// are ignored, as the device may already be gone.
    public func stop() {
        guard device.fd >= 0 else { return }
        if streaming {
            var type = Int32(V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue)
            try? device.ioctl(SCRY_VIDIOC_STREAMOFF, "VIDIOC_STREAMOFF", &type)
            streaming = false
        }
        for buffer in buffers { _ = scry_v4l2_munmap(buffer.baseAddress, buffer.count) }
        buffers = []
        var release = v4l2_requestbuffers()
        release.count = 0
        release.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        release.memory = V4L2_MEMORY_MMAP.rawValue
        try? device.ioctl(SCRY_VIDIOC_REQBUFS, "VIDIOC_REQBUFS", &release)
        device.close()
    }

    private static func mmapBuffer(index: UInt32) -> v4l2_buffer {
        var buffer = v4l2_buffer()
        buffer.index = index
        buffer.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        buffer.memory = V4L2_MEMORY_MMAP.rawValue
        return buffer
    }

    /// A failed dequeue on a stream that was running means the camera is gone.
    private static func asDisconnect(_ error: CaptureError, path: String) -> CaptureError {
        switch error {
        case .system(_, _, let errno) where errno == .ioError || errno == .operationNotSupportedByDevice:
            return .disconnected(path, errno)
        default:
            return error
        }
    }
}
