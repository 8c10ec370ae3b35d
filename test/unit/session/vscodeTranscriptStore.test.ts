import { tmpdir } from 'node:os';
import path from 'node:path';
import type * as vscode from 'vscode';
import { describe, expect, it } from 'vitest';
import { createTranscriptStore } from '../../../extension/host/vscode/transcriptStore';

/** Just the two Uri members the adapter reads; the real Uri class needs a running VS Code. */
const storageAt = (scheme: string, fsPath: string) => ({ globalStorageUri: { scheme, fsPath } as vscode.Uri });

describe('VS Code transcript store placement', () => {
  it('puts transcripts under <global storage>/transcripts/<workspace key>', () => {
    const store = createTranscriptStore(storageAt('file', '/data/codewright'), 'abc123');
    expect(store.dir).toBe(path.resolve('/data/codewright/transcripts/abc123'));
  });

  it('falls back to the temp folder when global storage is not on the file system', () => {
    const store = createTranscriptStore(storageAt('vscode-userdata', '/virtual'), 'k');
    expect(store.dir).toBe(path.join(tmpdir(), 'codewright', 'transcripts', 'k'));
  });

  it('rejects a workspace key that could leave the transcripts folder', () => {
    expect(() => createTranscriptStore(storageAt('file', '/data'), '../x')).toThrow(/Invalid workspace key/);
  });
});
