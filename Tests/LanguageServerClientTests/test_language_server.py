"""`lifecycle lsp` driven by a real client: the session an editor runs on every example,
then hostile clients (malformed JSON-RPC, unknown methods, a 20 MB document, 1,000 changes a
second, a client that exits without `shutdown`)."""
import pathlib
import re
import time

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from conftest import EXAMPLES

pytestmark = pytest.mark.asyncio

EXAMPLE_FILES = sorted(EXAMPLES.glob("*.lifecycle"))


def position_of(text: str, needle: str, offset: int = 0, transition: bool = False) -> types.Position:
    """The first `needle` (on a transition line when `transition`), moved `offset` characters."""
    for number, line in enumerate(text.split("\n")):
        column = line.find(needle)
        if transition and not re.match(r"^\s*\w+\s+->", line):
            continue
        if column >= 0:
            return types.Position(line=number, character=column + offset)
    raise AssertionError(f"{needle!r} not found")


async def open_document(client: LanguageClient, path: pathlib.Path, text: str | None = None) -> str:
    uri = path.as_uri()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="lifecycle", version=1, text=text if text is not None else path.read_text())
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    return uri


@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=lambda p: p.name)
async def test_example_session(client: LanguageClient, path: pathlib.Path):
    """initialize → open → diagnostics → hover → completion → definition → rename → formatting → shutdown."""
    text = path.read_text()
    uri = await open_document(client, path)
    # The examples check clean (warnings would show here too).
    assert list(client.diagnostics[uri]) == []

    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=uri)))
    assert symbols, "every example declares a machine or a system"
    machine = next((s for s in symbols if s.kind == types.SymbolKind.Class and s.children), None)
    if machine is None:
        # A file of systems only (its machines imported): systems with their instances, and
        # completion after `Instance.` offers the events of the instance's machine.
        system = next(s for s in symbols if s.kind == types.SymbolKind.Module)
        assert system.children, "a system lists its instances"
        instance = system.children[0].name
        step = position_of(text, f" {instance}.", offset=len(instance) + 2)
        completion = await client.text_document_completion_async(
            types.CompletionParams(text_document=types.TextDocumentIdentifier(uri=uri), position=step)
        )
        items = completion.items if isinstance(completion, types.CompletionList) else completion
        assert items and all(item.kind == types.CompletionItemKind.Event for item in items)
        formatting = await client.text_document_formatting_async(
            types.DocumentFormattingParams(text_document=types.TextDocumentIdentifier(uri=uri), options=types.FormattingOptions(tab_size=4, insert_spaces=True))
        )
        assert not formatting
        return
    state = machine.children[0]

    # Hover on the first state: its description.
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=state.selection_range.start)
    )
    assert hover is not None and state.name in hover.contents.value

    # Hover and definition on the first callback of a transition.
    calls = position_of(text, " calls ", offset=len(" calls "), transition=True)
    hover = await client.text_document_hover_async(types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=calls))
    assert hover is not None and "```swift\nfunc " in hover.contents.value
    definition = await client.text_document_definition_async(
        types.DefinitionParams(text_document=types.TextDocumentIdentifier(uri=uri), position=calls)
    )
    assert definition, "a callback has a declaration"
    location = definition[0] if isinstance(definition, list) else definition
    # The spec itself, or the catalog of the framework that declares the callback (UIKit, AppKit,
    # CoreBluetooth, Foundation, …).
    assert location.uri == uri or re.fullmatch(r"lifecycle:/[A-Za-z]+\.lifecycle", location.uri), location.uri

    # Completion after `calls`: full selectors of the delegate's protocols.
    completion = await client.text_document_completion_async(
        types.CompletionParams(text_document=types.TextDocumentIdentifier(uri=uri), position=calls)
    )
    items = completion.items if isinstance(completion, types.CompletionList) else completion
    assert items and all("(" in item.label and item.label.endswith(")") for item in items)

    # Completion after `->`: the machine's states.
    arrow = position_of(text, " -> ", offset=len(" -> "), transition=True)
    completion = await client.text_document_completion_async(
        types.CompletionParams(text_document=types.TextDocumentIdentifier(uri=uri), position=arrow)
    )
    items = completion.items if isinstance(completion, types.CompletionList) else completion
    assert state.name in [item.label for item in items]

    # Rename the first state: its declaration and every transition naming it.
    edit = await client.text_document_rename_async(
        types.RenameParams(text_document=types.TextDocumentIdentifier(uri=uri), position=state.selection_range.start, new_name="Renamed")
    )
    edits = edit.changes[uri]
    assert len(edits) >= 2 and all(e.new_text == "Renamed" for e in edits)

    # Formatting: the examples are formatted already.
    formatting = await client.text_document_formatting_async(
        types.DocumentFormattingParams(text_document=types.TextDocumentIdentifier(uri=uri), options=types.FormattingOptions(tab_size=4, insert_spaces=True))
    )
    assert not formatting

    tokens = await client.text_document_semantic_tokens_full_async(types.SemanticTokensParams(text_document=types.TextDocumentIdentifier(uri=uri)))
    assert len(tokens.data) % 5 == 0 and len(tokens.data) > 50


