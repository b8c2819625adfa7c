"""Shared paths for the trio_games tests: the workspace's perft files and golden games."""

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def crates():
    return ROOT / "crates"
