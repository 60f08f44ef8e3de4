// Pipeline stage: Fonts.
// In: font files and directories (optionally the system's fonts through Fontconfig).
// Out: a FontCollection of immutable FontFaces (HarfBuzz face, metrics, coverage), shared by every thread,
// which resolves font stacks (ResolvedStack) and falls back through Fontconfig (FontconfigFallback).

import CFontconfig
import Foundation

/// The fonts text can be set in: files loaded once, shared by every thread.
///
/// A collection is built from font files and directories (tests use only the
/// repository's `fonts/`, so they are hermetic) and can optionally reach the
/// system's fonts through Fontconfig. Create one per process and share it.
///
/// **Fallback.** A cluster that no font of the requested stack covers falls
/// back through Fontconfig: the collection's own files first, in registration
/// order with colour-bitmap faces last (so digits and `#` never fall back to an
/// emoji font), then, when `includeSystemFonts` is set, Fontconfig's best
/// system match. Decisions are cached per cluster and style.
///
/// **Font stacks** resolve as CSS resolves `font-family`: a family without
/// a font here is skipped (``skippedFamilies(in:)`` names them, so that a
/// caller can warn), and only a stack left with no font is an error. A CSS
/// generic family (`sans-serif`, `monospace`, `serif`…) takes only a font
/// of its kind. The bundled fonts as an app finds them at run time:
/// `FontCollection.bundled()` in the `TypesetFonts` library.
public final class FontCollection: @unchecked Sendable {
    /// Every face registered from the files and directories given, in order,
    /// then the faces of the `@font-face` rules given, in rule order.
    public let faces: [FontFace]
    /// Whether system fonts are used for fallback.
    public let includeSystemFonts: Bool
    /// The paths left out because they could not be loaded, each with its
    /// error, in the order met (only with `skipUnreadable`).
    public let skippedFiles: [(path: String, error: TypesetError)]

    private let byFamily: [String: [FontFace]]
    /// The faces of `@font-face` rules by lowercased family, in rule order.
    private let declaredByFamily: [String: [FontFace]]
    private let fallbackOrder: [FontFace]
    private let rankByFile: [String: Int]
    private let fontconfig: FontconfigFallback
    /// At most 256 resolved stacks and 32 MB: each may build a 64 KB face
    /// table and keeps the names it skipped (hostile styles cannot grow it
    /// further).
    private let stackCache = BoundedCache<StackKey, ResolvedStack>(countLimit: FontCollection.stackCacheLimit,
                                                                   byteLimit: FontCollection.stackCacheBytes)
    static let stackCacheLimit = 256
    static let stackCacheBytes = 32 << 20
    /// Resolved stacks whose variable faces are instanced for a request.
    private let instanceStackCache = BoundedCache<InstanceStackKey, ResolvedStack>(
        countLimit: FontCollection.stackCacheLimit, byteLimit: FontCollection.stackCacheBytes)
    /// Whether, of a family's faces that match a request alike, the later
    /// wins (faces given as `@font-face` rules: Chromium prefers the later
    /// rule) rather than the earlier (files, in registration order).
    private let laterWinsTies: Bool
    /// Whether a face of the collection is variable, and whether one has an `opsz` axis.
    private let hasVariableFaces: Bool
    private let hasOpticalSizeAxes: Bool
    private let fallbackCache = BoundedCache<FallbackKey, FontFace?>(countLimit: FontCollection.fallbackCacheLimit)
    /// At most this many fallback decisions are kept (hostile text must not grow the process for ever).
    static let fallbackCacheLimit = 1 << 16
    /// Clusters longer than this (mark storms) are not cached: each would be a new, large key.
    static let longestCachedFallbackCluster = 32
    /// The number of cached fallback decisions (for tests).
    var fallbackCacheCount: Int { fallbackCache.count }
    /// The scalar capacity the cached fallback keys hold (for tests).
    var fallbackCacheKeyCapacity: Int { fallbackCache.keys.reduce(0) { $0 + $1.scalars.capacity } }
    /// The number of cached resolved stacks (for tests).
    var stackCacheCount: Int { stackCache.count }
    /// The bytes the cached resolved stacks are counted at (for tests).
    var stackCacheByteCount: Int { stackCache.statistics.bytes }
    /// System font files loaded for fallback or by name: at most 64 faces.
    private let systemFaces = BoundedCache<String, FontFace?>(countLimit: 64)

