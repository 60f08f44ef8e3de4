import Typeset

/// Where each sigil first occurs in a text, found in one pass over its bytes.
struct EntityTriggers {
    /// The first `#` or `＃`.
    var firstHashSign: Int?
    /// The first `@` or `＠`.
    var firstAtSign: Int?
    /// The first `$`.
    var firstDollarSign: Int?
    /// The first `.`.
    var firstDot: Int?

    /// Whether any sigil occurs.
    var any: Bool {
        firstHashSign != nil || firstAtSign != nil || firstDollarSign != nil || firstDot != nil
    }

    /// Scans the text once.
    init(scanning scanner: EntityScanner) {
        let count = scanner.count
        var index = 0
        var missing = 4
        while index < count {
            let byte = scanner[index]
            switch byte {
            case UInt8(ascii: "#"):
                if firstHashSign == nil {
                    firstHashSign = index
                    missing -= 1
                }
            case UInt8(ascii: "@"):
                if firstAtSign == nil {
                    firstAtSign = index
                    missing -= 1
                }
            case UInt8(ascii: "$"):
                if firstDollarSign == nil {
                    firstDollarSign = index
                    missing -= 1
                }
            case UInt8(ascii: "."):
                if firstDot == nil {
                    firstDot = index
                    missing -= 1
                }
            case 0xEF where index + 2 < count && scanner[index + 1] == 0xBC:
                // ＃ is EF BC 83, ＠ is EF BC A0.
                if scanner[index + 2] == 0x83, firstHashSign == nil {
                    firstHashSign = index
                    missing -= 1
                } else if scanner[index + 2] == 0xA0, firstAtSign == nil {
                    firstAtSign = index
                    missing -= 1
                }
            default:
                break
            }
            if missing == 0 { break }
            index += 1
        }
    }
}
