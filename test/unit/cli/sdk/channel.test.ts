import { describe, expect, it } from 'vitest';
import { ControlChannel, type ControlBody } from '../../../../extension/cli/sdk/channel';
import { classifyLine } from '../../../../extension/cli/sdk/stdinLines';

function channel() {
  const written: ControlBody[] = [];
  const ch = new ControlChannel((line) => void written.push(line));
  const lastRequestId = () => (written.filter((w) => w.type === 'control_request').at(-1) as { request_id: string }).request_id;
  return { ch, written, lastRequestId };
}

describe('cli/sdk ControlChannel', () => {
  it('asks the SDK and resolves with the response of its success answer', async () => {
    const { ch, written, lastRequestId } = channel();
    const answer = ch.request({ subtype: 'can_use_tool', tool_name: 'Bash' });
    expect(written[0]).toMatchObject({ type: 'control_request', request: { subtype: 'can_use_tool', tool_name: 'Bash' } });
    ch.receiveResponse({ subtype: 'success', request_id: lastRequestId(), response: { behavior: 'allow' } });
    await expect(answer).resolves.toEqual({ behavior: 'allow' });
  });

  it("rejects with the SDK's error, and ignores answers to ids it never sent", async () => {
    const { ch, lastRequestId } = channel();
    const answer = ch.request({ subtype: 'hook_callback' });
    ch.receiveResponse({ subtype: 'success', request_id: 'nobody', response: {} });
    ch.receiveResponse({ subtype: 'error', request_id: lastRequestId(), error: 'callback hook_0 threw' });
    await expect(answer).rejects.toThrow('hook_callback: callback hook_0 threw');
  });

  it('sends control_cancel_request when the signal aborts, and rejects everything pending when stdin closes', async () => {
    const { ch, written, lastRequestId } = channel();
    const abort = new AbortController();
    const cancelled = ch.request({ subtype: 'can_use_tool' }, abort.signal);
    const id = lastRequestId();
    abort.abort();
    await expect(cancelled).rejects.toThrow('cancelled');
    expect(written.at(-1)).toEqual({ type: 'control_cancel_request', request_id: id });
    const pending = ch.request({ subtype: 'mcp_message' });
    ch.close();
    await expect(pending).rejects.toThrow('mcp_message: stdin closed');
    await expect(ch.request({ subtype: 'elicitation' })).rejects.toThrow('elicitation: stdin closed');
  });

  it('answers every request: served, unknown by name, a throwing handler with its message', async () => {
    const { ch, written } = channel();
    ch.handle('set_model', (req) => ({ model: req.model }));
    ch.handle('mcp_status', () => {
      throw new Error('no servers yet');
    });
    await ch.receiveRequest('r1', { subtype: 'set_model', model: 'claude-haiku-5-5' });
    await ch.receiveRequest('r2', { subtype: 'teleport' });
    await ch.receiveRequest('r3', { subtype: 'mcp_status' });
    expect(written).toEqual([
      { type: 'control_response', response: { subtype: 'success', request_id: 'r1', response: { model: 'claude-haiku-5-5' } } },
      { type: 'control_response', response: { subtype: 'error', request_id: 'r2', error: expect.stringContaining('Unsupported control request: teleport') } },
      { type: 'control_response', response: { subtype: 'error', request_id: 'r3', error: 'mcp_status: no servers yet' } },
    ]);
  });

  it("aborts a request being served when the SDK cancels it, answering once", async () => {
    const { ch, written } = channel();
    let seen: AbortSignal | undefined;
    ch.handle('slow', (_req, signal) => {
      seen = signal;
      return new Promise((resolve) => signal.addEventListener('abort', () => resolve({ late: true })));
    });
    const serving = ch.receiveRequest('r9', { subtype: 'slow' });
    ch.cancel('r9');
    await serving;
    expect(seen?.aborted).toBe(true);
    expect(written).toEqual([{ type: 'control_response', response: { subtype: 'error', request_id: 'r9', error: 'cancelled' } }]);
  });
});

describe('cli/sdk stdin lines', () => {
  it('tells user messages and the three control lines apart', () => {
    expect(classifyLine('{"type":"user","message":{"role":"user","content":[{"type":"text","text":"hi"}]},"parent_tool_use_id":null,"uuid":"u-1"}', 1)).toEqual({
      kind: 'user',
      user: { ok: true, line: 1, content: [{ type: 'text', text: 'hi' }], uuid: 'u-1' },
    });
    expect(classifyLine('{"type":"control_request","request_id":"a","request":{"subtype":"interrupt"}}', 2)).toEqual({ kind: 'request', requestId: 'a', request: { subtype: 'interrupt' } });
    expect(classifyLine('{"type":"control_response","response":{"subtype":"success","request_id":"b","response":{"x":1}}}', 3)).toMatchObject({ kind: 'response', response: { request_id: 'b', response: { x: 1 } } });
    expect(classifyLine('{"type":"control_cancel_request","request_id":"c"}', 4)).toEqual({ kind: 'cancel', requestId: 'c' });
  });

  it('names the line of a bad one, and keeps the request id of a broken control request', () => {
    expect(classifyLine('{"type":', 5)).toMatchObject({ kind: 'error', error: expect.stringMatching(/^stdin line 5: not valid JSON/) });
    expect(classifyLine('{"type":"control_request","request_id":"d","request":{}}', 6)).toEqual({ kind: 'error', error: expect.stringMatching(/^stdin line 6: a control_request at request.subtype/), requestId: 'd' });
    expect(classifyLine('{"type":"assistant"}', 7)).toMatchObject({ kind: 'error', error: expect.stringContaining('stdin line 7: unknown message type "assistant"') });
  });
});
