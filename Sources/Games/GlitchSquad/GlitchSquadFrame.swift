import Drawing
import Foundation
import Vocabulary

/// One frame of Glitch Squad: each screen of the flow drawn from a snapshot, in output pixels
/// (a 720-wide design scaled by `u`), over the painter's cached rooms.
struct GlitchSquadFrame {
    let snapshot: GlitchSquadSnapshot
    let dc: DrawingContext
    let width: Double
    let height: Double
    /// Output pixels per design pixel (the design is 720 wide).
    let u: Double
    let layout: GlitchSquadLayout
    let theme: WidgetTheme
    /// Pixel's and the fruit's skins (none: the built-in look).
    let skins: GlitchSquadSkins

    init(snapshot: GlitchSquadSnapshot, dc: DrawingContext, skins: GlitchSquadSkins = GlitchSquadSkins()) {
        self.snapshot = snapshot
        self.skins = skins
        self.dc = dc
        width = Double(snapshot.width)
        height = Double(snapshot.height)
        u = width / 720
        layout = GlitchSquadLayout(width: width, height: height)
        var theme = WidgetTheme.playful
        theme.fontFamily = GlitchSquadPainter.fontFamily
        theme.cornerRadius = 24 * u
        theme.ink = .white
        theme.surface = RGBColor(1, 1, 1, alpha: 0.18)
        theme.outline = RGBColor(1, 1, 1, alpha: 0.3)
        theme.outlineWidth = 1
        theme.shadow = RGBColor(0.1, 0.9, 0.4, alpha: 0.25)
        theme.minimumTextSize = max(6, 10 * u)
        self.theme = theme
    }

    private var reduceMotion: Bool { snapshot.settings.reduceMotion }
    private var highContrast: Bool { snapshot.settings.highContrast }

    // MARK: Pieces

    private func rect(_ r: (x: Double, y: Double, width: Double, height: Double)) -> LayoutRect {
        LayoutRect(x: r.x, y: r.y, width: r.width, height: r.height)
    }

    @discardableResult
    private func text(_ words: String, _ box: LayoutRect, size: Double, color: RGBColor = .white, bold: Bool = true,
                      left: Bool = false) -> Double {
        PangoText.draw(words, in: dc, x: box.x, y: box.y, width: box.width, height: box.height, size: size * u,
                       minimum: max(6, 9 * u), bold: bold, color: (Double(color.red), Double(color.green), Double(color.blue), Double(color.alpha)),
                       alignment: left ? .left : .center, family: GlitchSquadPainter.fontFamily)
    }

    /// A glass card over `room` (drawn at `roomX`), with a glow.
    private func glass(_ box: LayoutRect, room: GlitchSquadRoom?, roomX: Double = 0, glow: RGBColor = RGBColor(0.5, 0.4, 1),
                       strength: Double = 0.4, dark: Bool = false) {
        GlassCard(backdrop: room.map { ($0.frosted, roomX, 0) },
                  tint: dark ? RGBColor(0.05, 0.02, 0.12, alpha: 0.5) : RGBColor(1, 1, 1, alpha: 0.14),
                  glow: glow, glowStrength: strength, solid: highContrast).draw(in: box, on: dc, theme: theme)
    }

    /// The shake of mission 02's wobbly UI (none under reduce motion, none once he is stabilised).
    private var shake: (x: Double, y: Double) {
        guard snapshot.mission.number == 2, !snapshot.won, !reduceMotion else { return (0, 0) }
        let t = snapshot.time
        return (sin(t * 37) * 6 * u, cos(t * 29) * 4 * u)
    }

    private var pixelHappy: Bool { snapshot.won }

    private func pixel(x: Double, y: Double, size: Double) {
        // His glitching eye changes five times a second; under reduce motion it stays one picture.
        let beat = reduceMotion ? 0 : UInt64(snapshot.time * 5)
        skins.pixel(on: dc, x: x, y: y, size: size, happy: pixelHappy, glitchSeed: snapshot.seed &+ beat &+ 1,
                             glitching: !snapshot.won, highContrast: highContrast)
    }

