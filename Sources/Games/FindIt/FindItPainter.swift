import Drawing
import Foundation
import GameKit
import Vocabulary

/// Draws FindIt's screens: bright warm colours, large rounded Korean type (NanumSquareRound,
/// laid out by Pango), the kits' widgets (Card, PushButton, ProgressBar, Confetti). Never
/// changes the world.
final class FindItPainter: GamePainter {
    /// The rounded Korean face of Debian's fonts-nanum-extra.
    static let fontFamily = "NanumSquareRound"
    /// Its fontconfig patterns, for the goldens' fingerprint.
    static let fontFaces = ["NanumSquareRound:bold", "NanumSquareRound:medium"]

    /// Warm and bright: cream, apricot, sunflower, and a deep cocoa ink.
    static let theme = WidgetTheme(
        background: RGBColor(1.0, 0.94, 0.84), surface: RGBColor(1.0, 0.99, 0.95), ink: RGBColor(0.36, 0.2, 0.1),
        accent: RGBColor(1.0, 0.52, 0.24), onAccent: RGBColor(1, 1, 1), disabled: RGBColor(0.8, 0.76, 0.72),
        outline: RGBColor(1, 1, 1, alpha: 0.95), outlineWidth: 3, shadow: RGBColor(0.5, 0.28, 0.1, alpha: 0.2),
        cornerRadius: 28, fontFamily: fontFamily, minimumTextSize: 12)
    /// The same, for high contrast: black ink, thick dark outlines, no soft shadows.
    static let contrastTheme = WidgetTheme(
        background: RGBColor(1, 1, 1), surface: RGBColor(1, 1, 1), ink: RGBColor(0, 0, 0),
        accent: RGBColor(0.75, 0.25, 0.0), onAccent: RGBColor(1, 1, 1), disabled: RGBColor(0.45, 0.45, 0.45),
        outline: RGBColor(0, 0, 0), outlineWidth: 5, shadow: RGBColor(0, 0, 0, alpha: 0), cornerRadius: 28,
        fontFamily: fontFamily, minimumTextSize: 12)
    /// The border of each band: sky blue, apricot, and a hot strawberry red.
    static func borderColor(_ band: HuntBand) -> RGBColor {
        switch band {
        case .cold: return RGBColor(0.45, 0.72, 1.0)
        case .warm: return RGBColor(1.0, 0.6, 0.15)
        case .hot: return RGBColor(1.0, 0.18, 0.3)
        }
    }
    /// What the gauge says of each band.
    static func bandWords(_ band: HuntBand) -> String {
        switch band {
        case .cold: return "차가워요"
        case .warm: return "따뜻해요"
        case .hot: return "뜨거워요!"
        }
    }

    private var width = 0.0
    private var height = 0.0
    private var theme = FindItPainter.theme
    /// The hunt's and the success screen's gradients, drawn once per canvas size: a gradient
    /// over the whole frame costs Cairo every pixel every frame, a copy a fraction of that.
    /// They are opaque, so the copy's bytes are those of drawing them on the frame.
    private var backdrops: [Backdrop: ImageSurface] = [:]

    private enum Backdrop: Hashable {
        case hunt(width: Int, height: Int)
        case success(width: Int, height: Int)
    }

    func paint(_ snapshot: FindItSnapshot, on dc: DrawingContext) throws {
        width = Double(snapshot.width)
        height = Double(snapshot.height)
        theme = snapshot.settings.highContrast ? Self.contrastTheme : Self.theme
        switch snapshot.screen {
        case .game: cover(with: .hunt(width: snapshot.width, height: snapshot.height), on: dc)
        case .success: cover(with: .success(width: snapshot.width, height: snapshot.height), on: dc)
        default:
            dc.setColor(theme.background)
            dc.rect(0, 0, width, height)
            dc.fill()
        }
        switch snapshot.screen {
        case .home: paintHome(snapshot, on: dc)
        case .detail(let item): paintDetail(snapshot, item: item, on: dc)
        case .register: paintRegister(snapshot, on: dc)
        case .mission(let item): paintMission(snapshot, item: item, on: dc)
        case .game(let item): paintGame(snapshot, item: item, on: dc)
        case .success(let item): paintSuccess(snapshot, item: item, on: dc)
        case .result(let item): paintResult(snapshot, item: item, on: dc)
        }
    }

