import CFontconfig
import CFreeType
import CHarfBuzz
import Foundation

/// Per-character fallback queries over an application-specific Fontconfig
/// configuration: the collection's own files, plus the system's configured
/// fonts when asked for. Queries are serialised (Fontconfig configurations
/// are not safe to query from several threads at once); callers cache results.
///
/// Fontconfig reads the collection's files (every character of every face,
/// for its character sets: most of the time a collection takes to load) at
/// the first query, not when the collection is made: a process whose texts
/// never fall back beyond their stacks never pays for it.
final class FontconfigFallback: @unchecked Sendable {
    struct Candidate { var file: String; var index: Int }

    private let createdConfig: OpaquePointer
    /// The files not given to Fontconfig yet (under `lock`).
    private var pendingFiles: [String]
    fileprivate let lock = NSLock()

    init(files: [String], includeSystemFonts: Bool) throws {
        let made: OpaquePointer?
        if includeSystemFonts {
            made = FcInitLoadConfigAndFonts()
        } else {
            made = FcConfigCreate()
        }
        guard let config = made else { throw TypesetError.fontconfigUnavailable("could not create a configuration") }
        let rejected = Self.unreadableFiles(files)
        rejectedFiles = rejected
        pendingFiles = files.filter { !rejected.contains($0) }
        createdConfig = config
    }

    /// Files FreeType (which Fontconfig reads them with) cannot open: they
    /// take no part in fallback.
    let rejectedFiles: [String]

    deinit { FcConfigDestroy(createdConfig) }

    /// The configuration with the collection's files in it, added at the
    /// first query. The caller holds `lock`.
    fileprivate var config: OpaquePointer {
        if !pendingFiles.isEmpty {
            for file in pendingFiles { _ = FcConfigAppFontAddFile(createdConfig, file) }
            pendingFiles = []
        }
        return createdConfig
    }

    /// The files whose first face FreeType cannot open (a zero units per em,
    /// say, which HarfBuzz takes): what Fontconfig would refuse, found
    /// without reading the faces' characters.
    private static func unreadableFiles(_ files: [String]) -> [String] {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return files }
        defer { FT_Done_FreeType(library) }
        return files.filter { file in
            var face: FT_Face?
            guard FT_New_Face(library, file, 0, &face) == 0, let face else { return true }
            FT_Done_Face(face)
            return false
        }
    }

    /// Fonts that cover every scalar, best Fontconfig match first.
    func candidates(covering scalars: [UInt32], weight: Int, italic: Bool) -> [Candidate] {
        guard !scalars.isEmpty else { return [] }
        lock.lock()
        defer { lock.unlock() }
        let pattern = FcPatternCreate()!
        defer { FcPatternDestroy(pattern) }
        let charset = FcCharSetCreate()!
        defer { FcCharSetDestroy(charset) }
        for s in scalars { FcCharSetAddChar(charset, s) }
        FcPatternAddCharSet(pattern, FC_CHARSET, charset)
        FcPatternAddInteger(pattern, FC_WEIGHT, Int32(FcWeightFromOpenType(Int32(weight))))
        FcPatternAddInteger(pattern, FC_SLANT, italic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN)
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let set = FcFontSort(config, pattern, FcFalse, nil, &result) else { return [] }
        defer { FcFontSetDestroy(set) }
        var out: [Candidate] = []
        for i in 0..<Int(set.pointee.nfont) {
            guard let font = set.pointee.fonts[i] else { continue }
            var cs: OpaquePointer?
            guard FcPatternGetCharSet(font, FC_CHARSET, 0, &cs) == FcResultMatch, let cs else { continue }
            guard scalars.allSatisfy({ FcCharSetHasChar(cs, $0) != FcFalse }) else { continue }
            var file: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file else { continue }
            var index: Int32 = 0
            _ = FcPatternGetInteger(font, FC_INDEX, 0, &index)
            out.append(Candidate(file: String(cString: file), index: Int(index)))
        }
        return out
    }
}

