import CCairo
import Drawing
import ImageDiff
import Output
import Trace

/// The picture of one second of two soundtracks, drawn with Cairo: the golden's waveform
/// above the run's (each column the loudest sample there), the sounds' starts as ticks,
/// the differing moment marked in red, so a reviewer sees what changed before listening.
public enum SoundPicture {
    /// Draws the second around `time` of `golden` and `actual` (interleaved stereo) to a PNG
    /// at `path`. Throws `ImageFileError`.
    public static func write(golden: [Float], actual: [Float], sampleRate: Int = 48_000, around time: Double,
                             goldenOnsets: [Double], actualOnsets: [Double], to path: String) throws {
        let width = 800, lane = 120, height = 2 * lane + 40
        let total = Double(max(golden.count, actual.count) / 2) / Double(sampleRate)
        let start = max(0, min(time - 0.5, total - 1))
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else {
            throw ImageFileError(description: "\(path): cannot make a picture")
        }
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)
        defer { cairo_destroy(cr) }
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        func x(_ seconds: Double) -> Double { (seconds - start) * Double(width) }
        for (row, (samples, onsets, title)) in [(golden, goldenOnsets, "golden"), (actual, actualOnsets, "now")].enumerated() {
            let top = Double(20 + row * (lane + 20)), middle = top + Double(lane) / 2
            cairo_set_source_rgb(cr, 0.96, 0.96, 0.98)
            cairo_rectangle(cr, 0, top, Double(width), Double(lane))
            cairo_fill(cr)
            cairo_set_source_rgb(cr, 0.2, 0.3, 0.6)
            let frames = samples.count / 2
            for column in 0..<width {
                let from = Int((start + Double(column) / Double(width)) * Double(sampleRate))
                let to = min(frames, Int((start + Double(column + 1) / Double(width)) * Double(sampleRate)))
                guard from < to else { continue }
                var peak: Float = 0
                for i in (from * 2)..<(to * 2) { peak = max(peak, abs(samples[i])) }
                let half = Double(peak) * Double(lane) / 2
                cairo_rectangle(cr, Double(column), middle - half, 1, max(half * 2, 0.5))
            }
            cairo_fill(cr)
            cairo_set_source_rgb(cr, 0.1, 0.6, 0.2)
            for onset in onsets where onset >= start && onset <= start + 1 {
                cairo_rectangle(cr, x(onset) - 0.5, top, 1.5, 10)
            }
            cairo_fill(cr)
            cairo_set_source_rgb(cr, 0.2, 0.2, 0.2)
            cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
            cairo_set_font_size(cr, 12)
            cairo_move_to(cr, 4, top - 5)
            cairo_show_text(cr, "\(title): \(seconds(start))–\(seconds(start + 1)) s")
        }
        cairo_set_source_rgba(cr, 0.8, 0, 0.1, 0.8)
        cairo_rectangle(cr, x(time) - 1, 14, 2, Double(height - 14))
        cairo_fill(cr)
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else {
            throw ImageFileError(description: "\(path): cannot make a picture")
        }
        let pixels = FramePixels(base: UnsafeRawPointer(data), width: width, height: height,
                                 stride: Int(cairo_image_surface_get_stride(surface)))
        try PNGImageFile.write(RGBAImage(pixels), to: path)
    }

    /// Seconds as the trace writes them (`1.5`, `2`), so the picture's times match the report's.
    private static func seconds(_ value: Double) -> String { TraceValue.number(value).json }
}
