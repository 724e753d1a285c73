import Drawing
import Foundation
import GameKit
import Output

/// A render of a contact sheet: frames of the span as labelled thumbnails on one PNG.
struct ContactSheetRender: OutputRender {
    let job: RenderJob

    /// Which frames, how large and in how many columns.
    let sheet: ContactSheetRequest

    /// Every step's frame of `span` as a labelled thumbnail on one PNG at `path`.
    func render(_ run: any GameRun, span: Range<Int>, to path: String) throws -> RenderOutcome {
        guard path.lowercased().hasSuffix(".png") else {
            throw RenderRequestError("a contact sheet is one PNG: give -o SHEET.png, not \(path)")
        }
        let fps = run.clock.framesPerSecond
        let frames = try sheet.frames(of: span, framesPerSecond: fps)
        let width = run.outputWidth, height = run.outputHeight
        let thumbnail = sheet.thumbnailSize(width: width, height: height)
        let title = "\(name) · frames \(span.lowerBound)-\(span.upperBound - 1), every \(sheet.stepText) · \(width)x\(height), \(fps) fps"
        guard let contact = ContactSheet(title: title, count: frames.count, thumbnailWidth: thumbnail.width, thumbnailHeight: thumbnail.height,
                                         columns: sheet.columns) else {
            let size = ContactSheet.size(count: frames.count, width: thumbnail.width, height: thumbnail.height, columns: sheet.columns)
            throw RenderRequestError("--contact-sheet: \(frames.count) thumbnails of \(thumbnail.width)x\(thumbnail.height) make a "
                + "\(size.width)x\(size.height) sheet, over \(ContactSheet.largestSide) pixels; give a larger step, a smaller width= or more columns=")
        }
        try StagedFile.prepareFolder(StagedFile.folder(of: path))
        let traceSink = try request.tracePath.map { try TraceFileSink(path: $0) }
        var progress = RenderProgress(total: frames.count, quiet: request.quiet)
        do {
            for (index, frame) in frames.enumerated() {
                if let signal = job.stop() { throw OutputError.interrupted(signal: signal) }
                run.advance(toFrame: frame)
                traceSink?.write(run.drainTrace())
                contact.place(try run.drawFrame(), label: ContactSheetRequest.label(frame: frame, framesPerSecond: fps), at: index)
                progress.update(done: index + 1)
            }
            try StagedFile.write(try PNGEncoder(effort: .small).encode(contact.surface.pixels), to: path)
        } catch {
            throw job.failure(error, progress: progress, trace: traceSink)
        }
        try traceSink?.close()
        let seconds = progress.elapsed
        progress.finish(summary: "Rendered a contact sheet of \(counted(frames.count, "frame")) of \"\(name)\" "
            + "(\(contact.surface.width)x\(contact.surface.height)) in " + String(format: "%.2f s", seconds) + " to \(path)")
        return RenderOutcome(frames: span, width: contact.surface.width, height: contact.surface.height, framesPerSecond: fps,
                             seconds: seconds, outputs: [path], drawn: frames.count)
    }
}
