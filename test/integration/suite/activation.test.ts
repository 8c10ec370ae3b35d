import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { CodewrightApi } from '../../../extension/extension';
import { COMMANDS } from '../../../extension/ui/palette/commands';

export const EXTENSION_ID = 'codewright.codewright';

describe('extension activation in a real VS Code', () => {
  it('activates and returns its API', async () => {
    const ext = vscode.extensions.getExtension<CodewrightApi>(EXTENSION_ID);
    assert.ok(ext, `extension ${EXTENSION_ID} is not installed in this window`);
    const api = await ext.activate();
    assert.equal(ext.isActive, true);
    assert.equal(typeof api.session.send, 'function');
  });

  it('registers every palette command it contributes', async () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID)!;
    await ext.activate();
    const registered = new Set(await vscode.commands.getCommands(true));
    const contributed = (ext.packageJSON.contributes.commands as { command: string }[]).map((c) => c.command);
    assert.deepEqual(contributed.sort(), Object.values(COMMANDS).sort());
    for (const id of contributed) assert.ok(registered.has(id), `command ${id} is not registered`);
  });

  it('contributes the Chat webview view in its own activity-bar container', () => {
    const pkg = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON;
    assert.equal(pkg.contributes.viewsContainers.activitybar[0].id, 'codewright');
    assert.deepEqual(
      pkg.contributes.views.codewright.map((v: { id: string; type: string }) => [v.id, v.type]),
      [['codewright.chat', 'webview']],
    );
  });


  it('reads its settings with the declared defaults', () => {
    const config = vscode.workspace.getConfiguration('codewright');
    assert.equal(config.get('maxTokens'), 0); // 0: the model's own output limit (the model table)
    assert.equal(config.get('thinking'), 'on');
    assert.equal(typeof config.get('model'), 'string');
    assert.equal(config.get('apiBaseUrl'), '');
  });
});
