import CHarfBuzz
import CFreeType
import CFontconfig
import CUnicode
public enum TypesetVersion { public static let string = "0.1.0" }
