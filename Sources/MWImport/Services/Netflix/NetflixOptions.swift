import MWCore

/// Netflix's reader options, declared by its descriptor (``FormatDescriptor/netflix``) and read
/// from ``ImportOptions/serviceOptions``: the import command and job pass them on unnamed.
extension ServiceOption {
    /// `--date-order`: how the viewing history's dates, written in the account's locale, are read.
    public static let netflixDateOrder = ServiceOption(
        "date-order", valueName: "order", choices: DateOrder.allCases.map(\.rawValue),
        help: "The order of day, month and year in dates written in the account's locale (Netflix's viewing history): dmy, mdy or ymd (default: decided per file, refused when ambiguous).")
    /// `--profile`: one profile's rows of the data-request export, which holds every profile.
    public static let netflixProfile = ServiceOption(
        "profile", valueName: "profile",
        help: "Read only this profile's rows (Netflix's data-request export holds every profile).")
}

extension ImportOptions {
    /// `--date-order`: how to read dates written in the account's locale (Netflix's
    /// `NetflixViewingHistory.csv`); nil: decided per file from its values, and refused when
    /// they could be read several ways.
    public var dateOrder: DateOrder? {
        get { serviceOptions[ServiceOption.netflixDateOrder.name].flatMap(DateOrder.init(rawValue:)) }
        set { serviceOptions[ServiceOption.netflixDateOrder.name] = newValue?.rawValue }
    }

    /// `--profile`: read only this profile's rows (compared ignoring case); nil: every profile.
    public var profile: String? {
        get { serviceOptions[ServiceOption.netflixProfile.name] }
        set { serviceOptions[ServiceOption.netflixProfile.name] = newValue }
    }
}