    /// Pixel's words, in a glass bubble.
    private func line(_ words: String, box: LayoutRect, room: GlitchSquadRoom?) {
        glass(box, room: room, glow: RGBColor(0.3, 0.9, 1), strength: 0.3, dark: true)
        text(words, box.insetBy(20 * u, 10 * u), size: 30)
    }

    // MARK: Hook

    func paintHook() {
        let t = snapshot.phaseSeconds
        dc.setColor(RGBColor(0.01, 0.01, 0.03))
        dc.rect(0, 0, width, height)
        dc.fill()
        // Static: blocks of seeded grey, a new field every frame (one still field under reduce motion).
        let cell = 12 * u
        var noise = (snapshot.seed &+ (reduceMotion ? 0 : UInt64(snapshot.time * 30))) &* 0x9E37_79B9_7F4A_7C15 | 1
        let fade = reduceMotion ? 0.12 : max(0.1, 0.45 - t * 0.08)
        var y = 0.0
        while y < height {
            var x = 0.0
            while x < width {
                noise ^= noise << 13; noise ^= noise >> 7; noise ^= noise << 17
                let grey = Float(noise % 1000) / 1000
                dc.rect(x, y, cell, cell)
                dc.setColor(RGBColor(grey, grey, grey), alpha: fade * Double(grey))
                dc.fill()
                x += cell
            }
            y += cell
        }
        // The reveal: from 1 s, Pixel glitches in (torn slices), steady from 2 s; a crossfade under reduce motion.
        let reveal = min(1, max(0, t - 1))
        guard reveal > 0 else { return }
        let centre = (x: width / 2, y: height * 0.42), size = width * 0.62
        if reduceMotion || reveal >= 1 {
            dc.saved {
                dc.rect(0, 0, width, height)
                dc.clip()
                pixel(x: centre.x, y: centre.y, size: size)
            }
            if reveal < 1 {
                dc.setColor(RGBColor(0.01, 0.01, 0.03), alpha: 1 - reveal)
                dc.rect(0, 0, width, height)
                dc.fill()
            }
        } else {
            let slices = 9
            for slice in 0..<slices {
                let top = centre.y - size / 2 + Double(slice) * size / Double(slices)
                var hash = UInt64(slice + 1) &* 0x2545_F491_4F6C_DD1D &+ UInt64(snapshot.time * 30)
                hash ^= hash >> 29
                let shift = (Double(hash % 200) / 100 - 1) * 40 * u * (1 - reveal)
                let shown = Double(hash % 100) / 100 < reveal + 0.2
                guard shown else { continue }
                dc.saved {
                    dc.rect(0, top, width, size / Double(slices) + 1)
                    dc.clip()
                    dc.translate(shift, 0)
                    pixel(x: centre.x, y: centre.y, size: size)
                }
            }
        }
        if t >= 1.5, let words = snapshot.line {
            line(words, box: LayoutRect(x: 50 * u, y: height * 0.72, width: width - 100 * u, height: 190 * u), room: nil)
        }
    }

    // MARK: Base