async def test_errors_as_you_type_with_fix_it(client: LanguageClient, tmp_path: pathlib.Path):
    path = tmp_path / "Scene.lifecycle"
    text = (EXAMPLES / "SceneLifecycle.lifecycle").read_text()
    path.write_text(text)
    uri = await open_document(client, path)
    assert list(client.diagnostics[uri]) == []
    start = position_of(text, "-> Foreground on reopen", offset=3)
    end = types.Position(line=start.line, character=start.character + len("Foreground"))
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[types.TextDocumentContentChangePartial(range=types.Range(start=start, end=end), text="Foregrund")],
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    [diagnostic] = client.diagnostics[uri]
    assert diagnostic.code == "unknownState"
    assert diagnostic.message == "unknown state 'Foregrund'; did you mean 'Foreground'?"
    assert diagnostic.range.start == start
    assert diagnostic.related_information[0].message == "'Foreground' declared here"
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=diagnostic.range,
            context=types.CodeActionContext(diagnostics=[diagnostic]),
        )
    )
    assert actions[0].edit.changes[uri][0].new_text == "Foreground"


async def test_importers_are_rechecked(client: LanguageClient, tmp_path: pathlib.Path):
    shared = tmp_path / "Shared.lifecycle"
    shared.write_text("protocol Shared {\n    func ping()\n}\n")
    user = tmp_path / "User.lifecycle"
    user.write_text('import "Shared.lifecycle"\nmachine M {\n    delegate D: Shared\n    initial state A\n    A -> A on tick by system calls ping()\n}\n')
    shared_uri = await open_document(client, shared)
    user_uri = await open_document(client, user)
    assert list(client.diagnostics[user_uri]) == []
    # Definition of the imported protocol: the other file.
    definition = await client.text_document_definition_async(
        types.DefinitionParams(text_document=types.TextDocumentIdentifier(uri=user_uri), position=types.Position(line=2, character=17))
    )
    assert (definition[0] if isinstance(definition, list) else definition).uri == shared_uri
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=shared_uri, version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text="protocol Shared {\n    func pong()\n}\n")],
        )
    )
    for _ in range(4):
        await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        if client.diagnostics.get(user_uri):
            break
    assert client.diagnostics[user_uri][0].code == "unknownCallback"


async def test_thousand_changes_a_second(client: LanguageClient, tmp_path: pathlib.Path):
    path = tmp_path / "Burst.lifecycle"
    uri = await open_document(client, path, "machine M {\n    initial state A\n}\n")
    started = time.monotonic()
    for version in range(2, 1002):
        client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
                content_changes=[types.TextDocumentContentChangePartial(
                    range=types.Range(start=types.Position(line=2, character=0), end=types.Position(line=2, character=0)),
                    text=f"    state S{version}\n")],
            )
        )
    hover = await client.text_document_hover_async(types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=2, character=12)))
    assert hover is not None and "S1001" in hover.contents.value
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    # 1,000 unreachable states: the server still answers, with the checker's warnings.
    assert sum(d.code == "unreachableState" for d in client.diagnostics[uri]) == 1000
    assert time.monotonic() - started < 60


async def test_large_document(client: LanguageClient, tmp_path: pathlib.Path):
    """A 20 MB document: analysed (it is under the 32 MiB limit), and the server stays responsive."""
    line = "// " + "x" * 76 + "\n"
    text = "machine M {\n    initial state A\n    final state B\n    A -> B on done by system\n}\n" + line * (20_000_000 // len(line))
    uri = await open_document(client, tmp_path / "Large.lifecycle", text)
    assert list(client.diagnostics[uri]) == []
    hover = await client.text_document_hover_async(types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=1, character=18)))
    assert hover is not None and "initial state" in hover.contents.value