extension FontconfigFallback {
    /// The font Fontconfig matches for a family name after its substitutions
    /// (aliases: `sans-serif`, `serif`, `monospace`, `system-ui`…), with the
    /// family names the matched font carries; nil when nothing matches.
    /// - Parameter families: the names to ask for, in order of preference.
    func match(families: [String], weight: Int, italic: Bool) -> (candidate: Candidate, familyNames: [String])? {
        lock.lock()
        defer { lock.unlock() }
        guard let pattern = substitutedPattern(families: families, weight: weight, italic: italic) else { return nil }
        defer { FcPatternDestroy(pattern) }
        var result = FcResultNoMatch
        guard let font = FcFontMatch(config, pattern, &result) else { return nil }
        defer { FcPatternDestroy(font) }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        var index: Int32 = 0
        _ = FcPatternGetInteger(font, FC_INDEX, 0, &index)
        var names: [String] = []
        var n: Int32 = 0
        var family: UnsafeMutablePointer<FcChar8>?
        while FcPatternGetString(font, FC_FAMILY, n, &family) == FcResultMatch, let family {
            names.append(String(cString: family))
            n += 1
        }
        return (Candidate(file: String(cString: file), index: Int(index)), names)
    }
}

extension FontconfigFallback {
    /// The fonts Fontconfig ranks for a CSS generic family, best first (at
    /// most `limit`), and the family names its configuration prefers for it:
    /// those its substitutions put before the generic names in the pattern
    /// (the system's `60-latin.conf` lists DejaVu Serif… for `serif`; an
    /// application configuration without the system's has none).
    /// - Parameter families: the generic names to ask for (`["system-ui", "sans-serif"]`).
    func genericCandidates(families: [String], weight: Int, italic: Bool, limit: Int)
        -> (candidates: [Candidate], preferredFamilies: Set<String>) {
        lock.lock()
        defer { lock.unlock() }
        guard let pattern = substitutedPattern(families: families, weight: weight, italic: italic) else { return ([], []) }
        defer { FcPatternDestroy(pattern) }
        var preferred = Set<String>()
        let generic = Set(families.map { $0.lowercased() })
        var n: Int32 = 0
        var family: UnsafeMutablePointer<FcChar8>?
        while FcPatternGetString(pattern, FC_FAMILY, n, &family) == FcResultMatch, let family {
            let name = String(cString: family).lowercased()
            if generic.contains(name) { break }
            preferred.insert(name)
            n += 1
        }
        var result = FcResultNoMatch
        guard let set = FcFontSort(config, pattern, FcFalse, nil, &result) else { return ([], preferred) }
        defer { FcFontSetDestroy(set) }
        var out: [Candidate] = []
        for i in 0..<Int(set.pointee.nfont) where out.count < limit {
            guard let font = set.pointee.fonts[i] else { continue }
            var file: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file else { continue }
            var index: Int32 = 0
            _ = FcPatternGetInteger(font, FC_INDEX, 0, &index)
            out.append(Candidate(file: String(cString: file), index: Int(index)))
        }
        return (out, preferred)
    }
}

/// The number of faces in a font file (1 for a plain font, n for a collection,
/// 0 when HarfBuzz cannot read it).
func fontFileFaceCount(_ path: String) -> Int {
    guard let blob = hb_blob_create_from_file_or_fail(path) else { return 0 }
    defer { hb_blob_destroy(blob) }
    return Int(hb_face_count(blob))
}

extension FontconfigFallback {
    /// A pattern for `families` at a weight and slant with the
    /// configuration's substitutions and defaults applied, as a match or a
    /// sort takes it; the caller destroys it (and holds the lock).
    fileprivate func substitutedPattern(families: [String], weight: Int, italic: Bool) -> OpaquePointer? {
        guard let pattern = FcPatternCreate() else { return nil }
        for name in families { _ = name.withCString { FcPatternAddString(pattern, FC_FAMILY, $0) } }
        FcPatternAddInteger(pattern, FC_WEIGHT, Int32(FcWeightFromOpenType(Int32(weight))))
        FcPatternAddInteger(pattern, FC_SLANT, italic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN)
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        return pattern
    }
}