    func paintBase(room: GlitchSquadRoom) {
        let t = snapshot.time
        let sway = reduceMotion ? 0 : sin(t * 0.9) * 8 * u
        dc.draw(room.picture, x: 0, y: 0)
        flickeringLights(time: t)
        GlitchSquadArt.debris(on: dc, width: width, height: height, offset: sway * 2)
        // Pixel idles: a slow bob, and every few seconds a twitch.
        let bob = reduceMotion ? 0 : sin(t * 2) * 6 * u
        let twitch = reduceMotion || snapshot.won ? 0 : (t.truncatingRemainder(dividingBy: 3.1) < 0.12 ? 7 * u : 0)
        pixel(x: width / 2 + twitch + shake.x, y: height * 0.42 + bob + shake.y, size: width * 0.56)
        if snapshot.mission.number == 3 {
            GlitchSquadArt.virus(on: dc, x: width * 0.78, y: height * 0.3, size: width * 0.2, time: reduceMotion ? 0 : t,
                                 dissolve: snapshot.won ? 1 : 0)
        }
        energyBar(room: room)
        backpack(room: room)
        missionCard(room: room)
        if let ending = snapshot.ending, let words = snapshot.line, snapshot.lineSeconds < 6 {
            _ = ending
            line(words, box: LayoutRect(x: 50 * u, y: height * 0.14, width: width - 100 * u, height: 130 * u), room: room)
        }
    }

    private func flickeringLights(time: Double) {
        for (index, x) in [0.2, 0.5, 0.8].enumerated() {
            var on = 1.0
            if !snapshot.baseRepaired && !reduceMotion {
                // Broken lights stutter: off in short, uneven gaps.
                let phase = (time * (1.7 + Double(index) * 0.6) + Double(index)).truncatingRemainder(dividingBy: 1)
                on = phase < 0.12 ? 0.15 : 1
            }
            dc.setRadialGradient(center: (x * width, 20 * u), radius: 160 * u,
                                 stops: [(0, RGBColor(1, 0.95, 0.8, alpha: Float(0.55 * on))), (1, RGBColor(1, 0.95, 0.8, alpha: 0))])
            dc.rect(x * width - 170 * u, 0, 340 * u, 200 * u)
            dc.fill()
            dc.roundedRect(x * width - 50 * u, 8 * u, 100 * u, 14 * u, radius: 7 * u)
            dc.setColor(RGBColor(1, 0.97, 0.85), alpha: 0.3 + 0.7 * on)
            dc.fill()
        }
    }

    private func energyBar(room: GlitchSquadRoom) {
        let box = LayoutRect(x: 24 * u + shake.x, y: 40 * u + shake.y, width: 300 * u, height: 96 * u)
        glass(box, room: room, strength: 0.25, dark: true)
        text("ENERGY LEVEL", LayoutRect(x: box.x + 20 * u, y: box.y + 8 * u, width: 180 * u, height: 34 * u), size: 22, left: true)
        text("\(snapshot.battery)%", LayoutRect(x: box.maxX - 100 * u, y: box.y + 8 * u, width: 80 * u, height: 34 * u),
             size: 24, color: batteryColor)
        ProgressBar(fraction: Double(snapshot.battery) / 100, fill: batteryColor)
            .draw(in: LayoutRect(x: box.x + 20 * u, y: box.y + 52 * u, width: box.width - 40 * u, height: 24 * u), on: dc, theme: theme)
    }

    private var batteryColor: RGBColor {
        snapshot.battery <= 30 ? GlitchSquadArt.alarmRed : (snapshot.battery < 100 ? RGBColor(1, 0.8, 0.2) : GlitchSquadArt.neonGreen)
    }

    private func backpack(room: GlitchSquadRoom) {
        let box = LayoutRect(x: width - 24 * u - 150 * u + shake.x, y: 40 * u + shake.y, width: 150 * u, height: 96 * u)
        glass(box, room: room, strength: 0.25, dark: true)
        // A bag: a rounded body and a handle.
        let cx = box.x + 44 * u, cy = box.midY + 4 * u
        dc.roundedRect(cx - 22 * u, cy - 18 * u, 44 * u, 40 * u, radius: 10 * u)
        dc.setColor(RGBColor(0.35, 0.85, 1))
        dc.fill()
        dc.arc(cx, cy - 18 * u, 12 * u, from: .pi, to: 2 * .pi)
        dc.setColor(RGBColor(0.35, 0.85, 1))
        dc.stroke(width: 5 * u)
        text("\(snapshot.coins)", LayoutRect(x: box.x + 70 * u, y: box.y, width: 70 * u, height: box.height), size: 30)
    }

