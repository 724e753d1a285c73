import Audio
import CVBus
import GameKit

/// Everything the kiosk demo is told before it starts: what it plays, where it shows it,
/// what it hears and plays, and for how long.
public struct DemoConfiguration {
    /// The scene played, with its game, its timeline started again each time it ends.
    public var scene: OpenedScene
    /// A window of this size; nil fills the screen.
    public var windowSize: (width: Int, height: Int)?
    /// Write the frames that would be shown into this folder as PNGs instead of a window.
    public var framesFolder: String?
    /// The X display to show the window on (`$DISPLAY`); nil or empty when there is none.
    public var xDisplay: String?
    /// Frames shown per second; nil keeps the scene's frame rate.
    public var framesPerSecond: Int?
    /// Write the trace (JSON lines with `wall` seconds) here; "-" is standard output.
    public var tracePath: String?
    /// Seconds to run; nil runs until SIGINT or SIGTERM.
    public var duration: Double?
    /// Each pass of the attract loop takes a fresh random seed (recorded in the trace).
    public var freshSeed = false
    /// Sound effects are played.
    public var playsSound = true
    /// The PulseAudio sink to play to; nil is the server's default.
    public var speaker: String?
    /// Claps are heard.
    public var listens = true
    /// The PulseAudio source to hear claps from; nil is the server's default.
    public var microphone: String?
    /// How readily the microphone takes a sound for a clap, for the whole run; nil follows the
    /// scene's `clap_sensitivity` (its initial settings, then each change on its timeline).
    public var clapSensitivity: ClapSensitivity?
    /// How the demo's own sound is kept from being taken for claps.
    public var echo = EchoHandling.bands
    /// Whether each loud onset not taken for a clap is logged with the test that refused it.
    public var explainsRefusals = false
    /// Where the microphone thread records what it is given, for `listen` to replay (`RoomRecording`).
    public var roomRecording: String?
    /// Time jumps instead of passing, so hours run in minutes (tests of long runs only);
    /// no sound and no microphone, which need real time.
    public var virtualClock = false
    /// A recorded detection log whose events each pass of the scene receives at their times.
    public var cvRecording: CVRecording?
    /// The CV mock mode: a detection every 2 s at the middle of the picture, in every pass.
    public var cvMock = false
    /// Live detections, read from standard input or a Unix socket as they come.
    public var cvStream: CVStreamSource?
    /// The profile each pass starts from, saved at the end with what the passes changed.
    public var profile: RunProfile?

    /// A configuration that plays `scene` full screen, with sound and microphone, until stopped.
    public init(scene: OpenedScene) {
        self.scene = scene
    }
}
