extension Validator {
    /// A title's formatVersion 5 values (docs/FORMAT.md#formatversion-5): each `serviceIds`
    /// value `service:id`, each `unnumberedEpisodes` value `<season>|<days>|<title>`.
    mutating func checkFormatVersion5(_ t: Title, _ o: Origin) {
        if let bad = t.serviceIds.first(where: { ServiceID.parse($0) == nil }) {
            report(.error, .titleServiceId, "serviceIds value \(quoted(bad)) is not \"service:id\" (a lowercase service name, a colon, the id)", "titles", o, "serviceIds")
        }
        if let bad = t.unnumberedEpisodes.first(where: { UnnumberedEpisode($0) == nil }) {
            report(.error, .titleUnnumberedEpisode, "unnumberedEpisodes value \(quoted(bad)) is not \"<season>|<days>|<title>\" (a season number or nothing, YYYY-MM-DD days separated by commas, the episode's title)",
                   "titles", o, "unnumberedEpisodes")
        }
    }
}
