/// Placeholder; replaced by the streaming reader.
enum BackupReader {
    static func read(_ bytes: UnsafeRawBufferPointer, options: ReadOptions) -> ReadResult {
        ReadResult(diagnostics: [.error(.ioUnreadable, "reader not implemented yet")])
    }
}
enum V1Writer {
    static func write(_ library: Library, pretty: Bool, emit: ([UInt8]) -> Void) throws -> [Diagnostic] { throw MWError.failed("not implemented") }
}
enum V2Writer {
    static func write(_ library: Library, pretty: Bool, emit: ([UInt8]) -> Void) throws -> [Diagnostic] { throw MWError.failed("not implemented") }
}
