import CFreeType
import CHarfBuzz
import Foundation
import Synchronization

/// One face of a font file, loaded once and shared by every thread.
///
/// The HarfBuzz font is created at a scale of one unit per font unit and made
/// immutable, so one face serves every size: advances are scaled to pixels by
/// the shaper. Colour bitmap faces (CBDT, e.g. Noto Color Emoji) take their
/// advances from the bitmap strike, as Skia and therefore Chromium do
/// (136/109 em per emoji, not hmtx's 2550/2048), and their vertical metrics
/// from hhea like every other face.
public final class FontFace: @unchecked Sendable, CustomStringConvertible {
    /// The file the face was loaded from.
    public let path: String
    /// The face's index in its file (0 unless the file is a collection).
    public let faceIndex: Int
    /// The typographic family name (name ID 16, else 1), e.g. "Noto Sans CJK JP";
    /// for a face of an `@font-face` rule, the rule's `font-family`.
    public let familyName: String
    /// The style name (name ID 17, else 2), e.g. "Bold Italic".
    public let styleName: String
    /// The CSS weight (OS/2 usWeightClass), 100–900.
    public let weight: Int
    /// Whether the face is italic or oblique.
    public let isItalic: Bool
    /// Font units per em.
    public let unitsPerEm: Int
    /// Number of glyphs in the face.
    public let glyphCount: Int
    /// Vertical metrics in em units, as Skia reads them (hhea, or OS/2 typo
    /// metrics when its USE_TYPO_METRICS flag is set), colour bitmap faces included.
    public let metrics: FontMetrics
    /// The x-height in em units (OS/2 `sxHeight`, else HarfBuzz's fallback:
    /// the height of "x"): `vertical-align: middle` centres on half of it.
    public let xHeight: Double
    /// The cap height in em units (OS/2 `sCapHeight`, else HarfBuzz's
    /// fallback: the height of "H"): `text-box-edge: cap` trims to it.
    public let capHeight: Double
    /// Whether glyphs are colour bitmaps (CBDT/sbix) with strike-based advances.
    public let isColorBitmap: Bool
    /// The variation axes of a variable face (its `fvar` table), in the
    /// file's order; empty for a static face.
    public let axes: [FontAxis]
    /// The named instances of a variable face (`fvar`), e.g. "Bold" at `wght` 700.
    public let namedInstances: [FontNamedInstance]
    /// Whether the face is variable (has `fvar` axes).
    public var isVariable: Bool { !axes.isEmpty }
    /// The styles the face covers for CSS font matching: a variable face's
    /// axis ranges (`wght`, `wdth`, `slnt`), a static face's OS/2 weight,
    /// width and italic flag, or what an `@font-face` rule declared
    /// (``declared(family:descriptors:)``).
    public let descriptors: FaceDescriptors
    /// The ranges a variable instance's `wght`, `wdth` and `slnt` are
    /// clamped to: the descriptors, except where an `@font-face` rule
    /// declares none, where the axis's own range is kept (Chromium matches
    /// such a face as weight 400, stretch 100%, style normal, but sets the
    /// requested weight on its axis).
    public let variationBounds: FaceDescriptors
    /// The axis values this face is set at, one per ``axes`` entry: a
    /// variable instance's (``instance(_:)``); empty for a face as loaded,
    /// which is its font's default instance.
    public let variationCoordinates: [Double]
    /// HarfBuzz units per font unit of ``hbFont``: 1 for a face as loaded
    /// (advances in whole font units, as a static font's are), 64 for a
    /// variable instance, whose varied advances keep their fractions (as
    /// FreeType and so Chromium keep them; whole units lose about one
    /// line width in seven).
    let unitScale: Double
    /// A face's variable instances made so far, by coordinates (at most 256;
    /// an instance evicted and asked for again is made again).
    private let instances = BoundedCache<[Double], FontFace>(countLimit: 256)
    /// The `@font-face` rule the face was declared by, nil for a face loaded
    /// from a file or directory. Its `unicode-range` limits the characters
    /// the face sets (``covers(_:)``), its `size-adjust` scales glyphs and
    /// metrics, its overrides replace ``metrics``.
    public let rule: FontFaceRule?
    /// The rule's `size-adjust` (1 without one): the face is set at the font
    /// size times this.
    let sizeAdjust: Double
    /// The rule's `unicode-range` when it leaves characters out (nil: every
    /// character the font maps).
    let unicodeRange: UnicodeRangeSet?
    /// The bytes of font data the face holds: its file's, or for a WOFF or
    /// WOFF2 file the sfnt decoded from it (what a cache bounded by bytes counts).
    package let dataBytes: Int

