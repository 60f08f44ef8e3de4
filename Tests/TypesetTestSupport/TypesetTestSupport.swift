/// Shared helpers for Typeset tests.
public enum TypesetTestSupport {}
