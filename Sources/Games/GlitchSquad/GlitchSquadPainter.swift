import Drawing
import Foundation
import GameKit
import Vocabulary

/// Draws Glitch Squad in the Liquid Glass look: gradients, frosted glass cards over a real
/// blur of the room behind them (cached: the rooms do not change), rounded bold Quicksand.
/// Never changes the world.
final class GlitchSquadPainter: GamePainter {
    /// The rounded bold face of every word (fonts-quicksand), through Pango.
    static let fontFamily = "Quicksand"

    private struct CacheKey: Equatable {
        var width: Int
        var height: Int
        var clean: Bool
    }

    private struct CachedRoom {
        var key: CacheKey
        var room: GlitchSquadRoom
    }

    /// Pixel's and the fruit's skins.
    let skins: GlitchSquadSkins
    private var base: CachedRoom?
    private var kitchen: CachedRoom?

    /// A painter drawing Pixel and the fruit in `skins` (by default the built-in look).
    init(skins: GlitchSquadSkins = GlitchSquadSkins()) { self.skins = skins }

    func paint(_ snapshot: GlitchSquadSnapshot, on dc: DrawingContext) throws {
        let frame = GlitchSquadFrame(snapshot: snapshot, dc: dc, skins: skins)
        switch snapshot.phase {
        case .hook:
            frame.paintHook()
        case .base:
            frame.paintBase(room: try baseRoom(snapshot))
        case .briefing:
            frame.paintBriefing(room: try baseRoom(snapshot))
        case .hunt, .capture:
            frame.paintHunt(kitchen: try kitchenRoom(snapshot))
        case .reward:
            frame.paintReward(kitchen: try kitchenRoom(snapshot))
        }
    }

    private func baseRoom(_ snapshot: GlitchSquadSnapshot) throws -> GlitchSquadRoom {
        let key = CacheKey(width: snapshot.width, height: snapshot.height, clean: snapshot.baseRepaired)
        if let base, base.key == key { return base.room }
        let room = try Self.cache(key: key, width: snapshot.width) { dc in
            GlitchSquadArt.baseRoom(on: dc, width: Double(key.width), height: Double(key.height), clean: key.clean)
        }
        base = CachedRoom(key: key, room: room)
        return room
    }

    private func kitchenRoom(_ snapshot: GlitchSquadSnapshot) throws -> GlitchSquadRoom {
        let key = CacheKey(width: snapshot.width, height: snapshot.height, clean: false)
        if let kitchen, kitchen.key == key { return kitchen.room }
        var room = try Self.cache(key: key, width: snapshot.width * 2) { dc in
            GlitchSquadArt.kitchen(on: dc, width: Double(key.width * 2), height: Double(key.height), screenWidth: Double(key.width))
        }
        // The camera's vignette: fixed on the screen while the kitchen pans under it, drawn once.
        if let vignette = ImageSurface(width: key.width, height: key.height) {
            let dc = vignette.makeContext()
            let width = Double(key.width), height = Double(key.height)
            dc.setRadialGradient(center: (width / 2, height / 2), radius: height * 0.7,
                                 stops: [(0.5, RGBColor(0, 0, 0, alpha: 0)), (1, RGBColor(0.05, 0, 0.15, alpha: 0.55))])
            dc.rect(0, 0, width, height)
            dc.fill()
            room.vignette = vignette
        }
        kitchen = CachedRoom(key: key, room: room)
        return room
    }

    private static func cache(key: CacheKey, width: Int, draw: (DrawingContext) -> Void) throws -> GlitchSquadRoom {
        guard let picture = ImageSurface(width: width, height: key.height) else {
            throw RenderError.badCanvas(width: width, height: key.height)
        }
        draw(picture.makeContext())
        guard let frosted = FrostedBackdrop(source: picture, radius: Double(key.width) / 720 * 28) else {
            throw RenderError.badCanvas(width: width, height: key.height)
        }
        return GlitchSquadRoom(picture: picture, frosted: frosted)
    }

}

/// A room drawn once (the base, the kitchen) and its frosted copy, which glass cards show.
struct GlitchSquadRoom {
    var picture: ImageSurface
    var frosted: FrostedBackdrop
    /// What lies over the room on the screen whatever its pan (the kitchen's vignette), if anything.
    var vignette: ImageSurface? = nil
}
