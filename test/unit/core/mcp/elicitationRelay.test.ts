import { describe, expect, it } from 'vitest';
import type { McpElicitation, McpElicitationResult } from '../../../../extension/core/contracts/mcp';
import { ElicitationRelay } from '../../../../extension/core/engines/mcp/elicitationRelay';
import { tick } from '../../support';

const booking: McpElicitation = { server: 'booking', message: 'Who?', mode: 'form', requestedSchema: { type: 'object', properties: {} } };

function track(promise: Promise<McpElicitationResult>) {
  const state: { result?: McpElicitationResult } = {};
  void promise.then((result) => (state.result = result));
  return state;
}

describe('core/engines/mcp/elicitationRelay', () => {
  it('holds requests until a port is attached, then hands them on', async () => {
    const relay = new ElicitationRelay();
    const asked = track(relay.elicit(booking));
    await tick();
    expect(asked.result).toBeUndefined();
    relay.attach({ elicit: async (e) => ({ action: 'accept', content: { server: e.server } }) });
    await tick();
    expect(asked.result).toEqual({ action: 'accept', content: { server: 'booking' } });
  });

  it('sends a request to the port attached when it comes', async () => {
    const relay = new ElicitationRelay();
    relay.attach({ elicit: async () => ({ action: 'decline' }) });
    relay.attach({ elicit: async () => ({ action: 'cancel' }) });
    expect(await relay.elicit(booking)).toEqual({ action: 'cancel' });
  });

  it('answers cancel to a waiting request the server cancels', async () => {
    const relay = new ElicitationRelay();
    const server = new AbortController();
    const asked = track(relay.elicit(booking, server.signal));
    server.abort();
    await tick();
    expect(asked.result).toEqual({ action: 'cancel' });
  });
});
