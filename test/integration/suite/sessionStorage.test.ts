import * as assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import type { CodewrightApi } from '../../../extension/extension';
import { createSessionStorage } from '../../../extension/host/vscode/sessionStorage';
import { sessionStorageContract } from '../../contract/sessionStorage.contract';

describe('VS Code session storage', () => {
  let globalStorageUri: vscode.Uri;

  before(async () => {
    const api = await vscode.extensions.getExtension<CodewrightApi>('codewright.codewright')!.activate();
    // The extension's real global storage, as VS Code handed it over at activation.
    globalStorageUri = vscode.Uri.file(api.storageRoot);
  });

  sessionStorageContract(describe, it, () => createSessionStorage({ globalStorageUri }, randomUUID()));

  it('puts each session in its own folder under the extension global storage', () => {
    assert.match(globalStorageUri.fsPath, /codewright/i);
    const s = createSessionStorage({ globalStorageUri }, 'abc-123');
    assert.equal(s.dir, vscode.Uri.joinPath(globalStorageUri, 'sessions', 'abc-123').fsPath);
  });

  it('rejects a session id that could leave the storage folder', () => {
    assert.throws(() => createSessionStorage({ globalStorageUri }, '../x'), /Invalid session id/);
  });
});