    /// Loads every face of the given font files and of the font files
    /// (`.ttf`, `.otf`, `.ttc`, `.otc`, `.woff`, `.woff2`) directly inside the given directories.
    /// Directory entries are taken in name order; all faces of a collection
    /// file are registered.
    /// - Parameters:
    ///   - paths: font files and directories, in the order faces are registered.
    ///   - includeSystemFonts: also reach the system's fonts through
    ///     Fontconfig, for fallback and for family names.
    ///   - skipUnreadable: leave out a path or file that cannot be
    ///     loaded (missing, unreadable, not a font, no character map...) and
    ///     list it in `skippedFiles`, instead of throwing: one bad file in a
    ///     fonts directory does not take the others down.
    /// - Throws: `TypesetError` naming the first file that cannot be loaded
    ///   (unless skipped).
    public convenience init(paths: [String], includeSystemFonts: Bool = false, skipUnreadable: Bool = false) throws {
        let files = try Self.loadFiles(paths: paths, skipUnreadable: skipUnreadable)
        try self.init(files: files, declared: [], includeSystemFonts: includeSystemFonts, skipUnreadable: skipUnreadable)
    }

    /// The faces of font files and directories, with the files they came
    /// from and the paths skipped.
    struct LoadedFiles {
        var faces: [FontFace] = []
        var files: [String] = []
        var skipped: [(path: String, error: TypesetError)] = []
    }

    /// Loads every face of the given files and of the font files directly
    /// inside the given directories (see ``init(paths:includeSystemFonts:skipUnreadable:)``).
    static func loadFiles(paths: [String], skipUnreadable: Bool) throws -> LoadedFiles {
        var skipped: [(path: String, error: TypesetError)] = []
        var files: [String] = []
        for path in paths {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else {
                if skipUnreadable { skipped.append((path, .fontFileNotFound(path: path))); continue }
                throw TypesetError.fontFileNotFound(path: path)
            }
            if isDir.boolValue {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
                for name in names.sorted() where Self.isFontFileName(name) {
                    files.append((path as NSString).appendingPathComponent(name))
                }
            } else {
                files.append(path)
            }
        }
        var loaded: [FontFace] = []
        var loadedFiles: [String] = []
        for file in files {
            do {
                var fileFaces = [try FontFace(path: file, index: 0)]
                let count = Self.faceCount(file)
                if count > 1 {
                    for i in 1..<count { fileFaces.append(try FontFace(path: file, index: i)) }
                }
                loaded += fileFaces
                loadedFiles.append(file)
            } catch let error as TypesetError where skipUnreadable {
                skipped.append((file, error))
            }
        }
        return LoadedFiles(faces: loaded, files: loadedFiles, skipped: skipped)
    }

    /// A collection of faces already loaded, in the order given: faces of
    /// files (``FontFace/init(path:index:)``) or faces as `@font-face` rules
    /// declare them (``FontFace/declared(family:descriptors:)``), which font
    /// matching takes by their declared family and descriptors. As in
    /// Chromium, of two faces of a family that match a request alike, the
    /// later given wins (a later `@font-face` rule overrides an earlier one).
    /// - Throws: `TypesetError` when Fontconfig (which falls back through
    ///   the faces' files) cannot read one of their files.
    public convenience init(faces: [FontFace], includeSystemFonts: Bool = false) throws {
        var files: [String] = [], seen = Set<String>()
        for face in faces where seen.insert(face.path).inserted { files.append(face.path) }
        try self.init(files: LoadedFiles(faces: faces, files: files), declared: [],
                      includeSystemFonts: includeSystemFonts, skipUnreadable: false, laterWinsTies: true)
    }

