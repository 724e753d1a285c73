// Stands in for CVBus's SteadyHold until the lead's commit lands on main; removed on merge.
struct SteadyHold: Sendable, Equatable {
    let threshold: Double
    let steps: Int
    let maxDrift: Double?
    private(set) var heldSince: Int?
    private var origin: (x: Double, y: Double)?
    private(set) var progress = 0.0

    init(threshold: Double = 0.8, steps: Int, maxDrift: Double? = nil) {
        self.threshold = threshold
        self.steps = steps
        self.maxDrift = maxDrift
    }

    static func == (lhs: SteadyHold, rhs: SteadyHold) -> Bool { lhs.heldSince == rhs.heldSince && lhs.progress == rhs.progress }

    mutating func sample(confidence: Double, centre: (x: Double, y: Double)?, step: Int) -> SteadyHoldChange {
        guard confidence > threshold else {
            defer { heldSince = nil; origin = nil; progress = 0 }
            return heldSince == nil ? .none : .reset(.dip)
        }
        guard let since = heldSince else {
            heldSince = step
            origin = centre
            progress = 0
            return .began
        }
        if let maxDrift, let origin, let centre,
           ((centre.x - origin.x) * (centre.x - origin.x) + (centre.y - origin.y) * (centre.y - origin.y)).squareRoot() >= maxDrift {
            heldSince = nil
            self.origin = nil
            progress = 0
            return .reset(.drift)
        }
        progress = min(1, Double(step - since) / Double(steps))
        if step - since >= steps {
            heldSince = nil
            self.origin = nil
            return .completed
        }
        return .none
    }
}

enum SteadyHoldChange: Sendable, Equatable { case none, began, reset(SteadyHoldReset), completed }
enum SteadyHoldReset: String, Sendable { case dip, drift }
