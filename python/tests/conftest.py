"""Shared fixtures: one typesetter over the bundled fonts for the whole run."""
import pytest

import typeset


@pytest.fixture(scope="session")
def ts() -> typeset.Typesetter:
    return typeset.Typesetter()
