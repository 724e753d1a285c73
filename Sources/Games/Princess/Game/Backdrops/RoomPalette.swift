import Effects
import Princess
import Vocabulary

/// The colours of one backdrop: wall, floor, trim, and the accents of its furniture. The high
/// contrast palette keeps the layout but uses flat, strongly separated tones and dark outlines.
struct RoomPalette {
    let wallTop: RGBColor
    let wallBottom: RGBColor
    let wallPattern: RGBColor
    let floorNear: RGBColor
    let floorFar: RGBColor
    let floorLine: RGBColor
    let trim: RGBColor
    let accent: RGBColor
    let accent2: RGBColor
    /// Outline for furniture; nil in the soft palette.
    let outline: RGBColor?
    /// Warm light pooled on the floor (window or lamp), with its strength.
    let light: RGBColor

    static func of(_ backdrop: Backdrop, highContrast: Bool) -> RoomPalette {
        if highContrast {
            let dark = backdrop == .nightlight
            return RoomPalette(
                wallTop: dark ? RGBColor(0.1, 0.1, 0.25) : RGBColor(1, 1, 1),
                wallBottom: dark ? RGBColor(0.1, 0.1, 0.25) : RGBColor(0.96, 0.96, 1),
                wallPattern: RGBColor(0, 0, 0, alpha: 0),
                floorNear: dark ? RGBColor(0.32, 0.3, 0.4) : RGBColor(0.62, 0.64, 0.72),
                floorFar: dark ? RGBColor(0.32, 0.3, 0.4) : RGBColor(0.62, 0.64, 0.72),
                floorLine: RGBColor(0, 0, 0, alpha: 0.35),
                trim: RGBColor(0, 0, 0),
                accent: RGBColor(1, 0.85, 0),
                accent2: RGBColor(0, 0.35, 0.9),
                outline: RGBColor(0, 0, 0),
                light: RGBColor(1, 1, 1, alpha: 0))
        }
        switch backdrop {
        case .bedroom:
            return RoomPalette(
                wallTop: RGBColor(1, 0.93, 0.95), wallBottom: RGBColor(0.98, 0.8, 0.87),
                wallPattern: RGBColor(1, 1, 1, alpha: 0.35),
                floorNear: RGBColor(0.86, 0.66, 0.5), floorFar: RGBColor(0.74, 0.54, 0.42),
                floorLine: RGBColor(0.55, 0.36, 0.26, alpha: 0.35),
                trim: RGBColor(1, 0.98, 0.96), accent: RGBColor(0.98, 0.62, 0.76), accent2: RGBColor(0.62, 0.84, 1),
                outline: nil, light: RGBColor(1, 0.97, 0.85, alpha: 0.35))
        case .playroom:
            return RoomPalette(
                wallTop: RGBColor(0.93, 0.98, 0.92), wallBottom: RGBColor(0.8, 0.93, 0.84),
                wallPattern: RGBColor(1, 1, 1, alpha: 0.4),
                floorNear: RGBColor(0.62, 0.78, 0.95), floorFar: RGBColor(0.5, 0.66, 0.86),
                floorLine: RGBColor(1, 1, 1, alpha: 0.35),
                trim: RGBColor(1, 1, 1), accent: RGBColor(1, 0.72, 0.3), accent2: RGBColor(0.45, 0.6, 0.95),
                outline: nil, light: RGBColor(1, 1, 0.9, alpha: 0.3))
        case .nursery:
            return RoomPalette(
                wallTop: RGBColor(0.9, 0.93, 1), wallBottom: RGBColor(0.82, 0.83, 0.98),
                wallPattern: RGBColor(1, 1, 1, alpha: 0.7),
                floorNear: RGBColor(0.95, 0.9, 0.85), floorFar: RGBColor(0.86, 0.8, 0.78),
                floorLine: RGBColor(0.7, 0.6, 0.6, alpha: 0.25),
                trim: RGBColor(1, 1, 1), accent: RGBColor(1, 0.78, 0.86), accent2: RGBColor(1, 0.92, 0.6),
                outline: nil, light: RGBColor(1, 0.98, 0.9, alpha: 0.3))
        case .nightlight:
            return RoomPalette(
                wallTop: RGBColor(0.16, 0.17, 0.36), wallBottom: RGBColor(0.3, 0.27, 0.5),
                wallPattern: RGBColor(1, 0.95, 0.7, alpha: 0.45),
                floorNear: RGBColor(0.36, 0.28, 0.38), floorFar: RGBColor(0.24, 0.2, 0.32),
                floorLine: RGBColor(0.1, 0.05, 0.15, alpha: 0.35),
                trim: RGBColor(0.42, 0.38, 0.6), accent: RGBColor(1, 0.85, 0.5), accent2: RGBColor(0.55, 0.5, 0.85),
                outline: nil, light: RGBColor(1, 0.8, 0.45, alpha: 0.45))
        }
    }
}
