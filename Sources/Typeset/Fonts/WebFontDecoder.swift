import CFreeType
import CHarfBuzz
import Foundation

/// Turns a WOFF or WOFF2 file into the plain sfnt (TrueType/OpenType) font it
/// wraps, which HarfBuzz then reads like any TTF or OTF file.
///
/// The decoder is FreeType's own: FreeType (built with zlib and Brotli, as
/// Debian's is) opens a WOFF or WOFF2 font by rebuilding the whole sfnt in
/// memory, and `FT_Load_Sfnt_Table` with tag 0 hands that rebuilt file out.
/// FreeType is already a dependency (Fontconfig reads every font with it), so
/// web fonts cost no new library; its WOFF2 code is a port of Google's
/// reference decoder, the one Chromium decodes with (through OTS). Debian's
/// `libwoff-dev` is C++ only, which a Swift target cannot call without C++
/// interoperability, and a decoder of our own would be more code to trust
/// with hostile files.
///
/// One defect of FreeType up to at least 2.13 is repaired: in a rebuilt
/// `loca` table the final offset (the end of the last glyph) is written as a
/// position in the file rather than in `glyf`, so the last glyph seems to run
/// past the table and HarfBuzz draws it empty. The entry is set to the length
/// of `glyf`; every other byte is FreeType's.
enum WebFontDecoder {
    /// The formats this decoder unwraps.
    enum Format: String { case woff = "WOFF", woff2 = "WOFF2" }

    /// The largest sfnt a web font may declare (the largest CJK fonts are
    /// some 20 MB): a small hostile file cannot make the decoder allocate more.
    static let largestDecodedSize = 64 << 20

    /// The web font format of a file's first bytes, or nil for any other file.
    static func format(of bytes: UnsafeRawBufferPointer) -> Format? {
        guard bytes.count >= 4 else { return nil }
        switch (bytes[0], bytes[1], bytes[2], bytes[3]) {
        case (0x77, 0x4F, 0x46, 0x46): return .woff   // "wOFF"
        case (0x77, 0x4F, 0x46, 0x32): return .woff2  // "wOF2"
        default: return nil
        }
    }

    /// The blob to read faces from: `blob` itself (retained) for a plain font,
    /// a new blob of the rebuilt sfnt for a WOFF or WOFF2 file. The caller
    /// destroys what it is given.
    /// - Throws: `TypesetError.fontFileUnreadable` naming `path` when the web
    ///   font is truncated or corrupt, or when this FreeType cannot decode
    ///   the format (built without zlib or Brotli).
    static func sfntBlob(_ blob: OpaquePointer, path: String) throws -> OpaquePointer {
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0 else { return hb_blob_reference(blob) }
        let bytes = UnsafeRawBufferPointer(start: data, count: Int(length))
        guard let format = format(of: bytes) else { return hb_blob_reference(blob) }
        let sfnt = try decode(bytes, format: format, path: path)
        let count = sfnt.count
        let copy = UnsafeMutableRawPointer.allocate(byteCount: max(1, count), alignment: 16)
        sfnt.withUnsafeBytes { if let base = $0.baseAddress { copy.copyMemory(from: base, byteCount: count) } }
        return hb_blob_create(copy.assumingMemoryBound(to: CChar.self), UInt32(count), HB_MEMORY_MODE_READONLY,
                              copy, { $0?.deallocate() })!
    }

    /// FreeType objects are made and used under one lock (a web font is
    /// decoded once per load: not a contention point).
    private static let lock = NSLock()

