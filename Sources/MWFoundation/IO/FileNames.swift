/// Rules for names mwkit uses as one path component (cached images, files inside a ZIP).
public enum FileNames {
    /// Whether `name` is safe as a single path component: not empty, not `.`/`..`, at most 255
    /// bytes, no separators (`/` or `\`, which Windows-made archives use) and no control
    /// characters (NUL included). Names taken from TMDb paths or archives are checked with this
    /// before anything is created under them.
    public static func isSafeComponent(_ name: String) -> Bool {
        if name.isEmpty || name == "." || name == ".." || name.utf8.count > 255 { return false }
        return !name.unicodeScalars.contains { $0 == "/" || $0 == "\\" || $0.value < 0x20 || $0.value == 0x7F }
    }
}