    private func box(_ rect: LayoutRect) -> LayoutRect { FindItLayout.pixels(rect, width, height) }

    private func text(_ words: String, in rect: LayoutRect, on dc: DrawingContext, size: Double, bold: Bool = true,
                      color: RGBColor? = nil) {
        let ink = color ?? theme.ink
        PangoText.draw(words, in: dc, x: rect.x, y: rect.y, width: rect.width, height: rect.height, size: size,
                       minimum: theme.minimumTextSize, bold: bold,
                       color: (Double(ink.red), Double(ink.green), Double(ink.blue), Double(ink.alpha)), family: theme.fontFamily)
    }

    // MARK: Home

    private func paintHome(_ snapshot: FindItSnapshot, on dc: DrawingContext) {
        text("우리집 보물찾기 도감", in: box(FindItLayout.title), on: dc, size: height * 0.042)
        for (index, tile) in snapshot.tiles.prefix(FindItLayout.maxTiles).enumerated() {
            let rect = box(FindItLayout.tile(index))
            Card(fill: tile.found ? RGBColor(1.0, 0.93, 0.62) : nil).draw(in: rect, on: dc, theme: theme)
            let picture = LayoutRect(x: rect.x + rect.width * 0.12, y: rect.y + rect.height * 0.08, width: rect.width * 0.76,
                                     height: rect.height * 0.5)
            paintThumbnail(tile.thumbnail, in: picture, on: dc)
            text(tile.name, in: LayoutRect(x: rect.x + rect.width * 0.05, y: rect.y + rect.height * 0.6, width: rect.width * 0.9,
                                           height: rect.height * 0.24), on: dc, size: height * 0.03)
            paintStars(tile.difficulty, centre: (rect.midX, rect.y + rect.height * 0.9), size: rect.height * 0.06, on: dc)
            if tile.found { paintFoundBadge(at: (rect.maxX - rect.width * 0.1, rect.y + rect.height * 0.1), radius: rect.height * 0.13, on: dc) }
        }
        PushButton(label: FindItText.start).draw(in: box(FindItLayout.start), on: dc, theme: theme)
        PushButton(label: "+", fill: RGBColor(0.3, 0.75, 0.45)).draw(in: box(FindItLayout.add), on: dc, theme: theme)
    }

    /// The photo's feature print drawn as its thumbnail: a 4×4 mosaic of its colours, rounded.
    private func paintThumbnail(_ print: [UInt8], in rect: LayoutRect, on dc: DrawingContext) {
        let grid = PhotoAnalysis.grid
        dc.saved {
            dc.roundedRect(rect.x, rect.y, rect.width, rect.height, radius: min(rect.width, rect.height) * 0.18)
            dc.clip()
            guard print.count == grid * grid * 3 else {
                dc.setColor(theme.disabled)
                dc.paint()
                return
            }
            let cellWidth = rect.width / Double(grid), cellHeight = rect.height / Double(grid)
            for row in 0..<grid {
                for column in 0..<grid {
                    let index = (row * grid + column) * 3
                    dc.setColor(RGBColor(Float(print[index]) / 255, Float(print[index + 1]) / 255, Float(print[index + 2]) / 255))
                    // Overlapping by a pixel: no seams between cells.
                    dc.rect(rect.x + Double(column) * cellWidth, rect.y + Double(row) * cellHeight, cellWidth + 1, cellHeight + 1)
                    dc.fill()
                }
            }
        }
    }

    private func paintStars(_ count: Int, centre: (Double, Double), size: Double, on dc: DrawingContext) {
        let spacing = size * 2.3
        let first = centre.0 - spacing * Double(4) / 2
        for index in 0..<5 {
            star(at: (first + spacing * Double(index), centre.1), radius: size, on: dc)
            dc.setColor(index < count ? RGBColor(1.0, 0.72, 0.1) : theme.disabled)
            dc.fill()
        }
    }

