"""Hostile clients, over a raw pipe: what a well-behaved client library would never send.
Malformed JSON-RPC, unknown methods, an oversized message, and clients that exit without
`shutdown`; the server answers with JSON-RPC errors or ignores, as the protocol says."""
import json
import os
import signal
import subprocess

from conftest import BINARY



class RawServer:
    def __init__(self):
        self.process = subprocess.Popen([BINARY, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)

    def write(self, data: bytes):
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def send(self, message) -> None:
        body = json.dumps(message).encode() if not isinstance(message, bytes) else message
        self.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def receive(self) -> dict:
        headers = b""
        while not headers.endswith(b"\r\n\r\n"):
            byte = self.process.stdout.read(1)
            assert byte, "the server closed its output"
            headers += byte
        length = int(headers.split(b"Content-Length:")[1].split(b"\r\n")[0])
        return json.loads(self.process.stdout.read(length))

    def request(self, id, method, params=None) -> dict:
        self.send({"jsonrpc": "2.0", "id": id, "method": method, "params": params or {}})
        while True:
            message = self.receive()
            if message.get("id") == id:
                return message


def test_malformed_json_rpc_and_unknown_methods():
    server = RawServer()
    assert server.request(1, "textDocument/hover")["error"]["code"] == -32002  # not initialized
    assert "capabilities" in server.request(2, "initialize", {"capabilities": {}})["result"]
    server.send(b"{not json")
    assert server.receive()["error"]["code"] == -32700
    server.send(b"[1, 2, 3]")
    assert server.receive()["error"]["code"] == -32600
    server.send({"jsonrpc": "2.0", "id": {"an": "object"}, "method": "x"})
    assert server.receive()["error"]["code"] == -32600
    server.send(b"[" * 100_000)
    assert server.receive()["error"]["code"] == -32700
    server.write(b"Content-Length: nope\r\n\r\n")
    assert server.receive()["method"] == "window/logMessage"
    assert server.request(3, "no/suchMethod")["error"]["code"] == -32601
    server.send({"jsonrpc": "2.0", "method": "no/suchNotification", "params": {}})  # ignored
    assert server.request(4, "textDocument/hover", {"textDocument": {"uri": "file:///not/open"}, "position": {"line": 0, "character": 0}})["error"]["code"] == -32803
    assert server.request(5, "shutdown")["result"] is None
    server.send({"jsonrpc": "2.0", "method": "exit"})
    assert server.process.wait(10) == 0


def test_client_exits_without_shutdown():
    server = RawServer()
    server.request(1, "initialize", {"capabilities": {}})
    server.process.stdin.close()
    assert server.process.wait(10) == 1  # the protocol's status for a missing shutdown


def test_exit_without_shutdown():
    server = RawServer()
    server.request(1, "initialize", {"capabilities": {}})
    server.send({"jsonrpc": "2.0", "method": "exit"})
    assert server.process.wait(10) == 1


def test_oversized_message_is_skipped_not_buffered():
    server = RawServer()
    server.request(1, "initialize", {"capabilities": {}})
    size = 64 * 1024 * 1024 + 1
    server.write(b"Content-Length: %d\r\n\r\n" % size)
    chunk = b" " * (1 << 20)
    sent = 0
    while sent < size:
        part = min(len(chunk), size - sent)
        server.write(chunk[:part])
        sent += part
    assert server.receive()["method"] == "window/logMessage"
    assert server.request(2, "shutdown")["result"] is None
    server.send({"jsonrpc": "2.0", "method": "exit"})
    assert server.process.wait(10) == 0


def test_imports_must_be_regular_files(tmp_path):
    """Issue 24, item 7: `import "/dev/stdin"` would read the server's own JSON-RPC input, and a
    FIFO import would block forever; both are refused with a located error, and the server
    goes on answering. A server that blocks fails after 30 seconds instead of hanging the suite."""
    def blocked(signum, frame):
        raise TimeoutError("the server blocked on an import")
    signal.signal(signal.SIGALRM, blocked)
    signal.alarm(30)
    fifo = tmp_path / "pipe.lifecycle"
    os.mkfifo(fifo)
    spec = tmp_path / "Spec.lifecycle"
    text = 'import "/dev/stdin"\nimport "pipe.lifecycle"\nmachine M {\n    initial state A\n    A -> A on go\n}\n'
    server = RawServer()
    server.request(1, "initialize", {"capabilities": {}})
    server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": spec.as_uri(), "languageId": "lifecycle", "version": 1, "text": text}}})
    while True:
        message = server.receive()
        if message.get("method") == "textDocument/publishDiagnostics":
            break
    messages = [d["message"] for d in message["params"]["diagnostics"]]
    assert any("cannot import '/dev/stdin': is a" in m and "not a regular file" in m for m in messages), messages
    assert "cannot import 'pipe.lifecycle': is a FIFO, not a regular file" in messages, messages
    assert message["params"]["diagnostics"][0]["range"]["start"] == {"line": 0, "character": 7}
    assert server.request(2, "textDocument/hover", {"textDocument": {"uri": spec.as_uri()}, "position": {"line": 4, "character": 4}})["result"] is not None
    assert server.request(3, "shutdown")["result"] is None
    server.send({"jsonrpc": "2.0", "method": "exit"})
    assert server.process.wait(10) == 0
    signal.alarm(0)
