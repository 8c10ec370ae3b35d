import { describe, expect, it } from 'vitest';
import type { LspDiagnostic, LspPort } from '../../../../extension/core/contracts/workspace';
import { diagnosticsBefore, newDiagnosticsNote } from '../../../../extension/tools/shared/diagnostics';
import { makeContext } from '../../tool/fixtures';

const diag = (line: number, message: string, severity: LspDiagnostic['severity'] = 'error'): LspDiagnostic => ({
  path: '/w/a.ts',
  line,
  character: 5,
  severity,
  message,
  source: 'ts',
  code: '2322',
});

function withLsp(before: LspDiagnostic[], after: LspDiagnostic[]) {
  const lsp: LspPort = {
    query: async () => undefined,
    diagnostics: async () => before,
    diagnosticsAfterEdit: async () => after,
  };
  const ctx = makeContext([]);
  return makeContext([], { ports: { ...ctx.ports, lsp } });
}

describe('tools/shared/diagnostics', () => {
  it('reports only the problems that are new after the edit', async () => {
    const old = diag(3, "Type 'number' is not assignable to type 'string'.");
    const fresh = diag(9, "Cannot find name 'greet'.");
    const ctx = withLsp([old], [old, fresh, diag(1, 'just a hint', 'hint')]);
    const before = await diagnosticsBefore(ctx, '/w/a.ts');
    const note = await newDiagnosticsNote(ctx, '/w/a.ts', before);
    expect(note).toBe(
      "<new-diagnostics>\nThe language server reports 1 new problem in this file after the change:\n  line 9:5 error: Cannot find name 'greet'. [ts 2322]\n</new-diagnostics>",
    );
  });

  it('takes the baseline without waiting for the server when the port can', async () => {
    const old = diag(3, 'old');
    const ctx = withLsp([old], [old]);
    const lsp = ctx.ports.lsp!;
    lsp.diagnostics = () => Promise.reject(new Error('waits for the server'));
    lsp.diagnosticsBeforeEdit = async () => [old];
    expect(await diagnosticsBefore(ctx, '/w/a.ts')).toEqual([old]);
  });

  it('lists every problem, saying some may be older, when the server had not checked the file before', async () => {
    const note = await newDiagnosticsNote(withLsp([], [diag(2, 'old or new')]), '/w/a.ts', undefined);
    expect(note).toBe(
      '<new-diagnostics>\nThe language server reports 1 problem in this file after the change (it had not checked the file before, so some may be older than the change):\n  line 2:5 error: old or new [ts 2322]\n</new-diagnostics>',
    );
  });

  it('says nothing when the edit introduced no problem, or when there is no language server', async () => {
    const old = diag(3, 'old');
    expect(await newDiagnosticsNote(withLsp([old], [old]), '/w/a.ts', [old])).toBeUndefined();
    expect(await newDiagnosticsNote(makeContext([]), '/w/a.ts', [])).toBeUndefined();
  });
});