    private func star(at centre: (Double, Double), radius: Double, on dc: DrawingContext) {
        for point in 0..<10 {
            let angle = -Double.pi / 2 + Double(point) * Double.pi / 5
            let r = point % 2 == 0 ? radius : radius * 0.45
            let (x, y) = (centre.0 + r * cos(angle), centre.1 + r * sin(angle))
            if point == 0 { dc.move(x, y) } else { dc.line(x, y) }
        }
        dc.close()
    }

    private func paintFoundBadge(at centre: (Double, Double), radius: Double, on dc: DrawingContext) {
        dc.circle(centre.0, centre.1, radius)
        dc.setColor(RGBColor(1.0, 0.35, 0.45))
        dc.fill()
        star(at: centre, radius: radius * 0.7, on: dc)
        dc.setColor(.white)
        dc.fill()
    }

    // MARK: Detail and mission

    private func paintDetail(_ snapshot: FindItSnapshot, item: String, on dc: DrawingContext) {
        guard let tile = snapshot.tiles.first(where: { $0.id == item }) else { return }
        PushButton(label: "◀ 홈", fill: RGBColor(0.55, 0.45, 0.4)).draw(in: box(FindItLayout.back), on: dc, theme: theme)
        paintItemCard(tile, title: tile.found ? "찾은 보물" : "보물", on: dc)
        text("사진 \(tile.photos)장", in: box(LayoutRect(x: 0.1, y: 0.725, width: 0.8, height: 0.045)), on: dc, size: height * 0.028, bold: false)
        PushButton(label: "이걸로 찾기").draw(in: box(FindItLayout.go), on: dc, theme: theme)
    }

    private func paintMission(_ snapshot: FindItSnapshot, item: String, on dc: DrawingContext) {
        guard let tile = snapshot.tiles.first(where: { $0.id == item }) else { return }
        // The card swings in over a third of a second (still with reduce motion).
        let grown = snapshot.settings.reduceMotion ? 1 : min(1, snapshot.screenAge / 0.33)
        dc.saved {
            let card = box(FindItLayout.missionCard)
            dc.translate(card.midX, card.midY)
            dc.scale(0.85 + 0.15 * grown, 0.85 + 0.15 * grown)
            dc.translate(-card.midX, -card.midY)
            paintItemCard(tile, title: "미션!", on: dc)
        }
        PushButton(label: FindItText.go).draw(in: box(FindItLayout.go), on: dc, theme: theme)
    }

    /// The card of an item: a title, its thumbnail, its name in the largest type and its hint.
    private func paintItemCard(_ tile: FindItSnapshot.Tile, title: String, on dc: DrawingContext) {
        let card = box(FindItLayout.missionCard)
        Card(fill: RGBColor(1.0, 0.97, 0.88)).draw(in: card, on: dc, theme: theme)
        text(title, in: LayoutRect(x: card.x, y: card.y + card.height * 0.03, width: card.width, height: card.height * 0.1), on: dc,
             size: height * 0.035, color: theme.accent)
        let side = card.width * 0.5
        paintThumbnail(tile.thumbnail, in: LayoutRect(x: card.midX - side / 2, y: card.y + card.height * 0.15, width: side, height: side * 0.75), on: dc)
        text(tile.name, in: LayoutRect(x: card.x + card.width * 0.05, y: card.y + card.height * 0.52, width: card.width * 0.9,
                                       height: card.height * 0.16), on: dc, size: height * 0.05)
        text(tile.hint, in: LayoutRect(x: card.x + card.width * 0.07, y: card.y + card.height * 0.68, width: card.width * 0.86,
                                       height: card.height * 0.2), on: dc, size: height * 0.032, bold: false)
        paintStars(tile.difficulty, centre: (card.midX, card.y + card.height * 0.93), size: card.height * 0.025, on: dc)
    }

    // MARK: The hunt

    /// Covers the frame with `backdrop`, drawn the first time it is wanted at this size (a
    /// few sizes are kept; a studio that resizes often starts over).
    private func cover(with backdrop: Backdrop, on dc: DrawingContext) {
        if backdrops[backdrop] == nil, let surface = ImageSurface(width: Int(width), height: Int(height)) {
            if backdrops.count >= 8 { backdrops.removeAll() }
            draw(backdrop, on: surface.makeContext())
            _ = surface.pixels  // flushes the drawing
            backdrops[backdrop] = surface
        }
        if let surface = backdrops[backdrop] { dc.copy(surface) } else { draw(backdrop, on: dc) }
    }