    /// A collection of loaded files' faces and of `@font-face` rules' faces
    /// (`declared`, in rule order: they are found by their rules' family
    /// names only, never as fallback for other text, as a browser uses web fonts).
    init(files: LoadedFiles, declared: [FontFace], includeSystemFonts: Bool, skipUnreadable: Bool,
         laterWinsTies: Bool = false) throws {
        self.laterWinsTies = laterWinsTies
        var loaded = files.faces, skipped = files.skipped
        let loadedFiles = files.files
        // Fontconfig reads the files with FreeType, which may refuse one that
        // HarfBuzz took (a zero units-per-em, say).
        let fallback = try FontconfigFallback(files: loadedFiles, includeSystemFonts: includeSystemFonts)
        for file in fallback.rejectedFiles {
            let error = TypesetError.fontFileUnreadable(path: file, reason: "FreeType (which Fontconfig reads it with) cannot open it")
            guard skipUnreadable else { throw error }
            skipped.append((file, error))
            loaded.removeAll { $0.path == file }
        }
        fontconfig = fallback
        skippedFiles = skipped
        faces = loaded + declared
        hasVariableFaces = faces.contains { $0.isVariable }
        hasOpticalSizeAxes = faces.contains { $0.axes.contains { $0.tag == "opsz" } }
        self.includeSystemFonts = includeSystemFonts
        var families: [String: [FontFace]] = [:]
        for f in loaded { families[f.familyName.lowercased(), default: []].append(f) }
        byFamily = families
        var declaredFamilies: [String: [FontFace]] = [:]
        for f in declared { declaredFamilies[f.familyName.lowercased(), default: []].append(f) }
        declaredByFamily = declaredFamilies
        fallbackOrder = loaded.filter { !$0.isColorBitmap } + loaded.filter { $0.isColorBitmap }
        var ranks: [String: Int] = [:]
        for (i, f) in fallbackOrder.enumerated() where ranks["\(f.path)#\(f.faceIndex)"] == nil {
            ranks["\(f.path)#\(f.faceIndex)"] = i
        }
        rankByFile = ranks
    }

