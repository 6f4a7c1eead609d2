import Foundation
import ScryCore

/// What a browser may send the view over its WebSocket, one JSON object a message:
/// - `{"shown": N}`: frame N is on screen now (the view measures how far behind capture);
/// - `{"follow": [x, y, width, height]}`: follow the object in that box (upright frame
///   pixels, origin top-left);
/// - `{"unfollow": TRACK}`: stop following that track.
/// Anything else is malformed: logged once on stderr and ignored.
enum BrowserMessage: Equatable {
    case shown(frame: UInt64)
    case follow(PixelRect)
    case unfollow(track: Int)

    /// The longest message the view reads; a longer one closes the browser's connection.
    static let maximumBytes = 4096
    /// The longest WebSocket frame the server's decoder takes: a longer one closes the
    /// connection there (status 1009) before the view sees it. Between the two, the view reads
    /// the message, says it was too long and closes the connection itself.
    static let maximumFrameBytes = 65_536

    private struct Fields: Decodable {
        var shown: UInt64?
        var follow: [Double]?
        var unfollow: Int?
    }

    init?(_ text: String) {
        guard text.utf8.count <= Self.maximumBytes, let fields = try? JSONDecoder().decode(Fields.self, from: Data(text.utf8))
        else { return nil }
        switch (fields.shown, fields.follow, fields.unfollow) {
        case (let frame?, nil, nil):
            self = .shown(frame: frame)
        case (nil, let box?, nil):
            guard box.count == 4, box.allSatisfy({ $0.isFinite && abs($0) < 1e6 }), box[2] > 0, box[3] > 0 else { return nil }
            self = .follow(PixelRect(x: box[0], y: box[1], width: box[2], height: box[3]))
        case (nil, nil, let track?):
            guard track >= 0 else { return nil }
            self = .unfollow(track: track)
        default:
            return nil
        }
    }
}