    let hbFace: OpaquePointer
    /// Unique among every face this process loads (an address can be reused
    /// after a face is freed; the word cache, which may outlive a collection,
    /// keys on this).
    let serial: UInt64
    private static let serials = Atomic<UInt64>(0)
    let hbFont: OpaquePointer
    /// Per-glyph advance in em for colour bitmap faces (empty otherwise).
    let bitmapAdvances: [Float]
    /// Scalars the face maps, for fast coverage checks of the Basic Multilingual Plane.
    /// The BMP characters the face maps to glyphs, one bit each.
    let bmpCoverage: [UInt64]
    /// The OpenType language-system tags of the face's GSUB and GPOS, under
    /// any script: the languages shaping can tell apart in it. Read the
    /// first time a text with a language is shaped in the face (reading
    /// them was 40% of loading the bundled fonts' faces).
    var languageSystems: Set<UInt32> {
        if let read = storedLanguageSystems.value { return read.tags }
        return storedLanguageSystems.storeIfAbsent(LanguageSystems(tags: Self.languageSystems(hbFace))).tags
    }
    private let storedLanguageSystems = LazyReference<LanguageSystems>()
    /// Whether the space takes part in lookups (see `spaceTakesPart(in:)`), read on first use.
    let storedSpaceParticipation = LazyReference<SpaceParticipation>()
    /// What `storedSpaceParticipation` decided, 0 until it is read (see `knownSpaceTakesPart`).
    let spaceShapingState = Atomic<UInt8>(0)
    /// Why the font sanitizer a browser runs on web fonts drops the face's
    /// legacy `kern` table (see `KernTableSanitizer`), nil when it keeps it
    /// or the face was loaded unsanitized (a system font found by Fontconfig,
    /// which browsers take as it is).
    package let sanitizerDroppedKern: String?

    /// The language-system tags, once read.
    private final class LanguageSystems: Sendable {
        let tags: Set<UInt32>
        init(tags: Set<UInt32>) { self.tags = tags }
    }

    /// The largest font file read by path: 1 GiB (the largest CJK
    /// collections are some 100 MB).
    public static let maxFileBytes = 1 << 30

    /// Loads face `index` of the font file at `path`.
    ///
    /// The file is opened once (non-blocking, close-on-exec) and examined on
    /// the descriptor before anything is read: only a regular file of 1 byte
    /// to ``maxFileBytes`` is mapped, so a named pipe, a device (`/dev/zero`)
    /// or a kernel file that reports no size (`/proc/self/pagemap`) is
    /// refused at once, without reading.
    /// - Throws: `TypesetError` naming the file when it is missing, unreadable,
    ///   not a font, has no such face, or has no character map.
    public convenience init(path: String, index: Int = 0) throws {
        try self.init(path: path, index: index, rule: nil)
    }

