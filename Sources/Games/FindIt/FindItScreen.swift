/// The screens of the document's navigation (§4.2), each with the item it shows.
public enum FindItScreen: Sendable, Equatable {
    /// The catalogue as a grid, the start button and [+].
    case home
    /// One item's detail.
    case detail(item: String)
    /// Taking photos with the angle guide, then saving (and the retraining).
    case register
    /// The mission card of the item to find, read aloud.
    case mission(item: String)
    /// The camera, the hot-and-cold border and the hold ring.
    case game(item: String)
    /// Fireworks and "찾았다!".
    case success(item: String)
    /// A time attack's end: found or not.
    case result(item: String)

    /// Its name in the trace.
    public var name: String {
        switch self {
        case .home: return "home"
        case .detail: return "detail"
        case .register: return "register"
        case .mission: return "mission"
        case .game: return "game"
        case .success: return "success"
        case .result: return "result"
        }
    }

    /// The item it shows, if one.
    public var item: String? {
        switch self {
        case .home, .register: return nil
        case .detail(let item), .mission(let item), .game(let item), .success(let item), .result(let item): return item
        }
    }
}
