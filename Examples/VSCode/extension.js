// The VS Code client of `lifecycle lsp`: starts the server over stdio for .lifecycle files,
// and shows the built-in UIKit catalog (where go-to-definition on a UIKit callback leads) as a
// read-only virtual document, fetched from the server with the `lifecycle/catalog` request.
//
// Needs the `vscode-languageclient` package (`npm install` in this folder; see README.md).
"use strict";

const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration("lifecycle").get("path") || "lifecycle";
  const server = { command, args: ["lsp"], transport: TransportKind.stdio };
  client = new LanguageClient(
    "lifecycle",
    "lifecycle",
    { run: server, debug: server },
    { documentSelector: [{ scheme: "file", language: "lifecycle" }, { scheme: "untitled", language: "lifecycle" }] }
  );

  // `lifecycle:/UIKit.lifecycle`: the catalog, read-only (a content provider's documents are).
  const catalog = {
    async provideTextDocumentContent(uri) {
      const result = await client.sendRequest("lifecycle/catalog", { uri: uri.toString() });
      return result.text;
    },
  };
  context.subscriptions.push(vscode.workspace.registerTextDocumentContentProvider("lifecycle", catalog));
  context.subscriptions.push(
    vscode.workspace.onDidOpenTextDocument((document) => {
      if (document.uri.scheme === "lifecycle") vscode.languages.setTextDocumentLanguage(document, "lifecycle");
    })
  );
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
