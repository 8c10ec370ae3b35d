import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../extension/core/loop/session/agentSession';
import { createOutput, NO_STRUCTURED_OUTPUT } from '../../../extension/cli/output';

const INIT = { sessionId: 's-1', model: 'm', cwd: '/w', tools: [] };

function sink() {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (d: Buffer) => (text += d.toString()));
  return { stream, text: () => text };
}

function structuredCall(output: Record<string, unknown>, isError = false): AgentEvent {
  return {
    type: 'tool',
    event: { type: 'toolFinished', toolUseId: 't', toolName: 'StructuredOutput', isError, result: { type: 'tool_result', tool_use_id: 't', content: 'x' }, output: { structured_output: output } },
  };
}

const done: AgentEvent = { type: 'done', reason: 'end_turn', turns: 1 };

describe('cli/output', () => {
  it('carries the answer as structured_output in the json result', () => {
    const out = sink();
    const output = createOutput('json', out.stream, INIT, { structured: true });
    output.event(structuredCall({ ok: true }));
    output.event(done);
    expect(output.finish()).toBe(0);
    expect(JSON.parse(out.text())).toMatchObject({ subtype: 'success', is_error: false, structured_output: { ok: true } });
  });

  it('fails a turn that ended without an accepted answer, and starts the next turn afresh', () => {
    const out = sink();
    const output = createOutput('stream-json', out.stream, INIT, { structured: true });
    output.event(structuredCall({ bad: true }, true));
    output.event(done);
    expect(output.finish()).toBe(1);
    output.event(structuredCall({ good: 1 }));
    output.event(done);
    expect(output.finish()).toBe(0);
    const results = out.text().trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.type === 'result');
    expect(results.map((r) => [r.is_error, r.result, r.structured_output])).toEqual([
      [true, NO_STRUCTURED_OUTPUT, undefined],
      [false, '', { good: 1 }],
    ]);
  });

  it("says what a hook told the user on stderr without --verbose, keeping stdout for the answer", () => {
    const out = sink();
    const err = sink();
    const output = createOutput('text', out.stream, INIT, { stderr: err.stream });
    output.event({ type: 'hookMessage', hookEvent: 'PreToolUse', text: 'Deploys are frozen today.', toolUseId: 't' });
    output.event({ type: 'textDelta', text: 'ok' });
    output.event({ type: 'assistantMessage', message: { role: 'assistant', content: [{ type: 'text', text: 'ok' }] }, stopReason: 'end_turn' });
    output.event(done);
    expect(output.finish()).toBe(0);
    expect(err.text()).toBe('codewright: PreToolUse hook: Deploys are frozen today.\n');
    expect(out.text()).toBe('ok\n');
  });

  it("writes a tool hook's message as an informational line naming its call, and an MCP result's structuredContent and _meta into tool_use_result", () => {
    const out = sink();
    const output = createOutput('stream-json', out.stream, INIT);
    output.event({ type: 'hookMessage', hookEvent: 'PostToolUse', text: 'Formatted.', toolUseId: 'toolu_m' });
    const result = { type: 'tool_result' as const, tool_use_id: 'toolu_m', content: '3 rows' };
    const mcpMeta = { structuredContent: { rows: 3 }, _meta: { trace: 'abc' } };
    output.event({ type: 'tool', event: { type: 'toolFinished', toolUseId: 'toolu_m', toolName: 'mcp__db__count', isError: false, result, output: '3 rows', mcpMeta } });
    output.event({ type: 'toolResults', message: { role: 'user', content: [result] } });
    const lines = out.text().trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.find((l) => l.subtype === 'informational')).toMatchObject({ content: 'PostToolUse hook: Formatted.', level: 'warning', tag: 'hook:PostToolUse', tool_use_id: 'toolu_m' });
    expect(lines.find((l) => l.type === 'user')?.tool_use_result).toEqual({ content: '3 rows', structuredContent: { rows: 3 }, _meta: { trace: 'abc' } });
  });

  it('prints tool activity on the verbose stream, not on stdout', () => {
    const out = sink();
    const err = sink();
    const output = createOutput('text', out.stream, INIT, { verbose: err.stream });
    output.event({ type: 'tool', event: { type: 'toolStarted', toolUseId: 't', toolName: 'Read', activity: 'Reading a.ts', summary: 'a.ts' } });
    output.event({ type: 'tool', event: { type: 'toolFinished', toolUseId: 't', toolName: 'Read', isError: true, result: { type: 'tool_result', tool_use_id: 't', content: '<tool_use_error>File does not exist.\nmore</tool_use_error>', is_error: true } } });
    expect(err.text()).toBe('[tool] Read a.ts (Reading a.ts)\n[tool] Read failed: File does not exist.\n');
    expect(out.text()).toBe('');
  });
});