    private func draw(_ backdrop: Backdrop, on dc: DrawingContext) {
        switch backdrop {
        case .hunt:
            // The camera's view, stood in for by a soft room: the warmer, the more of the item shows through.
            dc.setLinearGradient(from: (0, 0), to: (0, height), stops: [(0, RGBColor(0.93, 0.9, 0.86)), (1, RGBColor(0.78, 0.72, 0.66))])
        case .success:
            dc.setRadialGradient(center: (width / 2, height * 0.4), radius: height * 0.7,
                                 stops: [(0, RGBColor(1.0, 0.95, 0.6)), (1, RGBColor(1.0, 0.7, 0.4))])
        }
        dc.rect(0, 0, width, height)
        dc.fill()
    }

    private func paintGame(_ snapshot: FindItSnapshot, item: String, on dc: DrawingContext) {
        let tile = snapshot.tiles.first { $0.id == item }
        if let tile {
            let side = width * 0.5
            let picture = LayoutRect(x: width / 2 - side / 2, y: height * 0.42 - side * 0.375, width: side, height: side * 0.75)
            paintThumbnail(tile.thumbnail, in: picture, on: dc)
            // Veiled by the room as much as the camera is unsure.
            dc.rect(picture.x - 1, picture.y - 1, picture.width + 2, picture.height + 2)
            dc.setColor(RGBColor(0.86, 0.81, 0.76), alpha: 1 - min(1, snapshot.confidence * 1.1))
            dc.fill()
        }
        // The border: its colour says the band; hot is thicker and pulses (not with reduce motion).
        let color = Self.borderColor(snapshot.band)
        var thickness = width * (snapshot.band == .cold ? 0.02 : snapshot.band == .warm ? 0.035 : 0.05)
        if snapshot.band == .hot && !snapshot.settings.reduceMotion { thickness *= 1 + 0.25 * sin(2 * .pi * 2 * snapshot.bandAge) }
        dc.saved {
            dc.setEvenOdd(true)
            dc.rect(0, 0, width, height)
            dc.roundedRect(thickness, thickness, width - 2 * thickness, height - 2 * thickness, radius: width * 0.06)
            dc.setColor(color)
            dc.fill()
            dc.setEvenOdd(false)
        }
        if let tile {
            let label = LayoutRect(x: width * 0.12, y: height * 0.045, width: width * 0.76, height: height * 0.09)
            Card(fill: RGBColor(1, 1, 1, alpha: 0.92)).draw(in: label, on: dc, theme: theme)
            text(tile.name, in: label.insetBy(label.height * 0.4, label.height * 0.12), on: dc, size: height * 0.04)
        }
        paintHoldRing(progress: snapshot.holdProgress, color: color, on: dc)
        if let since = snapshot.sinceReset, since < 0.5, snapshot.holdProgress == 0 {
            // Just after a dip: the ring flashes grey once so the child sees it start over.
            dc.circle(width / 2, height * 0.42, width * 0.3)
            dc.setColor(RGBColor(0.4, 0.4, 0.45), alpha: 0.35 * (1 - since / 0.5))
            dc.stroke(width: width * 0.05)
        }
        let gauge = LayoutRect(x: width * 0.12, y: height * 0.8, width: width * 0.76, height: height * 0.04)
        ProgressBar(fraction: snapshot.confidence, fill: color).draw(in: gauge, on: dc, theme: theme)
        text(Self.bandWords(snapshot.band), in: LayoutRect(x: width * 0.1, y: height * 0.7, width: width * 0.8, height: height * 0.08),
             on: dc, size: height * 0.05, color: snapshot.band == .cold ? theme.ink : color.mixed(with: theme.ink, 0.25))
        if let remaining = snapshot.remaining {
            let clock = LayoutRect(x: width * 0.76, y: height * 0.155, width: width * 0.19, height: width * 0.19)
            dc.circle(clock.midX, clock.midY, clock.width / 2)
            dc.setColor(remaining <= 3 ? RGBColor(1.0, 0.3, 0.3) : RGBColor(0.25, 0.55, 0.95))
            dc.fill()
            text("\(Int(remaining.rounded(.up)))", in: clock, on: dc, size: clock.height * 0.5, color: .white)
        }
    }

