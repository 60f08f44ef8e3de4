"""The exceptions of the typeset package: one per status of the C interface, carrying its message."""
from __future__ import annotations


class TypesetError(Exception):
    """A call of libtypeset failed; the message is the library's, naming the argument and the problem."""

    status: int = -1

    def __init__(self, message: str, status: int | None = None) -> None:
        super().__init__(message)
        if status is not None:
            self.status = status


class ArgumentError(TypesetError, ValueError):
    """An argument is invalid (a NaN or negative size, a bad offset, an unknown option)."""

    status = 1


class FontError(TypesetError):
    """Fonts: a file or directory not found or unreadable, or no family of a font stack has a font."""

    status = 2


class RequestError(TypesetError):
    """A batch request line was answered with an error object (``answer`` holds it)."""

    status = 3

    def __init__(self, message: str, answer: dict | None = None) -> None:
        super().__init__(message)
        self.answer = answer


class InternalError(TypesetError):
    """A system library (ICU, Fontconfig) failed, or memory ran out."""

    status = 4


_BY_STATUS = {cls.status: cls for cls in (ArgumentError, FontError, RequestError, InternalError)}


def error_for(status: int, message: str) -> TypesetError:
    """The exception for a non-zero status and the library's message."""
    cls = _BY_STATUS.get(status)
    return cls(message) if cls else TypesetError(message, status)
