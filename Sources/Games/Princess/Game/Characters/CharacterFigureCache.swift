import CCairo
import Drawing
import Princess

/// A figure drawn into its own surface, and where her feet are in it (pixels from the top left).
struct CharacterFigure {
    let surface: ImageSurface
    let feetX: Double
    let feetY: Double
    /// The pixels of `surface` she covers, nil when none: placing her composites no more.
    let covered: CoveredBox?
}

/// A face layer and where its top left lies in her figure's frame, in whole pixels.
struct CharacterFace {
    let surface: ImageSurface
    let x: Int
    let y: Int
}

/// Princess figures drawn once and composited many times. A figure is put together from two
/// cached layers with the arms drawn between them: painting a whole princess costs one to
/// three milliseconds, her arms a fifth of one, and arms are what moves most (waving,
/// dancing, breathing), so a moving princess mostly costs her arms. Values unused for a
/// while are dropped, so memory stays flat over a long render; the frames do not depend on
/// what is cached.
final class CharacterFigureCache {
    private let figures: RecentlyUsedCache<CharacterFigureKey, CharacterFigure>
    private let backLayers: RecentlyUsedCache<CharacterFigureKey, ImageSurface>
    private let frontLayers: RecentlyUsedCache<CharacterFigureKey, ImageSurface>
    /// Faces, each in a small surface where it lies in her frame (`CharacterFace`).
    private let faceLayers: RecentlyUsedCache<CharacterFigureKey, CharacterFace>
    /// Figures and layers come and go every frame: their memory is reused.
    private let memory = SurfaceMemoryPool()
    /// The designers' skins a figure key may name; the others are drawn by the built-in painter.
    private let skins: PrincessSkins
    /// The skin of each kind and character in the frame being drawn (`PrincessSkins.active(at:)`),
    /// for the scene and the HUD's pictures of the princesses alike; those not named are built-in.
    var activeSkins = ActiveSkins()

    /// Layers and whole figures are kept 90 frames (three seconds at 30 fps), long enough for
    /// a breathing lean, and the arms that move with it, to come back.
    init(keepFrames: Int = 90, capacity: Int = 120, skins: PrincessSkins = PrincessSkins()) {
        self.skins = skins
        figures = RecentlyUsedCache(keepFrames: keepFrames, capacity: capacity)
        backLayers = RecentlyUsedCache(keepFrames: keepFrames, capacity: capacity)
        frontLayers = RecentlyUsedCache(keepFrames: keepFrames, capacity: capacity)
        faceLayers = RecentlyUsedCache(keepFrames: keepFrames, capacity: capacity)
    }

    /// The number of figures kept.
    var count: Int { figures.count }
    /// How many layers (behind and in front of the arms, and faces) have been painted.
    var layersPainted: Int { backLayers.made + frontLayers.made + faceLayers.made }
    /// How many figures have been put together.
    var figuresComposed: Int { figures.made }

    /// Call once per frame: ages the figures and layers and drops the stale ones.
    func nextFrame() {
        figures.nextFrame()
        backLayers.nextFrame()
        frontLayers.nextFrame()
        faceLayers.nextFrame()
    }

    func figure(for key: CharacterFigureKey) -> CharacterFigure? {
        figures.value(for: key) { compose(key) }
    }

    /// The back layer, the arms painted over it, the front layer over those and the face on top.
    private func compose(_ key: CharacterFigureKey) -> CharacterFigure? {
        let frame = CharacterFigureFrame(key)
        guard let back = backLayers.value(for: key.backLayer, make: { paint(key.backLayer, frame, .back) }),
              let front = frontLayers.value(for: key.frontLayer, make: { paint(key.frontLayer, frame, .front) }),
              // Not cleared: the back layer is copied over every pixel.
              let surface = frame.makeSurface(in: memory, cleared: false) else { return nil }
        let dc = Self.figureContext(surface)
        dc.copy(back)
        dc.saved {
            frame.applyBodyTransform(dc)
            if let skin = skins.skin(key.skin) {
                SkinnedCharacterPainter(dc: dc, skin: skin, figure: key).paintArms()
            } else {
                CharacterPainter(dc: dc, figure: key).paintArms()
            }
        }
        dc.draw(front, x: 0, y: 0)
        if key.hasFaceLayer {
            guard let face = faceLayers.value(for: key.faceLayer, make: { paintFace(key.faceLayer, frame) }) else { return nil }
            dc.draw(face.surface, x: Double(face.x), y: Double(face.y))
        }
        return CharacterFigure(surface: surface, feetX: frame.feetX, feetY: frame.feetY, covered: surface.coveredBox())
    }

    private enum Layer { case back, front }

    /// A context for painting a figure's layers, arms and face: Cairo's fast antialiasing
    /// (4×4 samples a pixel) and curves flattened to 0.3 px, edges no viewer tells from the
    /// finest at the size she is drawn, for a fraction of the cost of painting her.
    static func figureContext(_ surface: ImageSurface) -> DrawingContext {
        let dc = surface.makeContext()
        cairo_set_antialias(dc.cr, CAIRO_ANTIALIAS_FAST)
        cairo_set_tolerance(dc.cr, 0.3)
        return dc
    }

    /// The built-in face in a surface just its size, placed at whole pixels of her frame so
    /// that it is drawn exactly as it would be in the frame itself.
    private func paintFace(_ key: CharacterFigureKey, _ frame: CharacterFigureFrame) -> CharacterFace? {
        let face = CharacterPainter.faceBox
        let box = frame.pixelBox(left: face.left, top: face.top, right: face.right, bottom: face.bottom)
        guard let surface = memory.surface(width: box.width, height: box.height) else { return nil }
        let dc = Self.figureContext(surface)
        dc.translate(Double(-box.x), Double(-box.y))
        frame.applyBodyTransform(dc)
        let painter = CharacterPainter(dc: dc, figure: key)
        painter.paintFace()
        // The front hair was painted over the face: where its locks reach a cheek or a lash,
        // the face is cut away so the front layer's hair shows.
        cairo_set_operator(dc.cr, CAIRO_OPERATOR_DEST_OUT)
        painter.paintFrontHair()
        _ = surface.pixels  // flushes the drawing
        return CharacterFace(surface: surface, x: box.x, y: box.y)
    }

    private func paint(_ key: CharacterFigureKey, _ frame: CharacterFigureFrame, _ layer: Layer) -> ImageSurface? {
        guard let surface = frame.makeSurface(in: memory) else { return nil }
        let dc = Self.figureContext(surface)
        frame.applyBodyTransform(dc)
        if let skin = skins.skin(key.skin) {
            let painter = SkinnedCharacterPainter(dc: dc, skin: skin, figure: key)
            if layer == .back { painter.paintBackLayer() } else { painter.paintFrontLayer() }
        } else {
            let painter = CharacterPainter(dc: dc, figure: key)
            if layer == .back { painter.paintBackLayer() } else { painter.paintFrontLayer() }
        }
        _ = surface.pixels  // flushes the drawing
        return surface
    }
}
