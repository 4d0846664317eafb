import MWCore

/// The fast path for TMDb bodies. Why not only `JSONDecoder`: a warm-cache run decodes every
/// cached show with all its seasons' episodes, and `Codable`'s per-key overhead dominated that
/// path (≈ 5× slower). MWCore's pull reader visits keys in place and builds only the values
/// the models keep; any failure makes the caller fall back to `JSONDecoder`, which then decides
/// and words the error.
typealias FastJSONReader = JSONPullReader