    private func paintHoldRing(progress: Double, color: RGBColor, on dc: DrawingContext) {
        let (x, y, radius) = (width / 2, height * 0.42, width * 0.3)
        dc.circle(x, y, radius)
        dc.setColor(RGBColor(1, 1, 1), alpha: 0.6)
        dc.stroke(width: width * 0.04)
        guard progress > 0 else { return }
        dc.newPath()
        dc.arc(x, y, radius, from: -Double.pi / 2, to: -Double.pi / 2 + 2 * Double.pi * min(1, progress))
        dc.setColor(color)
        dc.stroke(width: width * 0.045)
    }

    // MARK: Success and result

    private func paintSuccess(_ snapshot: FindItSnapshot, item: String, on dc: DrawingContext) {
        let tile = snapshot.tiles.first { $0.id == item }
        if !snapshot.settings.reduceMotion {
            paintFireworks(at: snapshot.screenAge, seed: snapshot.seed, on: dc)
            Confetti(seed: snapshot.seed, count: 90).draw(at: snapshot.screenAge, in: LayoutRect(x: 0, y: 0, width: width, height: height), on: dc)
        }
        let card = LayoutRect(x: width * 0.1, y: height * 0.36, width: width * 0.8, height: height * 0.28)
        Card(title: FindItText.found, text: tile?.name ?? "", fill: RGBColor(1, 1, 1, alpha: 0.95)).draw(in: card, on: dc, theme: theme)
    }

    /// Three bursts of sparks, one after another: each rises, opens and fades in 1.2 s.
    private func paintFireworks(at time: Double, seed: UInt64, on dc: DrawingContext) {
        let bursts: [(delay: Double, x: Double, y: Double, color: RGBColor)] = [
            (0.0, 0.28, 0.2, RGBColor(1.0, 0.3, 0.5)), (0.35, 0.72, 0.16, RGBColor(0.3, 0.6, 1.0)), (0.7, 0.5, 0.27, RGBColor(1.0, 0.75, 0.1)),
        ]
        for burst in bursts {
            let age = time - burst.delay
            guard age > 0, age < 1.2 else { continue }
            let open = 1 - pow(1 - min(1, age / 0.6), 3)
            let fade = age < 0.6 ? 1 : 1 - (age - 0.6) / 0.6
            let reach = width * 0.2 * open
            dc.setColor(burst.color, alpha: fade)
            for spark in 0..<16 {
                let angle = Double(spark) * Double.pi / 8 + Double(seed % 7) * 0.1
                dc.circle(width * burst.x + reach * cos(angle), height * burst.y + reach * sin(angle), width * 0.012)
            }
            dc.fill()
        }
    }

    private func paintResult(_ snapshot: FindItSnapshot, item: String, on dc: DrawingContext) {
        let tile = snapshot.tiles.first { $0.id == item }
        let card = LayoutRect(x: width * 0.08, y: height * 0.25, width: width * 0.84, height: height * 0.36)
        Card(title: FindItText.timeUp, text: "\(tile?.name ?? "")\n다음에 또 찾아보자!").draw(in: card, on: dc, theme: theme)
        PushButton(label: "홈으로").draw(in: box(FindItLayout.go), on: dc, theme: theme)
    }

    // MARK: Register