    /// The sfnt a WOFF or WOFF2 file's bytes wrap (its first face's file, which
    /// for a WOFF2 collection holds every face).
    static func decode(_ bytes: UnsafeRawBufferPointer, format: Format, path: String) throws -> [UInt8] {
        func unreadable(_ reason: String) -> TypesetError {
            .fontFileUnreadable(path: path, reason: "\(format.rawValue) file \(reason)")
        }
        // The sfnt size the header declares (WOFF and WOFF2 both keep it at byte 16).
        guard bytes.count >= 20 else { throw unreadable("is truncated: \(bytes.count) bytes, shorter than its header") }
        let declared = Int(bytes[16]) << 24 | Int(bytes[17]) << 16 | Int(bytes[18]) << 8 | Int(bytes[19])
        guard declared <= largestDecodedSize else {
            throw unreadable("declares a \(declared)-byte font, more than the \(largestDecodedSize) bytes accepted")
        }
        lock.lock()
        defer { lock.unlock() }
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { throw unreadable("cannot be decoded: FreeType did not start") }
        defer { FT_Done_FreeType(library) }
        var face: FT_Face?
        let base = bytes.baseAddress!.assumingMemoryBound(to: FT_Byte.self)
        let error = FT_New_Memory_Face(library, base, FT_Long(bytes.count), 0, &face)
        guard error == 0, let face else {
            if error == 2 /* FT_Err_Unknown_File_Format */ {
                throw unreadable("cannot be decoded: this FreeType (\(version(library))) was built without "
                    + (format == .woff2 ? "Brotli (WOFF2)" : "zlib (WOFF)") + " support")
            }
            throw unreadable("is truncated or corrupt (FreeType error \(error))")
        }
        defer { FT_Done_Face(face) }
        var length: FT_ULong = 0
        guard FT_Load_Sfnt_Table(face, 0, 0, nil, &length) == 0, length >= 12, length <= FT_ULong(largestDecodedSize) else {
            throw unreadable("is truncated or corrupt (FreeType rebuilt no font from it)")
        }
        var sfnt = [UInt8](repeating: 0, count: Int(length))
        let loaded = sfnt.withUnsafeMutableBufferPointer { FT_Load_Sfnt_Table(face, 0, 0, $0.baseAddress, &length) }
        guard loaded == 0 else { throw unreadable("is truncated or corrupt (FreeType error \(loaded))") }
        if format == .woff2 { repairLastLocaOffset(&sfnt) }
        return sfnt
    }

    /// FreeType's version, "2.12.1".
    private static func version(_ library: FT_Library) -> String {
        var major: FT_Int = 0, minor: FT_Int = 0, patch: FT_Int = 0
        FT_Library_Version(library, &major, &minor, &patch)
        return "\(major).\(minor).\(patch)"
    }

    /// Sets the final `loca` entry of a rebuilt sfnt to the length of `glyf`
    /// when it points past it (see the type's notes); leaves every other font alone.
    static func repairLastLocaOffset(_ sfnt: inout [UInt8]) {
        let n = sfnt.count
        func u16(_ o: Int) -> Int { Int(sfnt[o]) << 8 | Int(sfnt[o + 1]) }
        func u32(_ o: Int) -> Int { u16(o) << 16 | u16(o + 2) }
        guard n >= 12, u32(0) == 0x0001_0000 || u32(0) == 0x7472_7565 else { return }
        let tables = u16(4)
        guard 12 + 16 * tables <= n else { return }
        var glyf: (offset: Int, length: Int)?, loca: (offset: Int, length: Int)?, head: Int?
        for i in 0..<tables {
            let entry = 12 + 16 * i
            let table = (offset: u32(entry + 8), length: u32(entry + 12))
            guard table.offset + table.length <= n else { return }
            switch u32(entry) {
            case 0x676C_7966: glyf = table        // 'glyf'
            case 0x6C6F_6361: loca = table        // 'loca'
            case 0x6865_6164: head = table.offset // 'head'
            default: break
            }
        }
        guard let glyf, let loca, let head, head + 54 <= n else { return }
        let longOffsets = u16(head + 50) != 0
        let entrySize = longOffsets ? 4 : 2
        guard loca.length >= 2 * entrySize else { return }
        let last = loca.offset + loca.length - entrySize
        let stored = longOffsets ? u32(last) : 2 * u16(last)
        guard stored > glyf.length else { return }
        let value = longOffsets ? glyf.length : glyf.length / 2
        for k in 0..<entrySize { sfnt[last + k] = UInt8(truncatingIfNeeded: value >> (8 * (entrySize - 1 - k))) }
    }
}
