import Foundation
import Typeset

/// Why entity styles could not be applied.
public enum EntityStylingError: LocalizedError, Equatable, Sendable, CustomStringConvertible {
    /// The prepared text given as the unstyled state was prepared from another
    /// string than the attributed text to style.
    case textMismatch

    /// A message naming the problem.
    public var description: String {
        switch self {
        case .textMismatch:
            return "the prepared text was not prepared from the attributed text to style (their strings differ)"
        }
    }
}

extension EntityStylingError {
    /// The same one-line explanation as `description`, for `localizedDescription`.
    public var errorDescription: String? { description }
}
