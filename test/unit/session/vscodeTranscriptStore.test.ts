import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type * as vscode from 'vscode';
import { describe, expect, it } from 'vitest';
import { listSessions } from '../../../extension/core/engines/transcripts/sessions';
import { TranscriptWriter } from '../../../extension/core/engines/transcripts/transcript';
import { NodeTranscriptStore, workspaceKeyOf } from '../../../extension/host/node/transcriptStore';
import { createTranscriptStore, legacyTranscriptsDir, migrateLegacyTranscripts } from '../../../extension/host/vscode/transcriptStore';

/** Just the two Uri members the adapter reads; the real Uri class needs a running VS Code. */
const storageAt = (scheme: string, fsPath: string) => ({ globalStorageUri: { scheme, fsPath } as vscode.Uri });

describe('VS Code transcript store placement', () => {
  it('puts transcripts where the CLI keeps them: <home>/.codewright/projects/<workspace key>/transcripts', () => {
    const store = createTranscriptStore('/work/app', {}, '/home/me');
    expect(store.dir).toBe(path.resolve('/home/me/.codewright/projects', workspaceKeyOf('/work/app'), 'transcripts'));
  });

  it('moves with CODEWRIGHT_HOME as the CLI does', () => {
    const store = createTranscriptStore('/work/app', { CODEWRIGHT_HOME: '/elsewhere' }, '/home/me');
    expect(store.dir).toBe(path.resolve('/elsewhere/projects', workspaceKeyOf('/work/app'), 'transcripts'));
  });

  it('finds the old folder under <global storage>/transcripts/<workspace key>, or the temp folder off the file system', () => {
    expect(legacyTranscriptsDir(storageAt('file', '/data/codewright'), 'abc123')).toBe(path.join('/data/codewright', 'transcripts', 'abc123'));
    expect(legacyTranscriptsDir(storageAt('vscode-userdata', '/virtual'), 'k')).toBe(path.join(tmpdir(), 'codewright', 'transcripts', 'k'));
  });

  it('rejects a workspace key that could leave the old transcripts folder', () => {
    expect(() => legacyTranscriptsDir(storageAt('file', '/data'), '../x')).toThrow(/Invalid workspace key/);
  });

  it('moves the old sessions into the shared store, where the CLI lists them, and keeps the old file as a backup', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'cw-vstranscripts-'));
    const context = storageAt('file', path.join(root, 'global'));
    const legacy = legacyTranscriptsDir(context, workspaceKeyOf('/work/app'));
    await new TranscriptWriter(new NodeTranscriptStore(legacy), 'old-1').appendMessage({ role: 'user', content: 'from the panel' });
    const store = createTranscriptStore('/work/app', { CODEWRIGHT_HOME: path.join(root, 'home') }, '/unused');
    const result = await migrateLegacyTranscripts(context, '/work/app', store);
    expect(result).toEqual({ moved: ['old-1'], skipped: [] });
    const cliView = new NodeTranscriptStore(path.join(root, 'home', 'projects', workspaceKeyOf('/work/app'), 'transcripts'));
    expect((await listSessions(cliView)).map((s) => s.title)).toEqual(['from the panel']);
    expect(existsSync(path.join(legacy, 'old-1.jsonl.migrated'))).toBe(true);
    // A second activation finds nothing left to move.
    expect(await migrateLegacyTranscripts(context, '/work/app', store)).toEqual({ moved: [], skipped: [] });
    expect(readFileSync(path.join(store.dir, 'old-1.jsonl'), 'utf8')).toContain('from the panel');
  });
});
