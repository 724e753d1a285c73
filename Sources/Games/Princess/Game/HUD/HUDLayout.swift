import Princess

/// Where the HUD's parts go on a canvas, in pixels, from the brief's sizes in points: the
/// action bar's two rows at the top right, the settings and help buttons at the top left,
/// the picker's cards along the bottom.
struct HUDLayout {
    /// Pixels per point.
    let s: Double
    let width: Double
    let height: Double

    /// Margin from the edges, points.
    static let margin = 12.0
    /// Action button diameter (the brief's 60 pt) and the gap between them.
    static let button = 60.0, buttonGap = 10.0
    /// A row: the button and its label beneath.
    static let rowHeight = 80.0
    /// The brief's card, 120×150 pt, and the gap between cards.
    static let cardWidth = 120.0, cardHeight = 150.0, cardGap = 12.0
    /// The round settings and help buttons: the 44 pt minimum target.
    static let smallButton = 44.0

    init(scale: Float, width: Int, height: Int) {
        self.init(s: Double(scale), width: Double(width), height: Double(height))
    }

    private init(s: Double, width: Double, height: Double) {
        self.s = s
        self.width = width
        self.height = height
    }

    /// This layout with its points made smaller, if they must be, so that a part of
    /// `points` (width, height) takes at most the given fractions of the canvas: a narrow
    /// `points_wide` never pushes the bar, the picker or a card off the canvas.
    func fitting(_ points: (Double, Double), widthFraction: Double, heightFraction: Double) -> HUDLayout {
        let fit = min(s, width * widthFraction / points.0, height * heightFraction / points.1)
        return HUDLayout(s: fit, width: width, height: height)
    }

    /// The action bar's layout: the bar (and the settings and help buttons beside it) within
    /// the canvas width and under half its height.
    var forBar: HUDLayout {
        fitting((5 * Self.button + 4 * Self.buttonGap + 2 * Self.margin, Self.margin + 2 * Self.rowHeight),
                widthFraction: 1, heightFraction: 0.45)
    }

    /// The picker's layout: its cards at most 40 % of the canvas height.
    var forPicker: HUDLayout {
        fitting((Self.cardWidth, Self.margin + Self.cardHeight), widthFraction: 1, heightFraction: 0.4)
    }

    /// A screen card's layout: its content needs about 560×330 points on a wide card and
    /// 340×480 on a tall one.
    var forScreen: HUDLayout {
        let wide = width > height
        return fitting(wide ? (560, 330) : (340, 480), widthFraction: 1, heightFraction: 1)
    }

    /// The centre of an action-bar button, in pixels.
    func buttonCenter(_ button: HUDButton) -> (Double, Double) {
        let row = HUDButton.effectRow.contains(button) ? HUDButton.effectRow : HUDButton.actionRow
        let rowIndex = row == HUDButton.effectRow ? 0 : 1
        let index = Double(row.firstIndex(of: button)!)
        let barWidth = 5 * Self.button + 4 * Self.buttonGap
        let rowWidth = Double(row.count) * Self.button + Double(row.count - 1) * Self.buttonGap
        let left = width / s - Self.margin - barWidth + (barWidth - rowWidth) / 2
        let x = left + index * (Self.button + Self.buttonGap) + Self.button / 2
        let y = Self.margin + Double(rowIndex) * Self.rowHeight + Self.button / 2
        return (x * s, y * s)
    }

    /// The bottom of the action bar, pixels.
    var barBottom: Double { (Self.margin + 2 * Self.rowHeight) * s }

    /// The centres of the settings (gear) and help buttons: top left, or under the bar when
    /// the bar leaves no room beside it.
    var chromeCenters: [(Double, Double)] {
        let barLeft = width / s - Self.margin - (5 * Self.button + 4 * Self.buttonGap)
        let r = Self.smallButton / 2
        if barLeft >= Self.margin + 2 * Self.smallButton + 8 {
            return [((Self.margin + r) * s, (Self.margin + r) * s), ((Self.margin + 8 + 3 * r) * s, (Self.margin + r) * s)]
        }
        let y = barBottom / s + r + 4
        return [((Self.margin + r) * s, y * s), ((Self.margin + 8 + 3 * r) * s, y * s)]
    }

    /// The top of the picker's cards, pixels.
    var pickerTop: Double { height - (Self.margin + Self.cardHeight) * s }

    /// The left edge of each card (pixels), scrolled so that the selected one shows.
    func cardLefts(selected: Int) -> [Double] {
        let rowWidth = 5 * Self.cardWidth + 4 * Self.cardGap
        let available = width / s - 2 * Self.margin
        var left = Self.margin + max(0, (available - rowWidth) / 2)
        if rowWidth > available {
            // A scrolling row: the selected card comes to the middle, the row never leaves a gap.
            let selectedCenter = Double(selected) * (Self.cardWidth + Self.cardGap) + Self.cardWidth / 2
            let offset = min(max(width / s / 2 - selectedCenter, width / s - Self.margin - rowWidth), Self.margin)
            left = offset
        }
        return (0..<5).map { (left + Double($0) * (Self.cardWidth + Self.cardGap)) * s }
    }
}
