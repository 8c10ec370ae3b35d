import { describe, expect, it } from 'vitest';
import { BUILTIN_TOOL_NAMES, ChatEntrySchema, parseHostToWebview, parseWebviewToHost } from '../../../extension/protocol/messages';
import { getAllBaseTools } from '../../../extension/tools/tools';

const toolEntry = {
  id: 't1',
  role: 'tool',
  name: 'Edit',
  input: { file_path: 'a.ts', old_string: 'a', new_string: 'b' },
  summary: 'a.ts',
  activity: 'Editing a.ts',
  status: 'done',
  result: {
    isError: false,
    text: 'The file a.ts has been updated.',
    truncated: false,
    data: { kind: 'diff', filePath: '/w/a.ts', created: false, added: 1, removed: 1, truncated: false, hunks: [{ oldStart: 1, oldLines: 1, newStart: 1, newLines: 1, lines: ['-a', '+b'] }] },
  },
};

describe('protocol/entries', () => {
  it('accepts messages with thinking and attachments, and tool entries with structured results', () => {
    const message = {
      id: 'm1',
      role: 'user',
      text: 'look',
      status: 'done',
      attachments: [
        { kind: 'image', mediaType: 'image/png', data: 'AAAA' },
        { kind: 'file', path: 'src/a.ts', startLine: 1, endLine: 2 },
      ],
    };
    for (const e of [message, { id: 'a1', role: 'assistant', text: '', status: 'streaming', thinking: 'hmm' }, toolEntry]) {
      expect(ChatEntrySchema.parse(e)).toEqual(e);
    }
  });

  it('rejects a tool entry with an unknown status, a forged key or a result kind it does not know', () => {
    expect(ChatEntrySchema.safeParse({ ...toolEntry, status: 'pending' }).success).toBe(false);
    expect(ChatEntrySchema.safeParse({ ...toolEntry, html: '<b>x</b>' }).success).toBe(false);
    expect(ChatEntrySchema.safeParse({ ...toolEntry, result: { ...toolEntry.result, data: { kind: 'html', html: '<script>' } } }).success).toBe(false);
    expect(ChatEntrySchema.safeParse({ ...toolEntry, role: 'system' }).success).toBe(false);
    expect(ChatEntrySchema.safeParse({ id: 'm', role: 'user', text: 'x', status: 'done', attachments: [{ kind: 'image', mediaType: 'image/svg+xml', data: 'x' }] }).success).toBe(false);
  });

  it('accepts the tool events and rejects them without their toolUseId or with a bad progress', () => {
    const ok = [
      { type: 'toolUseStarted', toolUseId: 't1', name: 'Bash', input: { command: 'ls' }, summary: 'ls', activity: null },
      { type: 'toolProgress', toolUseId: 't1', progress: { output: 'a\nb', elapsedSeconds: 1.5, totalLines: 2 } },
      { type: 'toolResult', toolUseId: 't1', result: { isError: true, text: 'Exit code 2', truncated: false, data: { kind: 'bash', command: 'ls', output: '', exitCode: 2 } } },
      { type: 'toolStopped', toolUseId: 't1' },
      { type: 'thinkingDelta', messageId: 'a1', text: 'hm' },
      { type: 'assistantText', messageId: 'a1', text: '', thinking: 'kept' },
    ];
    for (const m of ok) expect(parseHostToWebview(m)).toEqual({ ok: true, message: m });
    expect(parseHostToWebview({ type: 'toolResult', result: ok[2] && (ok[2] as { result: unknown }).result }).ok).toBe(false);
    expect(parseHostToWebview({ type: 'toolProgress', toolUseId: 't1', progress: { output: 'x'.repeat(20_000) } }).ok).toBe(false);
    expect(parseHostToWebview({ type: 'toolProgress', toolUseId: 't1', progress: { script: 'x' } }).ok).toBe(false);
  });

  it('accepts the editor requests and rejects malformed ones', () => {
    for (const m of [
      { type: 'openFile', path: '/w/a.ts' },
      { type: 'openFile', path: 'a.ts', line: 3, endLine: 4 },
      { type: 'openLink', url: 'https://example.com' },
      { type: 'copyText', text: '' },
    ]) {
      expect(parseWebviewToHost(m)).toEqual({ ok: true, message: m });
    }
    for (const m of [
      { type: 'openFile', path: '' },
      { type: 'openFile', path: 'a.ts', line: -1 },
      { type: 'openFile', path: 'a.ts', line: 1.5 },
      { type: 'openLink' },
      { type: 'copyText', text: 7 },
    ]) {
      expect(parseWebviewToHost(m).ok).toBe(false);
    }
  });

  it('names every built-in tool of the registry, so the webview renderer map covers them all', () => {
    const names = getAllBaseTools().map((t) => t.name);
    expect([...names].sort()).toEqual([...BUILTIN_TOOL_NAMES].sort());
  });
});
