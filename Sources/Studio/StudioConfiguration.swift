/// How the studio is served: where it listens, what it shows, who may see it.
public struct StudioConfiguration: Sendable {
    /// The scene file, or a folder of scenes; nil for the princess game's built-in scene.
    public var target: String?
    /// The interface to listen on; anything but loopback needs the token.
    public var host: String
    /// The port; 0 for any free one.
    public var port: Int
    /// The largest preview frame; the scene's own size when smaller.
    public var previewLimit: (width: Int, height: Int)
    /// The token every request must carry, or nil on loopback.
    public var token: String?
    /// How often the scene's files are looked at, in seconds.
    public var pollInterval: Double
    /// The golden folder whose manifest the QA view reads (`check`'s default, `Golden`).
    public var goldenFolder: String = "Golden"
    /// The check report reviewed at `/review/` (`check`'s default, `out/report`).
    public var reportFolder: String = "out/report"
    /// The token the review's pages and decisions need, also on loopback (a page of another
    /// site must not approve goldens); the same as `token` when there is one.
    public var reviewToken: String

    /// A configuration from its parts.
    public init(target: String?, host: String = "127.0.0.1", port: Int = 4173, previewLimit: (width: Int, height: Int) = (1280, 720),
                token: String? = nil, pollInterval: Double = 0.02) {
        self.target = target
        self.host = host
        self.port = port
        self.previewLimit = previewLimit
        self.token = token
        reviewToken = token ?? AccessToken.make()
        self.pollInterval = pollInterval
    }
}
