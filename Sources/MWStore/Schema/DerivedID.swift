import MWFoundation

/// Ids of records mwkit has to create or re-key during a restore, made by ``StableID`` (the one
/// id maker) from what they stand for: restoring the same backup twice gives the same database,
/// and archives are reproducible.
enum DerivedID {
    static func make(_ parts: String...) -> String { StableID.uuid("derived", parts) }
}
