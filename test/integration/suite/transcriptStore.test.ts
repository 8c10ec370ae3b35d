import * as assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import { listSessions, loadSession } from '../../../extension/core/session/sessions';
import { TranscriptWriter } from '../../../extension/core/session/transcript';
import type { CodewrightApi } from '../../../extension/extension';
import { workspaceKeyOf } from '../../../extension/host/node/transcriptStore';
import { createTranscriptStore } from '../../../extension/host/vscode/transcriptStore';
import { transcriptStoreContract } from '../../contract/transcriptStore.contract';

describe('VS Code transcript store', () => {
  let globalStorageUri: vscode.Uri;

  before(async () => {
    const api = await vscode.extensions.getExtension<CodewrightApi>('codewright.codewright')!.activate();
    // The extension's real global storage, as VS Code handed it over at activation.
    globalStorageUri = vscode.Uri.file(api.storageRoot);
  });

  // A fresh workspace key per store, so each contract test starts from an empty folder.
  transcriptStoreContract(describe, it, () => createTranscriptStore({ globalStorageUri }, `test-${randomUUID()}`));

  it('puts each workspace in its own folder under the extension global storage', () => {
    const key = workspaceKeyOf(vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? '');
    const store = createTranscriptStore({ globalStorageUri }, key);
    assert.equal(store.dir, vscode.Uri.joinPath(globalStorageUri, 'transcripts', key).fsPath);
  });

  it('writes a session that lists and loads back', async () => {
    const store = createTranscriptStore({ globalStorageUri }, `test-${randomUUID()}`);
    const writer = new TranscriptWriter(store, 'session-1');
    await writer.writeMeta({ cwd: '/repo', model: 'claude-test' });
    await writer.appendMessage({ role: 'user', content: 'Explain the build' });
    await writer.appendMessage({ role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'Read', input: { file_path: '/repo/a' } }] });
    const [summary] = await listSessions(store);
    assert.equal(summary?.title, 'Explain the build');
    assert.equal(summary?.messageCount, 2);
    const loaded = await loadSession(store, 'session-1');
    // The unanswered tool call is closed so the API accepts the conversation.
    assert.equal(loaded.messages.length, 3);
    assert.deepEqual(loaded.warnings, ['Repaired: Added interrupted results for 1 unfinished tool call(s): t1.']);
  });
});