    /// Loads face `index` of the font file at `path` as `rule` declares it
    /// (nil: as the file describes itself); see ``init(path:index:)``. As a
    /// web font (`sanitized`: what the font sanitizer browsers run drops is
    /// left out, see `KernTableSanitizer`) or as a system font is taken.
    package convenience init(path: String, index: Int, rule: FontFaceRule?, sanitized: Bool = true) throws {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw TypesetError.fontFileNotFound(path: path) }
            throw TypesetError.fontFileUnreadable(path: path, reason: String(cString: strerror(code)))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw TypesetError.fontFileUnreadable(path: path, reason: "could not be examined") }
        guard info.st_mode & S_IFMT == S_IFREG else {
            let reason = info.st_mode & S_IFMT == S_IFDIR ? "is a directory" : "not a regular file"
            throw TypesetError.fontFileUnreadable(path: path, reason: reason)
        }
        guard info.st_size > 0 else { throw TypesetError.fontFileUnreadable(path: path, reason: "file is empty") }
        guard info.st_size <= Self.maxFileBytes else {
            throw TypesetError.fontFileUnreadable(path: path, reason: "larger than \(Self.maxFileBytes) bytes")
        }
        let blob = try Self.mappedBlob(fd, size: Int(info.st_size), path: path)
        defer { hb_blob_destroy(blob) }
        try self.init(blob: blob, path: path, index: index, rule: rule, sanitized: sanitized)
    }

    /// A blob of the `size` bytes of an open file, mapped read-only and
    /// unmapped with the blob.
    private static func mappedBlob(_ fd: Int32, size: Int, path: String) throws -> OpaquePointer {
        guard let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), base != MAP_FAILED else {
            throw TypesetError.fontFileUnreadable(path: path, reason: "could not be mapped")
        }
        return blob(unmappingWhenDestroyed: base, count: size, mode: HB_MEMORY_MODE_READONLY_MAY_MAKE_WRITABLE)
    }

    /// A blob of the `count` bytes mapped at `base` (pages for at least one)
    /// that unmaps them when HarfBuzz destroys it.
    private static func blob(unmappingWhenDestroyed base: UnsafeMutableRawPointer, count: Int,
                             mode: hb_memory_mode_t) -> OpaquePointer {
        let mapping = Unmanaged.passRetained(Mapping(base: base, size: max(1, count))).toOpaque()
        return hb_blob_create(base.assumingMemoryBound(to: CChar.self), UInt32(count), mode, mapping, { context in
            let mapping = Unmanaged<Mapping>.fromOpaque(context!).takeRetainedValue()
            munmap(mapping.base, mapping.size)
        })!
    }

    /// Mapped bytes, unmapped when their blob is destroyed.
    private final class Mapping {
        let base: UnsafeMutableRawPointer
        let size: Int
        init(base: UnsafeMutableRawPointer, size: Int) {
            self.base = base
            self.size = size
        }
    }

    /// Loads face `index` of a font file's bytes, read by the caller. `path`
    /// names the face in messages and in ``path``; nothing is read from it.
    package convenience init(bytes: [UInt8], path: String, index: Int = 0, rule: FontFaceRule? = nil) throws {
        try self.init(adopting: FontFileBytes(copying: bytes, path: path), path: path, index: index, rule: rule)
    }

    /// Loads face `index` of a font file's bytes read by the caller into
    /// `bytes`, which the face owns from here, thrown or not: no copy is
    /// made, so a large file costs its size once (the batch protocol's
    /// `font_file` reads each file itself: one open, no path looked up twice).
    package convenience init(adopting bytes: FontFileBytes, path: String, index: Int = 0,
                             rule: FontFaceRule? = nil) throws {
        // The blob owns the pages from here: HarfBuzz unmaps them with the
        // blob, which the face keeps as long as it lives.
        let blob = Self.blob(unmappingWhenDestroyed: bytes.buffer.baseAddress!, count: bytes.buffer.count,
                             mode: HB_MEMORY_MODE_READONLY)
        defer { hb_blob_destroy(blob) }
        try self.init(blob: blob, path: path, index: index, rule: rule)
        // The face keeps the bytes, or the sfnt decoded from them (a web font's).
        heapBytes = dataBytes
    }

    /// The bytes of font data this face keeps on the heap: a face read from
    /// bytes (``init(bytes:path:index:)``) holds its copy of them, a web font
    /// the sfnt decoded from it; a face of a file maps the file and counts 0. What caches that keep faces
    /// count a face at.
    package private(set) var heapBytes = 0

    /// Loads face `index` of a file's blob (the caller keeps its reference).
    init(blob fileBlob: OpaquePointer, path: String, index: Int, rule: FontFaceRule? = nil, sanitized: Bool = true) throws {
        self.path = path
        self.faceIndex = index
        self.rule = rule
        sizeAdjust = rule?.sizeAdjust ?? 1
        unicodeRange = rule.flatMap { $0.unicodeRange.coversEverything ? nil : $0.unicodeRange }
        if hb_blob_get_length(fileBlob) == 0 {
            throw TypesetError.fontFileUnreadable(path: path, reason: "file is empty")
        }
        // A WOFF or WOFF2 file is read as the sfnt it wraps.
        let blob = try WebFontDecoder.sfntBlob(fileBlob, path: path)
        defer { hb_blob_destroy(blob) }
        dataBytes = Int(hb_blob_get_length(blob))
        if blob != fileBlob { heapBytes = dataBytes }
        let faceCount = Int(hb_face_count(blob))
        if faceCount == 0 { throw TypesetError.notAFont(path: path) }
        guard index >= 0, index < faceCount else {
            throw TypesetError.faceIndexOutOfRange(path: path, index: index, faceCount: faceCount)
        }
        // HarfBuzz reads a table cut off by the end of the file as missing or
        // short, and would set text in whatever is left: reject truncated files.
        if let problem = Self.tableDirectoryProblem(blob, index: index) {
            throw TypesetError.fontFileUnreadable(path: path, reason: problem)
        }
        var face = hb_face_create(blob, UInt32(index))!
        // HarfBuzz never fails here: a file it cannot parse gives the empty face.
        let glyphs = Int(hb_face_get_glyph_count(face))
        let upem = Int(hb_face_get_upem(face))
        if glyphs == 0 || hb_face_get_table_tags(face, 0, nil, nil) == 0 {
            hb_face_destroy(face)
            throw TypesetError.notAFont(path: path)
        }
        sanitizerDroppedKern = sanitized ? Self.kernDropReason(face) : nil
        if sanitizerDroppedKern != nil { face = Self.withoutKernTable(face) }
        let unicodes = hb_set_create()!
        defer { hb_set_destroy(unicodes) }
        hb_face_collect_unicodes(face, unicodes)
        if hb_set_get_population(unicodes) == 0 {
            hb_face_destroy(face)
            throw TypesetError.fontWithoutCharacterMap(path: path)
        }
        // Range by range (a CJK face maps some 30,000 BMP characters in a few hundred ranges).
        var coverage = [UInt64](repeating: 0, count: 65536 / 64)
        var first: hb_codepoint_t = UInt32.max, last: hb_codepoint_t = 0  // HB_SET_VALUE_INVALID: from the start
        while hb_set_next_range(unicodes, &first, &last) != 0 && first < 65536 {
            Self.setBits(&coverage, Int(first)...Int(min(last, 65535)))
        }
        if let range = unicodeRange {
            // Only the characters of the rule's unicode-range (CSS Fonts 4:
            // a character outside it never comes from this face).
            var allowed = [UInt64](repeating: 0, count: 65536 / 64)
            for r in range.ranges where r.lowerBound < 65536 {
                Self.setBits(&allowed, Int(r.lowerBound)...Int(min(r.upperBound, 65535)))
            }
            for k in coverage.indices { coverage[k] &= allowed[k] }
        }
        bmpCoverage = coverage

        var font = hb_font_create(face)!
        hb_font_set_scale(font, Int32(upem), Int32(upem))
        if let range = unicodeRange { font = UnicodeRangeFont.limiting(font, to: range) }
        hb_font_make_immutable(font)
        hbFace = face
        hbFont = font
        var x: hb_position_t = 0
        hb_ot_metrics_get_position_with_fallback(font, HB_OT_METRICS_TAG_X_HEIGHT, &x)
        xHeight = Double(x) / Double(max(1, upem)) * (rule?.sizeAdjust ?? 1)
        var cap: hb_position_t = 0
        hb_ot_metrics_get_position_with_fallback(font, HB_OT_METRICS_TAG_CAP_HEIGHT, &cap)
        capHeight = Double(cap) / Double(max(1, upem)) * (rule?.sizeAdjust ?? 1)
        serial = Self.serials.add(1, ordering: .relaxed).newValue
        unitsPerEm = upem
        glyphCount = glyphs
        familyName = rule?.family ?? Self.name(face, preferred: 16, fallback: 1) ?? ((path as NSString).lastPathComponent as String)
        styleName = Self.name(face, preferred: 17, fallback: 2) ?? "Regular"
        let ownWeight = Int(hb_style_get_value(font, HB_STYLE_TAG_WEIGHT).rounded())
        let ownItalic = hb_style_get_value(font, HB_STYLE_TAG_ITALIC) > 0
            || hb_style_get_value(font, HB_STYLE_TAG_SLANT_ANGLE) != 0
        // A rule's descriptors stand for the file's own (CSS Fonts 4 §4.5).
        if let declared = rule?.weight {
            weight = Int(min(max(Double(ownWeight), declared.lowerBound), declared.upperBound).rounded())
        } else {
            weight = ownWeight
        }
        switch rule?.style {
        case nil: isItalic = ownItalic
        case .normal?: isItalic = false
        case .italic?, .oblique?: isItalic = true
        }

        let hasOutlines = Self.hasTable(face, "glyf") || Self.hasTable(face, "CFF ") || Self.hasTable(face, "CFF2")
        let hasBitmaps = Self.hasTable(face, "CBDT") || Self.hasTable(face, "sbix")
        if hasBitmaps && !hasOutlines,
           let strike = try? BitmapStrike(blob: blob, path: path, index: index, glyphCount: glyphs) {
            isColorBitmap = true
            bitmapAdvances = strike.advances
        } else {
            isColorBitmap = false
            bitmapAdvances = []
        }
        // Vertical metrics from hhea (or OS/2) for every face: Chromium takes
        // a colour bitmap face's from there too, not from its strike (Noto
        // Color Emoji: 1900 / 500 per 2048 em against the strike's 101 / 27
        // per 109 px, which round alike at 13, 15 and 17 px only).
        let own = Self.outlineMetrics(font, upem: upem)
        if let rule {
            metrics = Self.declaredMetrics(own, rule)
        } else {
            metrics = own
        }
        let axes = Self.axes(face)
        self.axes = axes
        variationCoordinates = []
        unitScale = 1
        namedInstances = Self.namedInstances(face, axisCount: axes.count)
        let ownRanges = Self.descriptors(font, axes: axes, weight: ownWeight, isItalic: ownItalic)
        if let rule {
            // A rule's descriptors stand for the file's own (CSS Fonts 4
            // §4.5); one it leaves out (or gives as `auto`) matches as
            // `normal` and leaves the instance to the font's own range.
            descriptors = FaceDescriptors(weight: rule.weight ?? 400...400, stretch: rule.stretch ?? 100...100,
                                          style: rule.style ?? .normal)
            variationBounds = FaceDescriptors(weight: rule.weight ?? ownRanges.weight,
                                             stretch: rule.stretch ?? ownRanges.stretch,
                                             style: rule.style ?? ownRanges.style)
        } else {
            descriptors = ownRanges
            variationBounds = ownRanges
        }
    }

    /// A face's metrics as its rule makes them: scaled by `size-adjust`, then
    /// each override put in place of its metric (a fraction of the font size
    /// the face is set at, the adjusted one).
    static func declaredMetrics(_ own: FontMetrics, _ rule: FontFaceRule) -> FontMetrics {
        let k = rule.sizeAdjust
        return FontMetrics(ascent: (rule.ascentOverride ?? own.ascent) * k,
                           descent: (rule.descentOverride ?? own.descent) * k,
                           lineGap: (rule.lineGapOverride ?? own.lineGap) * k)
    }

    /// A face sharing `base`'s font data under another family name and
    /// other descriptors (an `@font-face` rule's).
    private init(declaring base: FontFace, familyName: String, descriptors: FaceDescriptors, bounds: FaceDescriptors) {
        // The declared face keeps the base's font data alive, as an instance does.
        heapBytes = base.heapBytes
        path = base.path
        faceIndex = base.faceIndex
        self.familyName = familyName
        styleName = base.styleName
        weight = base.weight
        isItalic = base.isItalic
        unitsPerEm = base.unitsPerEm
        glyphCount = base.glyphCount
        metrics = base.metrics
        xHeight = base.xHeight
        capHeight = base.capHeight
        isColorBitmap = base.isColorBitmap
        axes = base.axes
        namedInstances = base.namedInstances
        self.descriptors = descriptors
        variationBounds = bounds
        rule = base.rule
        sizeAdjust = base.sizeAdjust
        unicodeRange = base.unicodeRange
        dataBytes = base.dataBytes
        variationCoordinates = base.variationCoordinates
        unitScale = base.unitScale
        hbFace = hb_face_reference(base.hbFace)
        hbFont = hb_font_reference(base.hbFont)
        sanitizerDroppedKern = base.sanitizerDroppedKern
        bitmapAdvances = base.bitmapAdvances
        bmpCoverage = base.bmpCoverage
        serial = Self.serials.add(1, ordering: .relaxed).newValue
    }

    /// An instance of `base` at `coordinates` (one per axis): its own
    /// HarfBuzz font, set at them and scaled finer than a font unit, and
    /// its vertical metrics and x-height as varied (MVAR), in whole font
    /// units as FreeType keeps them.
    private init(instanceOf base: FontFace, coordinates: [Double]) {
        // The instance keeps the base's font data alive: caches count it at that size.
        heapBytes = base.heapBytes
        path = base.path
        faceIndex = base.faceIndex
        familyName = base.familyName
        styleName = base.styleName
        weight = base.weight
        isItalic = base.isItalic
        unitsPerEm = base.unitsPerEm
        glyphCount = base.glyphCount
        isColorBitmap = base.isColorBitmap
        axes = base.axes
        namedInstances = base.namedInstances
        descriptors = base.descriptors
        variationBounds = base.variationBounds
        rule = base.rule
        sizeAdjust = base.sizeAdjust
        unicodeRange = base.unicodeRange
        dataBytes = base.dataBytes
        variationCoordinates = coordinates
        sanitizerDroppedKern = base.sanitizerDroppedKern
        bitmapAdvances = base.bitmapAdvances
        bmpCoverage = base.bmpCoverage
        let scale = 64.0
        unitScale = scale
        hbFace = hb_face_reference(base.hbFace)
        let varied = hb_font_create(hbFace)!
        let scaled = Int32(clamping: Int64(base.unitsPerEm) * Int64(scale))
        hb_font_set_scale(varied, scaled, scaled)
        let design = coordinates.map(Float.init)
        hb_font_set_var_coords_design(varied, design, UInt32(design.count))
        // Advances as Chromium varies them (whole units, see
        // InstanceAdvances) when the face has HVAR; else HarfBuzz's,
        // fractional, from the varied outlines.
        var font: OpaquePointer
        if let advances = InstanceAdvances(face: hbFace, axes: base.axes, coordinates: coordinates,
                                           glyphCount: base.glyphCount) {
            font = advances.font(over: varied, scale: Int32(scale))
            hb_font_destroy(varied)
        } else {
            font = varied
        }
        if let range = base.unicodeRange { font = UnicodeRangeFont.limiting(font, to: range) }
        hb_font_make_immutable(font)
        hbFont = font
        let u = Double(max(1, base.unitsPerEm))
        var ext = hb_font_extents_t()
        hb_font_get_h_extents(font, &ext)
        func units(_ v: hb_position_t) -> Double { (Double(v) / scale).rounded() }
        let variedMetrics = FontMetrics(ascent: units(ext.ascender) / u, descent: units(-ext.descender) / u,
                                        lineGap: units(ext.line_gap) / u)
        metrics = base.rule.map { Self.declaredMetrics(variedMetrics, $0) } ?? variedMetrics
        var x: hb_position_t = 0
        hb_ot_metrics_get_position_with_fallback(font, HB_OT_METRICS_TAG_X_HEIGHT, &x)
        xHeight = units(x) / u * base.sizeAdjust
        var cap: hb_position_t = 0
        hb_ot_metrics_get_position_with_fallback(font, HB_OT_METRICS_TAG_CAP_HEIGHT, &cap)
        capHeight = units(cap) / u * base.sizeAdjust
        serial = Self.serials.add(1, ordering: .relaxed).newValue
    }

    /// The face set for a requested style: for a variable face, its
    /// instance at the axis values `request` implies (see
    /// ``variationCoordinates(for:)``), made once and shared; a static
    /// face, or a request that leaves every axis at its default, is the
    /// face itself.
    public func instance(_ request: VariationRequest) -> FontFace {
        guard isVariable else { return self }
        let coordinates = variationCoordinates(for: request)
        if coordinates == variationCoordinates || (variationCoordinates.isEmpty && coordinates == axes.map(\.defaultValue)) {
            return self
        }
        return instances.value(for: coordinates) { FontFace(instanceOf: self, coordinates: coordinates) }
    }

    /// The axis values a request sets, one per ``axes`` entry, each clamped
    /// to its axis, as Chromium sets them:
    /// - `wght`: the requested weight, clamped to the face's declared weights
    ///   (``variationBounds``);
    /// - `wdth`: the requested `font-stretch`, clamped to its declared stretches;
    /// - `slnt`: the requested slope negated (CSS leans clockwise, `slnt`
    ///   counter-clockwise), clamped to its declared oblique angles;
    /// - `opsz`: the optical size (the font size in CSS px) when given;
    /// - then every `font-variation-settings` value, on the axes the face
    ///   has (others are ignored).
    /// Axes not named keep their defaults.
    public func variationCoordinates(for request: VariationRequest) -> [Double] {
        func clamp(_ v: Double, _ r: ClosedRange<Double>) -> Double { min(max(v, r.lowerBound), r.upperBound) }
        var c = axes.map(\.defaultValue)
        for (i, axis) in axes.enumerated() {
            switch axis.tag {
            case "wght": c[i] = axis.clamp(clamp(request.weight, variationBounds.weight))
            case "wdth": c[i] = axis.clamp(clamp(request.stretch, variationBounds.stretch))
            case "slnt": c[i] = axis.clamp(-clamp(request.slope, variationBounds.style.slope))
            case "opsz": if let size = request.opticalSize { c[i] = axis.clamp(size) }
            default: break
            }
        }
        for v in request.variations {
            if let i = axes.firstIndex(where: { $0.tag == v.tag }) { c[i] = axes[i].clamp(v.value) }
        }
        // A value that is not a number (NaN, from a request no style check
        // passed) leaves its axis at the default.
        for i in c.indices where !c[i].isFinite { c[i] = axes[i].defaultValue.isFinite ? axes[i].defaultValue : 0 }
        return c
    }

    /// The face as an `@font-face` rule declares it: the same font data
    /// under the rule's `font-family` (nil keeps the file's) with the rule's
    /// `font-weight`, `font-stretch` and `font-style` ranges, which font
    /// matching then uses instead of the file's own, and which a variable
    /// face's instance is clamped to.
    public func declared(family: String? = nil, descriptors: FaceDescriptors) -> FontFace {
        FontFace(declaring: self, familyName: family ?? familyName, descriptors: descriptors, bounds: descriptors)
    }

    /// The face as an `@font-face` rule declares it, each descriptor the
    /// rule gives replacing the face's own. A descriptor the rule leaves
    /// out (nil; also `auto`, and — as Chromium reads it —
    /// `font-stretch: normal`) is matched as CSS's initial value (weight
    /// 400, stretch 100%, style normal), whatever the file says, as
    /// Chromium matches it; a variable face's instance is then clamped to
    /// the axis's own range only (``variationBounds``).
    public func declared(family: String? = nil, weight: ClosedRange<Double>?, stretch: ClosedRange<Double>?,
                         style: FaceStyle?) -> FontFace {
        let matched = FaceDescriptors(weight: weight ?? 400...400, stretch: stretch ?? 100...100, style: style ?? .normal)
        let own = variationBounds
        let bounds = FaceDescriptors(weight: weight ?? own.weight, stretch: stretch ?? own.stretch, style: style ?? own.style)
        return FontFace(declaring: self, familyName: family ?? familyName, descriptors: matched, bounds: bounds)
    }

    /// The face's `fvar` axes.
    private static func axes(_ face: OpaquePointer) -> [FontAxis] {
        guard hb_ot_var_has_data(face) != 0 else { return [] }
        var count = hb_ot_var_get_axis_count(face)
        guard count > 0 else { return [] }
        var infos = [hb_ot_var_axis_info_t](repeating: hb_ot_var_axis_info_t(), count: Int(count))
        hb_ot_var_get_axis_infos(face, 0, &count, &infos)
        return infos.prefix(Int(count)).map {
            FontAxis(tag: FontVariation.string($0.tag), minimum: Double($0.min_value),
                     defaultValue: Double($0.default_value), maximum: Double($0.max_value),
                     isHidden: $0.flags.rawValue & HB_OT_VAR_AXIS_FLAG_HIDDEN.rawValue != 0)
        }
    }

    /// The face's `fvar` named instances.
    private static func namedInstances(_ face: OpaquePointer, axisCount: Int) -> [FontNamedInstance] {
        guard axisCount > 0 else { return [] }
        let count = hb_ot_var_get_named_instance_count(face)
        var found: [FontNamedInstance] = []
        for i in 0..<count {
            var n = UInt32(axisCount)
            var coords = [Float](repeating: 0, count: axisCount)
            hb_ot_var_named_instance_get_design_coords(face, i, &n, &coords)
            let nameID = hb_ot_var_named_instance_get_subfamily_name_id(face, i)
            let name = Self.name(face, id: nameID) ?? "Instance \(i + 1)"
            found.append(FontNamedInstance(name: name, coordinates: coords.prefix(Int(n)).map(Double.init)))
        }
        return found
    }

    /// What a face loaded from a file declares: a variable face its axis
    /// ranges (`wght`; `wdth`, in percent; `slnt` as oblique angles, negated;
    /// `ital` when its default is italic), a static one its OS/2 weight and
    /// width class and italic flag.
    private static func descriptors(_ font: OpaquePointer, axes: [FontAxis], weight: Int, isItalic: Bool) -> FaceDescriptors {
        func axis(_ tag: String) -> FontAxis? { axes.first { $0.tag == tag } }
        let width = hb_style_get_value(font, HB_STYLE_TAG_WIDTH)
        var d = FaceDescriptors(weight: axis("wght")?.range ?? Double(weight)...Double(weight),
                                stretch: axis("wdth")?.range
                                    ?? (width > 0 ? Double(width)...Double(width) : 100...100),
                                style: isItalic ? .italic : .normal)
        if let ital = axis("ital"), ital.defaultValue >= 1 {
            d.style = .italic
        } else if let slnt = axis("slnt"), !isItalic {
            d.style = .oblique(-slnt.maximum ... -slnt.minimum)
        }
        return d
    }

    /// Sets the bits of `range` in a bitmap of 64-bit words, a word at a time.
    static func setBits(_ bits: inout [UInt64], _ range: ClosedRange<Int>) {
        for word in range.lowerBound >> 6...range.upperBound >> 6 {
            let from = max(range.lowerBound, word << 6) & 63, to = min(range.upperBound, (word << 6) + 63) & 63
            bits[word] |= (UInt64.max >> UInt64(63 - to)) & (UInt64.max << UInt64(from))
        }
    }

    private static func languageSystems(_ face: OpaquePointer) -> Set<UInt32> {
        var found = Set<UInt32>()
        for table in [hb_tag_t(0x4753_5542) /* GSUB */, hb_tag_t(0x4750_4F53) /* GPOS */] {
            var scriptCount = hb_ot_layout_table_get_script_tags(face, table, 0, nil, nil)
            var scripts = [hb_tag_t](repeating: 0, count: Int(scriptCount))
            hb_ot_layout_table_get_script_tags(face, table, 0, &scriptCount, &scripts)
            for s in 0..<Int(scriptCount) {
                var count = hb_ot_layout_script_get_language_tags(face, table, UInt32(s), 0, nil, nil)
                var tags = [hb_tag_t](repeating: 0, count: Int(count))
                hb_ot_layout_script_get_language_tags(face, table, UInt32(s), 0, &count, &tags)
                found.formUnion(tags.prefix(Int(count)))
            }
        }
        return found
    }

    /// Loads face `index` of the font file at a file URL; see ``init(path:index:)``.
    public convenience init(url: URL, index: Int = 0) throws {
        try self.init(path: url.path, index: index)
    }

    deinit {
        hb_font_destroy(hbFont)
        hb_face_destroy(hbFace)
    }

    /// Whether the face maps the scalar to a glyph (and, for a face of an
    /// `@font-face` rule, the scalar is in the rule's `unicode-range`).
    @inline(__always)
    public func covers(_ scalar: UInt32) -> Bool {
        if scalar < 65536 {
            return bmpCoverage[Int(scalar) >> 6] & (1 << UInt64(scalar & 63)) != 0
        }
        if let unicodeRange, !unicodeRange.contains(scalar) { return false }
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(hbFont, scalar, &glyph) != 0
    }

    /// The face's full names (name ID 4) and PostScript names (name ID 6),
    /// in every language the font gives: what CSS `local()` looks a font up by.
    var fullNames: [String] {
        var out: [String] = []
        var count: UInt32 = 0
        guard let entries = hb_ot_name_list_names(hbFace, &count) else { return [] }
        for k in 0..<Int(count) where entries[k].name_id == 4 || entries[k].name_id == 6 {
            var size: UInt32 = 256
            var buffer = [CChar](repeating: 0, count: Int(size))
            let len = hb_ot_name_get_utf8(hbFace, entries[k].name_id, entries[k].language, &size, &buffer)
            if len > 0 { out.append(String(decoding: buffer.prefix(Int(len)).map { UInt8(bitPattern: $0) }, as: UTF8.self)) }
        }
        return out
    }

    public var description: String {
        "\(familyName) \(styleName) (\((path as NSString).lastPathComponent)#\(faceIndex))"
    }

    private static func name(_ face: OpaquePointer, preferred: UInt32, fallback: UInt32) -> String? {
        for id in [preferred, fallback] {
            if let found = name(face, id: id) { return found }
        }
        return nil
    }

    private static func name(_ face: OpaquePointer, id: UInt32) -> String? {
        var size: UInt32 = 256
        var buffer = [CChar](repeating: 0, count: Int(size))
        let len = hb_ot_name_get_utf8(face, hb_ot_name_id_t(id), hb_language_from_string("en", -1), &size, &buffer)
        if len > 0 { return String(decoding: buffer.prefix(Int(len)).map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        return nil
    }

    /// Why face `index`'s sfnt table directory does not fit in the file
    /// (truncated or corrupt), or nil when every table lies inside it (or the
    /// format is not one this check knows).
    static func tableDirectoryProblem(_ blob: OpaquePointer, index: Int) -> String? {
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length) else { return nil }
        let n = Int(length)
        let bytes = UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self)
        func u16(_ o: Int) -> Int { Int(bytes[o]) << 8 | Int(bytes[o + 1]) }
        func u32(_ o: Int) -> Int { u16(o) << 16 | u16(o + 2) }
        guard n >= 12 else { return "truncated: \(n) bytes" }
        var directory = 0
        if u32(0) == 0x7474_6366 {  // 'ttcf': a collection, one directory per face
            guard 12 + 4 * (index + 1) <= n else { return "truncated: the collection header ends past the file's \(n) bytes" }
            directory = u32(12 + 4 * index)
            guard directory + 12 <= n else { return "truncated: face \(index)'s table directory starts past the file's \(n) bytes" }
        }
        switch u32(directory) {
        case 0x0001_0000, 0x4F54_544F, 0x7472_7565, 0x7479_7031: break  // TrueType, 'OTTO', 'true', 'typ1'
        default: return nil
        }
        let tables = u16(directory + 4)
        guard directory + 12 + 16 * tables <= n else {
            return "truncated: the table directory (\(tables) tables) ends past the file's \(n) bytes"
        }
        for i in 0..<tables {
            let entry = directory + 12 + 16 * i
            let offset = u32(entry + 8), size = u32(entry + 12)
            if offset + size > n {
                let tag = String(decoding: (0..<4).map { bytes[entry + $0] }, as: UTF8.self)
                return "truncated: table '\(tag)' ends at byte \(offset + size), past the file's \(n) bytes"
            }
        }
        return nil
    }

    /// Why the sanitizer drops the face's `kern` table, if it does.
    private static func kernDropReason(_ face: OpaquePointer) -> String? {
        let blob = hb_face_reference_table(face, 0x6B65_726E)  // 'kern'
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0 else { return nil }
        return KernTableSanitizer.dropReason(UnsafeRawBufferPointer(start: data, count: Int(length)),
                                             hasGlyf: hasTable(face, "glyf"))
    }

    /// A face that reads every table of `face` (which it takes over) but `kern`.
    private static func withoutKernTable(_ face: OpaquePointer) -> OpaquePointer {
        let wrapped = hb_face_create_for_tables({ _, tag, user in
            tag == 0x6B65_726E ? hb_blob_get_empty() : hb_face_reference_table(OpaquePointer(user), tag)
        }, UnsafeMutableRawPointer(face), { user in hb_face_destroy(OpaquePointer(user)) })!
        hb_face_set_upem(wrapped, hb_face_get_upem(face))
        hb_face_set_glyph_count(wrapped, hb_face_get_glyph_count(face))
        return wrapped
    }

    private static func hasTable(_ face: OpaquePointer, _ tag: String) -> Bool {
        let t = tag.utf8.reduce(UInt32(0)) { ($0 << 8) | UInt32($1) }
        let blob = hb_face_reference_table(face, t)
        defer { hb_blob_destroy(blob) }
        return hb_blob_get_length(blob) > 0
    }

    private static func outlineMetrics(_ font: OpaquePointer, upem: Int) -> FontMetrics {
        // hhea ascender/descender/lineGap (OS/2 typo metrics when USE_TYPO_METRICS is
        // set), which is what FreeType, and so Skia, report for scalable faces.
        var asc: hb_position_t = 0, desc: hb_position_t = 0, gap: hb_position_t = 0
        var ext = hb_font_extents_t()
        hb_font_get_h_extents(font, &ext)
        asc = ext.ascender; desc = ext.descender; gap = ext.line_gap
        let u = Double(upem)
        return FontMetrics(ascent: Double(asc) / u, descent: Double(-desc) / u, lineGap: Double(gap) / u)
    }
}

