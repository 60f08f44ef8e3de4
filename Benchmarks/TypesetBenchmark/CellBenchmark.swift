import Typeset

/// Cell-layout figures (filled in when the cell layout engine is available).
enum CellBenchmark {
    struct Result {
        var figures: [(String, Figure, String)]
        var notes: [String]
    }

    static func run(typesetter: Typesetter, texts: [String], runs: Int) -> Result? { nil }
}

/// The scale benchmark, when available.
func runScaleBenchmarkIfAvailable() -> String { "scale benchmark: not built in" }
