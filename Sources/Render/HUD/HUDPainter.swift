import Scene

/// Draws the app's screen over the scene, back to front: finger marks, the long-press
/// menu, the action bar, the picker, captions, then any screen card over everything.
final class HUDPainter {
    private let surfaces = HUDSurfaces()

    /// How many static parts have been drawn so far (the rest came from the cache).
    var partsDrawn: Int { surfaces.made }

    func paint(_ hud: HUDSnapshot, in dc: DrawingContext, width: Int, height: Int, highContrast: Bool,
               figures: CharacterFigureCache, spots: SoftSpotMasks) {
        surfaces.nextFrame()
        let canvas = HUDCanvas(dc: dc, layout: HUDLayout(scale: hud.scale, width: width, height: height),
                               theme: HUDTheme(highContrast: highContrast), surfaces: surfaces, figures: figures, spots: spots)
        TouchPainter(canvas: canvas).paint(hud.touches)
        if let menu = hud.menu { MenuPainter(canvas: canvas).paint(menu) }
        ActionBarPainter(canvas: canvas).paint(hud.buttons)
        if let picker = hud.picker { PickerPainter(canvas: canvas).paint(picker) }
        CaptionPainter(canvas: canvas).paint(hud.captions, pickerShown: hud.picker != nil, barShown: !hud.buttons.isEmpty)
        for screen in hud.screens { ScreenPainter(canvas: canvas, settings: hud.settings).paint(screen) }
    }
}