    private func missionCard(room: GlitchSquadRoom) {
        let box = rect(layout.missionCard)
        let shifted = LayoutRect(x: box.x + shake.x, y: box.y + shake.y, width: box.width, height: box.height)
        if snapshot.won {
            glass(shifted, room: room, glow: GlitchSquadArt.neonGreen, strength: 0.4, dark: true)
            text("SYSTEM STABLE", LayoutRect(x: shifted.x, y: shifted.y + 24 * u, width: shifted.width, height: 60 * u), size: 44,
                 color: GlitchSquadArt.neonGreen)
            text(snapshot.baseRepaired ? "Base fully repaired! Great work, Agent!" : "Mission complete. See you soon, Agent!",
                 LayoutRect(x: shifted.x + 30 * u, y: shifted.y + 96 * u, width: shifted.width - 60 * u, height: 110 * u), size: 30, bold: false)
            return
        }
        // The red glow pulses once a second (steady under reduce motion).
        let pulse = reduceMotion ? 0.6 : 0.45 + 0.45 * (0.5 + 0.5 * sin(snapshot.time * 2 * .pi))
        glass(shifted, room: room, glow: GlitchSquadArt.alarmRed, strength: pulse, dark: true)
        text(snapshot.ending == nil ? "MISSION AVAILABLE" : "MISSION AVAILABLE",
             LayoutRect(x: shifted.x, y: shifted.y + 24 * u, width: shifted.width, height: 64 * u), size: 48,
             color: RGBColor(1, 0.45, 0.5))
        text(snapshot.ending == nil ? "Emergency! Reboot Sequence." : "Try again any time, Agent!",
             LayoutRect(x: shifted.x + 30 * u, y: shifted.y + 100 * u, width: shifted.width - 60 * u, height: 100 * u), size: 34)
    }

    // MARK: Briefing

    func paintBriefing(room: GlitchSquadRoom) {
        let t = snapshot.phaseSeconds
        // The camera zooms into Pixel's face over 0.6 s (under reduce motion: no zoom, a dimming crossfade).
        let progress = reduceMotion ? 0 : ease(min(1, t / 0.6))
        let zoom = 1 + 0.7 * progress
        dc.saved {
            // Pixel's face moves up from its place (0.42 down) to 0.3 as it grows.
            dc.translate(width / 2, height * (0.42 - 0.12 * progress))
            dc.scale(zoom, zoom)
            dc.translate(-width / 2, -height * 0.42)
            dc.draw(room.picture, x: 0, y: 0)
            pixel(x: width / 2 + shake.x, y: height * 0.42 + shake.y, size: width * 0.56)
        }
        dc.setColor(RGBColor(0.02, 0.0, 0.08), alpha: 0.35 * min(1, t / 0.6))
        dc.rect(0, 0, width, height)
        dc.fill()
        // The mission card slides up over 0.8 s from below the screen (fades in under reduce motion).
        let slide = ease(min(1, t / 0.8))
        let panel = rect(layout.missionPanel)
        let offset = reduceMotion ? 0 : (1 - slide) * (height - panel.y)
        let box = LayoutRect(x: panel.x + shake.x, y: panel.y + offset + shake.y, width: panel.width, height: panel.height)
        if reduceMotion {
            dc.saved {
                dc.rect(0, 0, width, height)
                dc.clip()
                missionPanel(box, room: room, time: t)
            }
            dc.setColor(RGBColor(0.02, 0.0, 0.08), alpha: 0.35 * (1 - slide))
            dc.rect(box.x - 40 * u, box.y - 40 * u, box.width + 80 * u, box.height + 80 * u)
            dc.fill()
        } else {
            missionPanel(box, room: room, time: t)
        }
    }

