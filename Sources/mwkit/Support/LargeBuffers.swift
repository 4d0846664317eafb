#if canImport(Glibc)
import Glibc
#endif

/// How glibc's allocator treats large blocks, for a command that builds a large model.
///
/// glibc serves a block over its mmap threshold (128 KiB) with its own mapping and unmaps it
/// when freed, but raises the threshold to the size of every such block freed (up to 32 MiB):
/// after the first large array is freed, large arrays come from its heap and, once freed, stay
/// resident. A book import frees its CSV table and its rows (tens of MB) while it builds the
/// library, so the peak RSS kept them; with the threshold fixed they go back to the kernel
/// (a 50,000-row Goodreads import: 162 → 146 MB).
enum LargeBuffers {
    /// Large blocks mapped and unmapped whatever was freed before (M_MMAP_THRESHOLD fixed at
    /// glibc's default). A no-op where there is no glibc.
    static func returnWhenFreed() {
        #if canImport(Glibc)
        // mallopt is not in Swift's Glibc module: looked up by name (nil handle: RTLD_DEFAULT).
        guard let symbol = dlsym(nil, "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
        _ = mallopt(-3 /* M_MMAP_THRESHOLD */, 128 * 1024)
        #endif
    }
}
