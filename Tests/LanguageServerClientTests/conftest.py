"""Fixtures for driving `lifecycle lsp` with a real LSP client (pytest-lsp).

The server binary comes from LIFECYCLE_BIN (the Swift test `LanguageServerClientTests` sets
it to the binary `swift test` built); without it, `.build/debug/lifecycle`.
"""
import os
import pathlib
import sys

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "Examples"
BINARY = os.environ.get("LIFECYCLE_BIN") or str(ROOT / ".build" / "debug" / "lifecycle")


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[BINARY, "lsp"]))
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=types.ClientCapabilities(),
            root_uri=EXAMPLES.as_uri(),
        )
    )
    yield
    await lsp_client.shutdown_session()
