/// A day of the calendar from a count of days since 1970-01-01 (Howard Hinnant's days_from_civil,
/// reversed): the history's dates, in UTC, without a calendar (which takes some microseconds a date).
public struct CivilDate: Hashable, Sendable {
    public let year: Int, month: Int, day: Int

    public init(daysSince1970 days: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shifted = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * shifted + 2) / 5 + 1
        month = shifted < 10 ? shifted + 3 : shifted - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// The day of a moment, `seconds` since 1970 (UTC).
    public init(secondsSince1970 seconds: Int) {
        self.init(daysSince1970: seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400)
    }

    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// "14 Nov 2023".
    public var text: String { "\(day) \(Self.months[month - 1]) \(year)" }
}
