import { describe, expect, it } from 'vitest';
import { parseHostToWebview, parseWebviewToHost } from '../../../extension/protocol/messages';

const OID = '0123456789abcdef0123456789abcdef01234567';
const OID256 = `${OID}${'f'.repeat(24)}`;
const bashResult = (data: Record<string, unknown>) => ({
  type: 'toolResult',
  toolUseId: 't1',
  result: { isError: false, text: 'ok', truncated: false, data: { kind: 'bash', command: 'make', output: 'ok', exitCode: 0, ...data } },
});

describe('protocol/checkpoints snapshot changes', () => {
  it('accepts a Bash result with its changed files and snapshot note', () => {
    const m = bashResult({
      changedFiles: [
        { path: '/ws/a.ts', change: 'modified', before: OID },
        { path: '/ws/b.ts', change: 'deleted', before: OID256 },
        { path: '/ws/c.ts', change: 'created' },
      ],
      snapshotNote: 'The workspace is too large to snapshot.',
    });
    expect(parseHostToWebview(m)).toEqual({ ok: true, message: m });
  });

  it('rejects a Bash result whose change has a bad oid, an unknown kind, an extra field or an empty path', () => {
    for (const change of [
      { path: '/ws/a.ts', change: 'modified', before: OID.toUpperCase() },
      { path: '/ws/a.ts', change: 'modified', before: OID.slice(1) },
      { path: '/ws/a.ts', change: 'modified', before: `${OID}abc` },
      { path: '/ws/a.ts', change: 'renamed' },
      { path: '/ws/a.ts', change: 'created', beforeSize: 3 },
      { path: '', change: 'created' },
    ]) {
      expect(parseHostToWebview(bashResult({ changedFiles: [change] })).ok).toBe(false);
    }
    expect(parseHostToWebview(bashResult({ snapshotNote: 'x'.repeat(2001) })).ok).toBe(false);
  });

  it('accepts openChangeDiff with or without before, and rejects a bad oid or a missing path', () => {
    const ok = [
      { type: 'openChangeDiff', path: '/ws/a.ts', change: 'modified', before: OID },
      { type: 'openChangeDiff', path: '/ws/new.ts', change: 'created' },
    ];
    for (const m of ok) expect(parseWebviewToHost(m)).toEqual({ ok: true, message: m });
    expect(parseWebviewToHost({ type: 'openChangeDiff', path: '/ws/a.ts', change: 'modified', before: '../../etc/passwd' }).ok).toBe(false);
    expect(parseWebviewToHost({ type: 'openChangeDiff', path: '/ws/a.ts', change: 'modified', before: 'g'.repeat(40) }).ok).toBe(false);
    expect(parseWebviewToHost({ type: 'openChangeDiff', change: 'created' }).ok).toBe(false);
    expect(parseWebviewToHost({ type: 'openChangeDiff', path: '/ws/a.ts', change: 'created', extra: 1 }).ok).toBe(false);
  });
});