    private func missionPanel(_ box: LayoutRect, room: GlitchSquadRoom, time t: Double) {
        glass(box, room: room, glow: RGBColor(0.4, 0.5, 1), strength: 0.5, dark: true)
        let mission = snapshot.mission
        text("MISSION 0\(mission.number): \(mission.title.uppercased())",
             LayoutRect(x: box.x + 30 * u, y: box.y + 20 * u, width: box.width - 60 * u, height: 44 * u), size: 30,
             color: RGBColor(0.5, 0.9, 1))
        text(mission.problem, LayoutRect(x: box.x + 30 * u, y: box.y + 70 * u, width: box.width - 60 * u, height: 90 * u), size: 32, bold: false)
        // The target: a silhouette that sharpens into the fruit between 0.8 s and 1.8 s.
        let sharp = reduceMotion ? min(1, t / 1.0) : min(1, max(0, t - 0.8))
        let icon = (x: box.midX, y: box.y + 230 * u)
        dc.circle(icon.x, icon.y, 70 * u)
        dc.setColor(.white, alpha: 0.12)
        dc.fill()
        skins.fruit(mission.target, on: dc, x: icon.x, y: icon.y, size: 110 * u, silhouette: 1 - sharp)
        text(mission.prompt, LayoutRect(x: box.x + 30 * u, y: box.y + 310 * u, width: box.width - 60 * u, height: 90 * u), size: 34)
        let button = rect(layout.acceptButton)
        // "High energy": the button breathes (still under reduce motion).
        let pulse = reduceMotion ? 0 : 4 * u * sin(t * 2 * .pi * 1.2)
        let face = LayoutRect(x: button.x - pulse, y: box.y + (button.y - rect(layout.missionPanel).y) - pulse / 2,
                              width: button.width + 2 * pulse, height: button.height + pulse)
        var buttonTheme = theme
        buttonTheme.onAccent = highContrast ? RGBColor(0, 0, 0) : .white
        PushButton(label: snapshot.buttonLabel, fill: RGBColor(0.35, 1, 0.45), gradientEnd: RGBColor(0.0, 0.62, 0.28))
            .draw(in: face, on: dc, theme: buttonTheme)
    }

    private func ease(_ x: Double) -> Double { 1 - pow(1 - x, 3) }

    // MARK: Hunt and capture

    /// Where the kitchen's left edge is, in whole pixels (its picture is then copied, not filtered).
    private func kitchenX(_ pan: Double) -> Double { (-pan * width).rounded() }

    func paintHunt(kitchen: GlitchSquadRoom) {
        let captured = snapshot.phase == .capture
        let roomX = kitchenX(snapshot.pan)
        dc.copy(kitchen.picture, x: roomX, y: 0)
        for fruit in snapshot.fruits { fruitOnCounter(fruit) }
        if snapshot.flashlight {
            dc.setRadialGradient(center: (width / 2, height * 0.45), radius: width * 0.6,
                                 stops: [(0, RGBColor(1, 1, 0.85, alpha: 0.35)), (1, RGBColor(1, 1, 0.85, alpha: 0))])
            dc.rect(0, 0, width, height)
            dc.fill()
        } else if let vignette = kitchen.vignette {
            dc.draw(vignette, x: 0, y: 0)
        }
        reticle(locked: captured || snapshot.holding)
        for fruit in snapshot.fruits { box(fruit) }
        topBar(kitchen: kitchen, roomX: roomX)
        if captured {
            lockedBanner(kitchen: kitchen, roomX: roomX)
        } else {
            bottomBar(kitchen: kitchen, roomX: roomX)
        }
    }

    private func screenBox(_ box: (x: Double, y: Double, width: Double, height: Double)) -> LayoutRect {
        LayoutRect(x: box.x * width, y: box.y * height, width: box.width * width, height: box.height * height)
    }

