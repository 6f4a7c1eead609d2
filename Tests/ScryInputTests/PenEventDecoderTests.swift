import ScryInput
import XCTest

/// The decoder fed the events a pen tablet sends (as the kernel's documentation of the
/// protocol shows them), without a device.
final class PenEventDecoderTests: XCTestCase {
    private var clock: Int64 = 1_000_000

    private func axis(_ code: UInt16, _ value: Int32) -> InputEvent {
        InputEvent(type: InputEvent.absolute, code: code, value: value, microseconds: clock)
    }

    private func button(_ code: UInt16, _ pressed: Bool) -> InputEvent {
        InputEvent(type: InputEvent.key, code: code, value: pressed ? 1 : 0, microseconds: clock)
    }

    private func report() -> InputEvent {
        defer { clock += 5000 }
        return InputEvent(type: InputEvent.synchronization, code: InputEvent.report, value: 0, microseconds: clock)
    }

    private func feed(_ decoder: inout PenEventDecoder, _ events: [InputEvent]) -> [PenSample] {
        events.flatMap { decoder.take($0) }
    }

    func testAStrokeFromHoverToContactToLift() {
        var decoder = PenEventDecoder()
        var samples: [PenSample] = []
        // Hovering: the pen is near, not touching.
        samples += feed(&decoder, [button(InputEvent.Button.toolPen, true), axis(InputEvent.Axis.x, 100), axis(InputEvent.Axis.y, 200), report()])
        XCTAssertEqual(samples, [])
        samples += feed(&decoder, [button(InputEvent.Button.touch, true), axis(InputEvent.Axis.x, 101), report()])
        samples += feed(&decoder, [axis(InputEvent.Axis.x, 120), axis(InputEvent.Axis.y, 210), report()])
        // A report with no change gives nothing.
        samples += feed(&decoder, [axis(InputEvent.Axis.pressure, 300), report()])
        samples += feed(&decoder, [axis(InputEvent.Axis.y, 230), report()])
        samples += feed(&decoder, [button(InputEvent.Button.touch, false), report()])
        samples += feed(&decoder, [axis(InputEvent.Axis.x, 400), report()])
        XCTAssertEqual(samples.map(\.phase), [.down, .move, .move, .up])
        XCTAssertEqual(samples.map(\.x), [101, 120, 120, 120])
        XCTAssertEqual(samples.map(\.y), [200, 210, 230, 230])
        XCTAssertEqual(samples.map(\.milliseconds), [1005, 1010, 1020, 1025])
    }

    func testNothingIsDrawnBeforeAReport() {
        var decoder = PenEventDecoder()
        XCTAssertEqual(feed(&decoder, [button(InputEvent.Button.touch, true), axis(InputEvent.Axis.x, 5), axis(InputEvent.Axis.y, 6)]), [])
        XCTAssertEqual(feed(&decoder, [report()]).map(\.phase), [.down])
    }

    func testContactBeforeAnyPositionWaitsForOne() {
        var decoder = PenEventDecoder()
        XCTAssertEqual(feed(&decoder, [button(InputEvent.Button.touch, true), report()]), [])
        let samples = feed(&decoder, [axis(InputEvent.Axis.x, 7), axis(InputEvent.Axis.y, 8), report()])
        XCTAssertEqual(samples, [PenSample(phase: .down, x: 7, y: 8, milliseconds: 1005)])
    }

    func testTwoStrokes() {
        var decoder = PenEventDecoder()
        var phases: [PenSample.Phase] = []
        for stroke in 0..<2 {
            let start = Int32(stroke * 1000)
            phases += feed(&decoder, [button(InputEvent.Button.touch, true), axis(InputEvent.Axis.x, start), axis(InputEvent.Axis.y, 0), report()]).map(\.phase)
            for step in 1...3 { phases += feed(&decoder, [axis(InputEvent.Axis.x, start + Int32(step)), report()]).map(\.phase) }
            phases += feed(&decoder, [button(InputEvent.Button.touch, false), report()]).map(\.phase)
        }
        XCTAssertEqual(phases, [.down, .move, .move, .move, .up, .down, .move, .move, .move, .up])
    }
}
