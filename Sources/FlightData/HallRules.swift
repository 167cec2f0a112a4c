/// When the hall's displays take a flight down: how long each kind of finished flight stays on the
/// board, part of the schedule's config (`hall`).
///
/// A departure stays `departedMinutes` after it left; an arrival `afterLastBagMinutes` after its last
/// bag is on the belt (`landedWithoutBeltMinutes` after landing when no belt was announced); a
/// canceled or diverted flight `canceledMinutes` after its current time. From then on it is past.
public struct HallRules: Hashable, Sendable {
    public var departedMinutes: Int
    public var afterLastBagMinutes: Int
    public var canceledMinutes: Int

    public init(departedMinutes: Int = 10, afterLastBagMinutes: Int = 10, canceledMinutes: Int = 30) {
        self.departedMinutes = departedMinutes
        self.afterLastBagMinutes = afterLastBagMinutes
        self.canceledMinutes = canceledMinutes
    }

    public static let `default` = HallRules()

    /// What a config may give each span, in whole minutes.
    public static let allowedMinutes = 0...240
    /// How long a landed arrival stays when no belt was announced for it.
    public static let landedWithoutBeltMinutes = 30
}