    private func fruitOnCounter(_ fruit: GlitchSquadSnapshot.Fruit) {
        let box = screenBox((fruit.box.x, fruit.box.y, fruit.box.width, fruit.box.height))
        skins.fruit(fruit.label, on: dc, x: box.midX, y: box.midY, size: min(box.width, box.height) * 0.85)
    }

    private func reticle(locked: Bool) {
        let side = width * 0.5, x = (width - side) / 2, y = height * 0.45 - side / 2, arm = side * 0.18
        for (cx, cy, dx, dy) in [(x, y, 1.0, 1.0), (x + side, y, -1.0, 1.0), (x, y + side, 1.0, -1.0), (x + side, y + side, -1.0, -1.0)] {
            dc.move(cx + dx * arm, cy)
            dc.line(cx, cy)
            dc.line(cx, cy + dy * arm)
        }
        dc.setColor(locked ? GlitchSquadArt.neonGreen : .white, alpha: 0.85)
        dc.stroke(width: (highContrast ? 8 : 5) * u)
    }

    private func box(_ fruit: GlitchSquadSnapshot.Fruit) {
        let box = screenBox((fruit.box.x, fruit.box.y, fruit.box.width, fruit.box.height))
        let green = fruit.green || (snapshot.phase == .capture && fruit.target)
        let color = green ? GlitchSquadArt.neonGreen : RGBColor.white
        if green && !highContrast {
            for layer in 1...3 {
                let spread = Double(layer) * 4 * u
                dc.roundedRect(box.x - spread, box.y - spread, box.width + 2 * spread, box.height + 2 * spread, radius: 12 * u + spread)
                dc.setColor(color, alpha: 0.18)
                dc.stroke(width: 4 * u)
            }
        }
        dc.roundedRect(box.x, box.y, box.width, box.height, radius: 12 * u)
        dc.setColor(color)
        dc.stroke(width: (green ? 6 : 3) * u * (highContrast ? 1.6 : 1))
        let label = "\(fruit.label) \(Int((fruit.confidence * 100).rounded()))%"
        let placed = Self.labelAndRing(around: box, u: u)
        let tag = placed.tag
        dc.roundedRect(tag.x, tag.y, tag.width, tag.height, radius: 10 * u)
        dc.setColor(color, alpha: 0.9)
        dc.fill()
        text(label, tag.insetBy(8 * u, 2 * u), size: 24, color: RGBColor(0.05, 0.05, 0.1), left: true)
        if green, snapshot.holding {
            // The hold's ring fills over the 1.5 s; a path of its own, or Cairo would join it
            // with a line to where the label's text left off.
            dc.newPath()
            dc.arc(box.midX, box.midY, placed.ringRadius, from: -.pi / 2, to: -.pi / 2 + 2 * .pi * snapshot.holdProgress)
            dc.setColor(GlitchSquadArt.neonGreen)
            dc.stroke(width: placed.ringWidth)
        }
    }

    /// Where a fruit's label and hold ring go around its box: the ring a little wider than the
    /// box, the label above the ring's top (always, so it does not jump when a hold starts), so
    /// the ring never runs through the label's words.
    static func labelAndRing(around box: LayoutRect, u: Double) -> (tag: LayoutRect, ringRadius: Double, ringWidth: Double) {
        let ringRadius = min(box.width, box.height) * 0.62, ringWidth = 8 * u
        let ringTop = box.midY - ringRadius - ringWidth / 2
        let height = 36 * u
        let bottom = min(box.y - 4 * u, ringTop - 10 * u)
        return (LayoutRect(x: box.x, y: bottom - height, width: max(box.width, 180 * u), height: height), ringRadius, ringWidth)
    }