    private func paintRegister(_ snapshot: FindItSnapshot, on dc: DrawingContext) {
        PushButton(label: "◀ 홈", fill: RGBColor(0.55, 0.45, 0.4)).draw(in: box(FindItLayout.back), on: dc, theme: theme)
        let finder = box(FindItLayout.viewfinder)
        dc.roundedRect(finder.x, finder.y, finder.width, finder.height, radius: width * 0.05)
        dc.setColor(RGBColor(0.22, 0.2, 0.24))
        dc.fill()
        // Corner marks of a camera's frame, and the guide: which side to shoot next.
        dc.setColor(.white)
        let inset = finder.width * 0.1, arm = finder.width * 0.12
        for (cx, cy, dx, dy) in [(finder.x + inset, finder.y + inset, 1.0, 1.0), (finder.maxX - inset, finder.y + inset, -1.0, 1.0),
                                 (finder.x + inset, finder.maxY - inset, 1.0, -1.0), (finder.maxX - inset, finder.maxY - inset, -1.0, -1.0)] {
            dc.move(cx + dx * arm, cy)
            dc.line(cx, cy)
            dc.line(cx, cy + dy * arm)
        }
        dc.stroke(width: width * 0.012)
        let guide = snapshot.savingItem == nil ? "\(snapshot.nextAngle.korean)에서 찍어주세요" : "저장했어요!"
        text(guide, in: LayoutRect(x: finder.x, y: finder.midY - finder.height * 0.1, width: finder.width,
                                                               height: finder.height * 0.2), on: dc, size: height * 0.04, color: .white)
        let count = snapshot.photosTaken.count
        text("사진 \(count) / \(snapshot.recommendedPhotos)", in: LayoutRect(x: finder.x, y: finder.maxY - finder.height * 0.2,
                                                                       width: finder.width, height: finder.height * 0.12),
             on: dc, size: height * 0.03, color: RGBColor(1.0, 0.85, 0.5))
        let strip = box(FindItLayout.strip)
        let cell = strip.width / Double(snapshot.recommendedPhotos)
        for index in 0..<snapshot.recommendedPhotos {
            let rect = LayoutRect(x: strip.x + Double(index) * cell + cell * 0.08, y: strip.y + (strip.height - cell * 0.84) / 2,
                                  width: cell * 0.84, height: cell * 0.84)
            if index < count {
                paintThumbnail(snapshot.photosTaken[index], in: rect, on: dc)
            } else {
                dc.roundedRect(rect.x, rect.y, rect.width, rect.height, radius: rect.width * 0.18)
                dc.setColor(index < snapshot.minimumPhotos ? RGBColor(1.0, 0.8, 0.6) : theme.disabled, alpha: 0.6)
                dc.fill()
            }
        }
        if let message = snapshot.message {
            let banner = box(FindItLayout.banner)
            Card(fill: RGBColor(1.0, 0.86, 0.82)).draw(in: banner, on: dc, theme: theme)
            text(message, in: banner.insetBy(banner.height * 0.3, banner.height * 0.12), on: dc, size: height * 0.03)
        }
        if let item = snapshot.savingItem {
            // The form as saved: name, hint and difficulty, over the strip of photos.
            let form = LayoutRect(x: width * 0.06, y: height * 0.555, width: width * 0.88, height: height * 0.22)
            Card(fill: RGBColor(1.0, 0.97, 0.88)).draw(in: form, on: dc, theme: theme)
            text(item.name, in: LayoutRect(x: form.x, y: form.y + form.height * 0.08, width: form.width, height: form.height * 0.34),
                 on: dc, size: height * 0.04)
            text(item.hint, in: LayoutRect(x: form.x + form.width * 0.05, y: form.y + form.height * 0.42, width: form.width * 0.9,
                                           height: form.height * 0.28), on: dc, size: height * 0.026, bold: false)
            paintStars(item.difficulty, centre: (form.midX, form.y + form.height * 0.84), size: form.height * 0.07, on: dc)
        }
        if let progress = snapshot.trainingProgress {
            text("\(FindItText.training) \(Int((progress * 100).rounded()))%", in: box(LayoutRect(x: 0.06, y: 0.8, width: 0.88, height: 0.09)),
                 on: dc, size: height * 0.035)
            ProgressBar(fraction: progress, fill: RGBColor(0.3, 0.75, 0.45)).draw(in: box(FindItLayout.trainingBar), on: dc, theme: theme)
        } else {
            PushButton(label: "찰칵").draw(in: box(FindItLayout.shutter), on: dc, theme: theme)
            PushButton(label: "저장", state: count >= snapshot.minimumPhotos ? .normal : .disabled, fill: RGBColor(0.3, 0.75, 0.45))
                .draw(in: box(FindItLayout.save), on: dc, theme: theme)
        }
    }
}
