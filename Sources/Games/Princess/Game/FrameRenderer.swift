import CCairo
import GameKit
import Drawing
import Princess

/// Draws snapshots into one reusable canvas: the cached backdrop, the princesses back to front
/// (their figures, shadows and glows cached), then the particles (as cached sprites). It only reads the snapshot; the same snapshot always gives the same
/// bytes. The pixels it returns are overwritten by the next call.
public final class FrameRenderer: GamePainter {
    private let reusable = ReusableCanvas()
    /// The canvas last drawn (a session's panels are copied from it).
    var canvas: ImageSurface? { reusable.surface }
    private let backdrops = BackdropCache()
    private let atlas: ParticleSpriteAtlas
    private let figures: CharacterFigureCache
    private let skins: PrincessSkins
    private let spots = SoftSpotMasks()
    private let hud = HUDPainter()

    /// A renderer; the canvas is made at the size of the first snapshot. `spriteCapacity`
    /// bounds how many particle sprites it keeps (memory, not pixels, depends on it).
    /// `skins` draws those kinds from designers' art (`PrincessSkins.load`).
    public init(spriteCapacity: Int = 3000, skins: PrincessSkins = PrincessSkins()) {
        atlas = ParticleSpriteAtlas(capacity: spriteCapacity)
        figures = CharacterFigureCache(skins: skins)
        self.skins = skins
    }

    /// A renderer with its own figure cache (the benchmarks keep every figure in one, to
    /// measure a frame's drawing apart from painting figures).
    init(figures: CharacterFigureCache) {
        atlas = ParticleSpriteAtlas()
        self.figures = figures
        skins = PrincessSkins()
    }

    /// Draws `snapshot` and returns a view of its pixels, valid until the next call.
    public func render(_ snapshot: SceneSnapshot) throws -> FramePixels {
        let dc = try reusable.context(width: snapshot.width, height: snapshot.height)
        try paint(snapshot, on: dc)
        return dc.surface.pixels
    }

    /// Draws `snapshot` onto `dc`, a canvas of the snapshot's size, covering every pixel.
    package func paint(_ snapshot: SceneSnapshot, on dc: DrawingContext) throws {
        guard let room = backdrops.room(snapshot.backdrop, width: snapshot.width, height: snapshot.height,
                                        horizonY: snapshot.horizonY, highContrast: snapshot.highContrast) else {
            throw RenderError.badCanvas(width: snapshot.width, height: snapshot.height)
        }
        dc.copy(room)
        figures.nextFrame()
        spots.nextFrame()
        figures.activeSkins = skins.active(at: snapshot.time)
        let characters = CharacterCompositor(dc: dc, figures: figures, spots: spots, highContrast: snapshot.highContrast)
        for pose in snapshot.characters { characters.paint(pose) }
        ParticlePainter(dc: dc, atlas: atlas, width: snapshot.width, height: snapshot.height,
                        highContrast: snapshot.highContrast)
            .paint(snapshot.particles, starFreeBoxes: snapshot.characters.compactMap(CharacterCompositor.faceBox(of:)))
        if let overlay = snapshot.hud {
            hud.paint(overlay, in: dc, width: snapshot.width, height: snapshot.height, highContrast: snapshot.highContrast,
                      figures: figures, spots: spots)
        }
    }

}