    private func topBar(kitchen: GlitchSquadRoom, roomX: Double) {
        let bar = rect(layout.topBar)
        let acquired = snapshot.holding || snapshot.phase == .capture
        glass(bar, room: kitchen, roomX: roomX, glow: acquired ? GlitchSquadArt.neonGreen : RGBColor(0.5, 0.4, 1), strength: 0.35, dark: true)
        if acquired {
            text("TARGET ACQUIRED! HOLD STEADY...", LayoutRect(x: bar.x + 24 * u, y: bar.y, width: bar.width - 200 * u, height: bar.height),
                 size: 30, color: GlitchSquadArt.neonGreen, left: true)
        } else {
            text("Searching for:", LayoutRect(x: bar.x + 24 * u, y: bar.y, width: 250 * u, height: bar.height), size: 32, left: true)
            skins.fruit(snapshot.mission.target, on: dc, x: bar.x + 310 * u, y: bar.midY, size: 70 * u)
        }
        // The timer: red, blinking (shown for the first half of each second; steady under reduce motion).
        let blinkOn = reduceMotion || snapshot.phase == .capture || snapshot.huntSeconds.truncatingRemainder(dividingBy: 1) < 0.5
        if blinkOn {
            let seconds = snapshot.remainingSeconds
            text(String(format: "%02d:%02d", seconds / 60, seconds % 60),
                 LayoutRect(x: bar.maxX - 170 * u, y: bar.y, width: 150 * u, height: bar.height), size: 44,
                 color: highContrast ? RGBColor(1, 0.35, 0.35) : GlitchSquadArt.alarmRed)
        }
    }

    private func bottomBar(kitchen: GlitchSquadRoom, roomX: Double) {
        let bar = rect(layout.bottomBar)
        glass(bar, room: kitchen, roomX: roomX, strength: 0.25, dark: true)
        let toggle = rect(layout.flashlightButton)
        dc.roundedRect(toggle.x, toggle.y, toggle.width, toggle.height, radius: toggle.height / 2)
        dc.setColor(snapshot.flashlight ? RGBColor(1, 0.9, 0.4) : RGBColor(1, 1, 1, alpha: 0.2))
        dc.fill()
        text(snapshot.flashlight ? "Flashlight ON" : "Flashlight", toggle.insetBy(10 * u, 4 * u), size: 26,
             color: snapshot.flashlight ? RGBColor(0.1, 0.1, 0.2) : .white)
        let giveUp = rect(layout.giveUpButton)
        text("Give Up", giveUp, size: 22, color: RGBColor(1, 1, 1, alpha: 0.75), bold: false)
    }

    private func lockedBanner(kitchen: GlitchSquadRoom, roomX: Double) {
        // The scan: a green line sweeping down the frozen frame.
        let sweep = min(1, snapshot.phaseSeconds / 0.8)
        if let captured = snapshot.capturedBox {
            let box = screenBox((captured.x, captured.y, captured.width, captured.height))
            let y = box.y + box.height * sweep
            dc.move(box.x - 10 * u, y)
            dc.line(box.maxX + 10 * u, y)
            dc.setColor(GlitchSquadArt.neonGreen)
            dc.stroke(width: 4 * u)
        }
        let banner = LayoutRect(x: 60 * u, y: height * 0.74, width: width - 120 * u, height: 130 * u)
        glass(banner, room: kitchen, roomX: roomX, glow: GlitchSquadArt.neonGreen, strength: 0.7, dark: true)
        text("TARGET LOCKED", banner.insetBy(20 * u, 10 * u), size: 64, color: GlitchSquadArt.neonGreen)
    }

    // MARK: Reward