    /// A collection of the font files in one directory.
    /// - Throws: ``TypesetError/fontDirectoryNotFound(path:)`` with the
    ///   absolute path when there is no such directory (a relative path is
    ///   resolved against the working directory; `FontCollection.bundled()`
    ///   in `TypesetFonts` finds the bundled fonts from anywhere), and what
    ///   ``init(paths:includeSystemFonts:skipUnreadable:)`` throws.
    public convenience init(directory: String, includeSystemFonts: Bool = false) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw TypesetError.fontDirectoryNotFound(path: Self.absolute(directory))
        }
        try self.init(paths: [directory], includeSystemFonts: includeSystemFonts)
    }

    /// A path made absolute against the working directory, for messages.
    static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// A collection of the given font files and directories (file URLs); see
    /// ``init(paths:includeSystemFonts:skipUnreadable:)``.
    public convenience init(urls: [URL], includeSystemFonts: Bool = false, skipUnreadable: Bool = false) throws {
        try self.init(paths: urls.map(\.path), includeSystemFonts: includeSystemFonts, skipUnreadable: skipUnreadable)
    }

    /// A collection of the font files in one directory (a file URL), as the
    /// path form takes it.
    public convenience init(directory: URL, includeSystemFonts: Bool = false) throws {
        try self.init(directory: directory.path, includeSystemFonts: includeSystemFonts)
    }

    /// The family names in the collection, in registration order.
    public var familyNames: [String] {
        var seen = Set<String>(), names: [String] = []
        for f in faces where seen.insert(f.familyName).inserted { names.append(f.familyName) }
        return names
    }

    /// The face a family name picks for a weight and style, or nil when the
    /// name finds no font.
    ///
    /// Names are looked up in this order:
    /// 1. the collection's own family names (case-insensitive), by CSS font
    ///    matching: italic faces for italic (else any), then the weight by
    ///    CSS Fonts 4's ordered search (see `FontWeightMatching`);
    /// 2. a CSS generic family (`sans-serif`, `serif`, `monospace`, `cursive`,
    ///    `fantasy`, `system-ui`, `ui-sans-serif`, `ui-serif`,
    ///    `ui-monospace`, `ui-rounded`, `emoji`, `math`): the best of
    ///    Fontconfig's matches that is a font of that kind (a family the
    ///    system's configuration lists for it, or a face whose own data says
    ///    so: fixed pitch for `monospace`, colour glyphs for `emoji`, its
    ///    PANOSE class for `serif`, `sans-serif`, `cursive` and `fantasy`),
    ///    among the system's fonts and the collection's when
    ///    `includeSystemFonts` is set, among the collection's otherwise; nil
    ///    when none is (the bundled fonts have no `serif`, `monospace`,
    ///    `cursive`, `fantasy` or `math` font);
    /// 3. with `includeSystemFonts`, any installed family, through Fontconfig
    ///    (accepted only when the font it matches carries that family name,
    ///    so a misspelt name is an error rather than a silent substitute).
    public func face(family: String, weight: Int = 400, italic: Bool = false) -> FontFace? {
        face(family: family, weight: weight, stretch: 100, italic: italic)
    }

    /// The face a family name picks for a weight, a `font-stretch`
    /// percentage and a style, or nil when the name finds no font; the
    /// collection's own faces are matched over the ranges they declare
    /// (``FontFace/descriptors``: a variable face covers its axes' ranges)
    /// by CSS Fonts 4's font matching, stretch first, then style, then
    /// weight. See ``face(family:weight:italic:)`` for the order names are
    /// looked up in. For a family of `@font-face` rules whose faces are
    /// split by `unicode-range`, the face of the rule written last.
    public func face(family: String, weight: Int, stretch: Double, italic: Bool) -> FontFace? {
        if let declared = declaredFaces(family: family, weight: weight, stretch: stretch, italic: italic) {
            return declared.first
        }
        if let own = bundledFace(family: family, weight: weight, stretch: stretch, italic: italic) { return own }
        return fontconfigFace(family: family, weight: weight, italic: italic)
    }

    /// The faces of the `@font-face` rules of `family` that a request for a
    /// weight and style picks (see `SegmentedFaceMatching`), the face that
    /// sets a character first; nil when no rule declares the family.
    func declaredFaces(family: String, weight: Int, stretch: Double, italic: Bool) -> [FontFace]? {
        guard !declaredByFamily.isEmpty, let candidates = declaredByFamily[family.lowercased()] else { return nil }
        return SegmentedFaceMatching.faces(from: candidates, weight: weight, stretch: stretch, italic: italic)
    }

    /// Step 1 of `face(family:weight:italic:)`: the collection's own faces.
    private func bundledFace(family: String, weight: Int, stretch: Double = 100, italic: Bool) -> FontFace? {
        guard let candidates = byFamily[family.lowercased()], !candidates.isEmpty else { return nil }
        if candidates.count == 1 { return candidates[0] }
        let request = FontMatching.Request(weight: Double(weight), stretch: stretch,
                                           slope: italic ? FaceStyle.italicSlope : 0)
        return FontMatching.bestIndex(of: candidates.map(\.descriptors), for: request, laterWinsTies: laterWinsTies)
            .map { candidates[$0] }
    }

    /// Steps 2 and 3 of `face(family:weight:italic:)`: Fontconfig.
    private func fontconfigFace(family: String, weight: Int, italic: Bool) -> FontFace? {
        if let generic = GenericFamilyKind.byName[family.lowercased()] {
            return genericFace(generic.kind, asking: generic.fontconfig, weight: weight, italic: italic)
        }
        guard includeSystemFonts,
              let (candidate, names) = fontconfig.match(families: [family], weight: weight, italic: italic),
              names.contains(where: { $0.caseInsensitiveCompare(family) == .orderedSame })
        else { return nil }
        if let rank = rankByFile["\(candidate.file)#\(candidate.index)"] {
            let found = fallbackOrder[rank]
            return bundledFace(family: found.familyName, weight: weight, italic: italic) ?? found
        }
        return systemFace(candidate.file, candidate.index)
    }

    /// Step 2: the best of Fontconfig's matches for a generic family that is
    /// a font of its kind (the collection's faces are all looked at, at most
    /// 8 system faces are loaded to be looked at).
    private func genericFace(_ kind: GenericFamilyKind, asking names: [String], weight: Int, italic: Bool) -> FontFace? {
        let (candidates, preferred) = fontconfig.genericCandidates(families: names, weight: weight, italic: italic,
                                                                   limit: includeSystemFonts ? 256 : Int.max)
        var systemFacesLoaded = 0
        for candidate in candidates {
            if let rank = rankByFile["\(candidate.file)#\(candidate.index)"] {
                let found = fallbackOrder[rank]
                guard preferred.contains(found.familyName.lowercased()) || found.isOfKind(kind) else { continue }
                return bundledFace(family: found.familyName, weight: weight, italic: italic) ?? found
            }
            guard includeSystemFonts, systemFacesLoaded < 8 else { continue }
            systemFacesLoaded += 1
            guard let face = systemFace(candidate.file, candidate.index),
                  preferred.contains(face.familyName.lowercased()) || face.isOfKind(kind) else { continue }
            return face
        }
        return nil
    }

    /// Resolves a style's font stack to faces, in stack order, as CSS
    /// resolves `font-family`: a family that finds no font (see
    /// ``face(family:weight:italic:)``) is skipped (``skippedFamilies(in:)``
    /// names them), and the stack is an error only when it is left with none.
    /// - Throws: `TypesetError.unknownFontFamily` when the stack's one family
    ///   finds no font, `TypesetError.unknownFontFamilies` when none of its
    ///   families does, `TypesetError.emptyFontStack` for a stack without entries.
    public func resolve(_ stack: FontStack, weight: Int, italic: Bool) throws -> [FontFace] {
        try resolvedStack(stack, weight: weight, stretch: 100, italic: italic).faces
    }

    /// Resolves a style's font stack as ``resolve(_:weight:italic:)`` does,
    /// at a `font-stretch` percentage too.
    public func resolve(_ stack: FontStack, weight: Int, stretch: Double, italic: Bool) throws -> [FontFace] {
        try resolvedStack(stack, weight: weight, stretch: stretch, italic: italic).faces
    }

    /// The families of `stack` that find no font in this collection and are
    /// skipped when text is set in it (as a browser skips a `font-family`
    /// entry it has no font for), in stack order; empty when every family
    /// finds one. Preparing text in a stack whose families are all skipped
    /// throws instead (``resolve(_:weight:italic:)``).
    public func skippedFamilies(in stack: FontStack) -> [String] {
        if let resolved = try? resolvedStack(stack, weight: 400, stretch: 100, italic: false) { return resolved.skippedFamilies }
        return stack.entries.compactMap { if case .family(let name) = $0 { return name } else { return nil } }
    }

    /// The resolved stack with its per-ASCII-character face table (cached).
    /// When the collection has variable faces (or the stack reaches one
    /// elsewhere), the stack's variable faces are the instances for the
    /// style: its weight, stretch and slope, its optical size (the font size
    /// in CSS px, nil when `font-optical-sizing` is `none`; left out of the
    /// key when no face has an `opsz` axis) and its variations; a stack of
    /// static faces is the same for every size and variation.
    func resolvedStack(_ stack: FontStack, weight: Int, stretch: Double = 100, italic: Bool,
                       opticalSize: Double? = nil, variations: [FontVariation] = []) throws -> ResolvedStack {
        let key = StackKey(stack: stack, weight: weight, stretch: stretch, italic: italic)
        let base = try stackCache.value(for: key, bytes: Self.cost) {
            try resolveUncached(stack, weight: weight, stretch: stretch, italic: italic)
        }
        guard hasVariableFaces || base.hasVariableFaces else { return base }
        let request = VariationRequest(weight: Double(weight), stretch: stretch,
                                       slope: italic ? VariationRequest.italic : 0,
                                       opticalSize: hasOpticalSizeAxes || base.hasOpticalSizeAxes ? opticalSize : nil,
                                       variations: variations)
        if request == base.request && !base.hasVariableFaces { return base }
        return instanceStackCache.value(for: InstanceStackKey(stack: key, request: request), bytes: Self.cost) {
            base.instanced(request)
        }
    }

    /// What a resolved stack holds at most: its BMP face table (64 KB, built
    /// on demand), its faces and the names it skipped. A face read from bytes
    /// (a `font_file` of the batch protocol) counts at its data's size: the
    /// cache may keep it alive after the font-file cache let it go.
    private static func cost(_ stack: ResolvedStack) -> Int {
        (64 << 10) + 256 + stack.faces.reduce(0) { $0 + 16 + $1.heapBytes }
            + stack.skippedFamilies.reduce(0) { $0 + 16 + $1.utf8.count }
    }

    private func resolveUncached(_ stack: FontStack, weight: Int, stretch: Double, italic: Bool) throws -> ResolvedStack {
        // Each face and each skipped name once (a face met again adds nothing:
        // the first covering face wins), so a long stack costs its distinct
        // faces per cluster, not its length.
        var result: [FontFace] = []
        var skipped: [String] = []
        var seenFaces = Set<ObjectIdentifier>(), seenNames = Set<String>()
        for entry in stack.entries {
            switch entry {
            case .family(let name):
                guard seenNames.insert(name).inserted else { continue }
                if let declared = declaredFaces(family: name, weight: weight, stretch: stretch, italic: italic) {
                    // A family of @font-face rules: every face of the segmented
                    // face the request picks, the one its unicode-range lets set
                    // a character taking it.
                    for f in declared where seenFaces.insert(ObjectIdentifier(f)).inserted { result.append(f) }
                } else if let f = face(family: name, weight: weight, stretch: stretch, italic: italic) {
                    if seenFaces.insert(ObjectIdentifier(f)).inserted { result.append(f) }
                } else {
                    skipped.append(name)
                }
            case .face(let f):
                if seenFaces.insert(ObjectIdentifier(f)).inserted { result.append(f) }
            }
        }
        if result.isEmpty {
            if skipped.count == 1 { throw TypesetError.unknownFontFamily(skipped[0]) }
            if skipped.count > 1 { throw TypesetError.unknownFontFamilies(skipped) }
            throw TypesetError.emptyFontStack
        }
        return ResolvedStack(faces: result, weight: weight, stretch: stretch, italic: italic, skippedFamilies: skipped)
    }

    /// The face a cluster falls back to when no stack font covers it, or nil
    /// when no font the collection can reach covers it.
    /// With `preferColor`, a colour (emoji) face that covers the cluster is
    /// chosen over text faces.
    public func fallbackFace(for scalars: [UInt32], weight: Int, italic: Bool, preferColor: Bool = false) -> FontFace? {
        let key = FallbackKey(scalars: scalars, weight: weight, italic: italic, preferColor: preferColor)
        if let hit = fallbackCache.value(for: key) { return hit }
        let found = findFallback(scalars, weight: weight, italic: italic, preferColor: preferColor)
        if scalars.count <= Self.longestCachedFallbackCluster {
            // The key keeps its own exact-size copy: the caller's array may be a
            // scratch buffer of kilobytes, which a stored key would hold for good.
            let stored = scalars.withUnsafeBufferPointer { Array($0) }
            fallbackCache.insert(found, for: FallbackKey(scalars: stored, weight: weight, italic: italic, preferColor: preferColor))
        }
        return found
    }

    private func findFallback(_ scalars: [UInt32], weight: Int, italic: Bool, preferColor: Bool) -> FontFace? {
        let needed = scalars.filter { !UnicodeProps.isDefaultIgnorable($0) }
        let probe = needed.isEmpty ? scalars : needed
        var bestRank = Int.max
        var system: FontFace?
        for candidate in fontconfig.candidates(covering: probe, weight: weight, italic: italic) {
            if let rank = rankByFile["\(candidate.file)#\(candidate.index)"] {
                if preferColor && fallbackOrder[rank].isColorBitmap { return fallbackOrder[rank] }
                bestRank = min(bestRank, rank)
            } else if system == nil, includeSystemFonts {
                system = systemFace(candidate.file, candidate.index)
            }
        }
        if bestRank != Int.max {
            let family = fallbackOrder[bestRank].familyName
            // Prefer the family's face for the requested weight and style.
            if let styled = face(family: family, weight: weight, italic: italic),
               probe.allSatisfy(styled.covers) { return styled }
            return fallbackOrder[bestRank]
        }
        return system
    }

    private func systemFace(_ file: String, _ index: Int) -> FontFace? {
        systemFaces.value(for: "\(file)#\(index)") { try? FontFace(path: file, index: index) }
    }

    private static func isFontFileName(_ name: String) -> Bool {
        let lower = name.lowercased()
        return [".ttf", ".otf", ".ttc", ".otc", ".woff", ".woff2"].contains { lower.hasSuffix($0) }
    }

    private static func faceCount(_ file: String) -> Int {
        fontFileFaceCount(file)
    }

    private struct StackKey: Hashable {
        var stack: FontStack
        var weight: Int
        var stretch: Double
        var italic: Bool

        /// Hashes the whole stack: stacks that differ only after their first
        /// entry must not share a bucket (a hostile request could make every
        /// look-up compare thousands of long stacks).
    }
    private struct InstanceStackKey: Hashable { var stack: StackKey; var request: VariationRequest }
    private struct FallbackKey: Hashable { var scalars: [UInt32]; var weight: Int; var italic: Bool; var preferColor: Bool }
}
