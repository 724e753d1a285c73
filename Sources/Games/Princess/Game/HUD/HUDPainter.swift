import Drawing
import Princess

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
        let bar = canvas.with(canvas.layout.forBar), picker = canvas.with(canvas.layout.forPicker)
        ActionBarPainter(canvas: bar).paint(hud.buttons)
        if let view = hud.picker { PickerPainter(canvas: picker).paint(view) }
        CaptionPainter(canvas: canvas).paint(hud.captions, pickerTop: hud.picker != nil ? picker.layout.pickerTop : nil,
                                             barBottom: hud.buttons.isEmpty ? nil : bar.layout.barBottom)
        let screens = canvas.with(canvas.layout.forScreen)
        for screen in hud.screens { ScreenPainter(canvas: screens, settings: hud.settings).paint(screen) }
    }
}