    func paintReward(kitchen: GlitchSquadRoom) {
        let t = snapshot.phaseSeconds
        let roomX = kitchenX(snapshot.pan)
        dc.draw(kitchen.picture, x: roomX, y: 0)
        // The frozen frame goes dim and blue, as if digitised.
        dc.setColor(RGBColor(0.08, 0.02, 0.25), alpha: 0.55)
        dc.rect(0, 0, width, height)
        dc.fill()
        let slot = (x: width / 2, y: height * 0.9)
        let digitize = min(1, t / GlitchSquadSimulation.digitizeSeconds)
        if let captured = snapshot.capturedBox {
            let box = screenBox((captured.x, captured.y, captured.width, captured.height))
            // A grid over the fruit, then the fruit shrinks and flies into the backpack's slot.
            let travel = reduceMotion ? (digitize < 1 ? 0 : 1) : ease(max(0, (digitize - 0.3) / 0.7))
            let x = box.midX + (slot.x - box.midX) * travel, y = box.midY + (slot.y - box.midY) * travel
            let size = min(box.width, box.height) * 0.85 * (1 - 0.7 * travel)
            if digitize < 1 {
                skins.fruit(snapshot.mission.target, on: dc, x: x, y: y, size: size)
                let cells = 6
                for index in 0...cells {
                    let f = Double(index) / Double(cells)
                    dc.move(x - size / 2 + f * size, y - size / 2)
                    dc.line(x - size / 2 + f * size, y + size / 2)
                    dc.move(x - size / 2, y - size / 2 + f * size)
                    dc.line(x + size / 2, y - size / 2 + f * size)
                }
                dc.setColor(GlitchSquadArt.neonGreen, alpha: 0.8)
                dc.stroke(width: 2 * u)
            }
        }
        // The inventory slot.
        let slotBox = LayoutRect(x: slot.x - 60 * u, y: slot.y - 60 * u, width: 120 * u, height: 120 * u)
        glass(slotBox, room: kitchen, roomX: roomX, glow: GlitchSquadArt.neonGreen, strength: 0.4, dark: true)
        if digitize >= 1 {
            skins.fruit(snapshot.mission.target, on: dc, x: slot.x, y: slot.y, size: 80 * u)
        }
        // Mission 03's virus dissolves as Pixel is repaired (gone at once under reduce motion).
        if snapshot.mission.number == 3 {
            GlitchSquadArt.virus(on: dc, x: width * 0.8, y: height * 0.12, size: width * 0.2, time: reduceMotion ? 0 : snapshot.time,
                                 dissolve: reduceMotion ? 1 : digitize)
        }
        // Pixel, stabilised, with his words.
        pixel(x: width / 2, y: height * 0.22, size: width * 0.36)
        text("System Stabilized!", LayoutRect(x: 40 * u, y: height * 0.37, width: width - 80 * u, height: 70 * u), size: 52,
             color: GlitchSquadArt.neonGreen)
        guard digitize >= 1 else { return }
        // The reward card.
        let card = rect(layout.rewardCard)
        let shown = reduceMotion ? min(1, (t - GlitchSquadSimulation.digitizeSeconds) / 0.4) : 1
        let rise = reduceMotion ? 0 : (1 - ease(min(1, (t - GlitchSquadSimulation.digitizeSeconds) / 0.5))) * height * 0.3
        let box = LayoutRect(x: card.x, y: card.y + rise, width: card.width, height: 230 * u)
        glass(box, room: kitchen, roomX: roomX, glow: RGBColor(1, 0.8, 0.2), strength: 0.5 * shown, dark: true)
        text("Mission Complete!", LayoutRect(x: box.x, y: box.y + 24 * u, width: box.width, height: 80 * u), size: 60)
        text("+\(snapshot.mission.coins) Glitch Bits", LayoutRect(x: box.x, y: box.y + 110 * u, width: box.width, height: 60 * u), size: 44,
             color: RGBColor(1, 0.85, 0.25))
        text("Battery \(snapshot.mission.batteryBefore)% → \(snapshot.battery)%", LayoutRect(x: box.x, y: box.y + 170 * u, width: box.width, height: 40 * u),
             size: 30, bold: false)
        let button = rect(layout.returnButton)
        PushButton(label: "Return to Base", fill: RGBColor(0.45, 0.6, 1), gradientEnd: RGBColor(0.35, 0.15, 0.8))
            .draw(in: LayoutRect(x: button.x, y: button.y + rise, width: button.width, height: button.height), on: dc, theme: theme)
    }
}
