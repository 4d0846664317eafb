/// Limits enforced while reading a ZIP, so decompression bombs and archives with absurd entry
/// counts fail with a `zip-limit-exceeded` diagnostic instead of filling disk or memory.
/// Defaults (documented in docs/FORMAT.md) are far above any real MediaWatch backup.
public struct ZipLimits: Sendable, Equatable {
    /// Most entries accepted (files and directories). Default 200,000.
    public var maxEntries: Int
    /// Most uncompressed bytes accepted over all entries. Default 32 GiB.
    public var maxTotalBytes: Int64
    /// Highest uncompressed/compressed ratio accepted for one entry, checked once the entry
    /// has produced more than ``ratioThreshold`` bytes. Default 200 (deflate's own maximum is
    /// about 1032; real JSON backups compress 5–20×, images about 1×).
    public var maxRatio: Int
    /// Entries smaller than this many uncompressed bytes are not ratio-checked. Default 1 MiB.
    public var ratioThreshold: Int64
    /// Largest manifest.json read into memory. Default 64 MiB.
    public var maxManifestBytes: Int64

    public init(maxEntries: Int = 200_000, maxTotalBytes: Int64 = 32 << 30, maxRatio: Int = 200,
                ratioThreshold: Int64 = 1 << 20, maxManifestBytes: Int64 = 64 << 20) {
        self.maxEntries = maxEntries
        self.maxTotalBytes = maxTotalBytes
        self.maxRatio = maxRatio
        self.ratioThreshold = ratioThreshold
        self.maxManifestBytes = maxManifestBytes
    }
}