/// The advances of a colour bitmap face's strike, read through FreeType.
private struct BitmapStrike {
    var advances: [Float]

    private static let lock = NSLock()

    init(blob: OpaquePointer, path: String, index: Int, glyphCount: Int) throws {
        // FreeType objects are created and used under one lock: a face is
        // loaded once per process, so this is not a contention point.
        Self.lock.lock()
        defer { Self.lock.unlock() }
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { throw TypesetError.notAFont(path: path) }
        defer { FT_Done_FreeType(library) }
        var face: FT_Face?
        // The file's bytes as HarfBuzz holds them: the file is not opened again.
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0 else { throw TypesetError.notAFont(path: path) }
        let base = UnsafeRawPointer(data).assumingMemoryBound(to: FT_Byte.self)
        guard FT_New_Memory_Face(library, base, FT_Long(length), FT_Long(index), &face) == 0, let face else {
            throw TypesetError.notAFont(path: path)
        }
        defer { FT_Done_Face(face) }
        guard face.pointee.num_fixed_sizes > 0, FT_Select_Size(face, 0) == 0 else {
            throw TypesetError.notAFont(path: path)
        }
        let size = face.pointee.size.pointee.metrics
        let xppem = Double(size.x_ppem)
        guard xppem > 0 else { throw TypesetError.notAFont(path: path) }
        var adv = [Float](repeating: 0, count: glyphCount)
        let flags = Int32(FT_LOAD_COLOR) | Int32(FT_LOAD_BITMAP_METRICS_ONLY)
        for g in 0..<glyphCount where FT_Load_Glyph(face, FT_UInt(g), flags) == 0 {
            adv[g] = Float(Double(face.pointee.glyph.pointee.advance.x) / 64 / xppem)
        }
        advances = adv
    }
}
