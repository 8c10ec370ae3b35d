/** The headless CLI (no Agent SDK to ask) and a server that asks the user for input: declined, and the model is told why. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { startCliMcp } from '../../../extension/cli/mcp';
import { declineElicitations, headlessDeclineNote } from '../../../extension/cli/sdk/elicitation';
import type { McpManager } from '../../../extension/core/engines/mcp/manager';
import { mcpResultBlock } from '../../../extension/core/engines/mcp/tools';

const ROOT = path.resolve(__dirname, '../../..');
const TSX = pathToFileURL(path.join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
const SERVER = { command: process.execPath, args: ['--import', TSX, path.join(ROOT, 'test/fixtures/mcp/elicitServer.ts')] };

const managers: McpManager[] = [];
afterEach(async () => {
  for (const m of managers.splice(0)) await m.dispose();
});

describe('cli: MCP elicitation in a headless run', () => {
  it('declines the request, and the tool result the model gets says the server asked and why it was declined', async () => {
    const cwd = mkdtempSync(path.join(tmpdir(), 'cw-elicit-'));
    const manager = (await startCliMcp({ mcpConfigs: [JSON.stringify({ mcpServers: { booking: SERVER } })], 'strict-mcp-config': true }, { cwd, homeDir: cwd }, () => {}))!;
    managers.push(manager);
    expect(manager.servers().map((s) => [s.name, s.status.state])).toEqual([['booking', 'connected']]);

    const result = await manager.callTool('booking', 'book_table', {});
    const block = mcpResultBlock(result, 'toolu_book');
    const text = JSON.stringify(block.content);
    // The server saw a decline (its own text), and the note follows it.
    expect(result.content[0]).toEqual({ type: 'text', text: 'decline:null' });
    expect(result.content[1]).toEqual({ type: 'text', text: headlessDeclineNote({ server: 'booking', message: 'Who is coming, and when?' }) });
    expect(text).toContain('The MCP server \\"booking\\" asked the user for input (\\"Who is coming, and when?\\"); it was declined because no one can answer in a headless run (');
    expect(block.is_error).not.toBe(true);

    // A call that asks nothing carries no note.
    const again = await manager.callTool('booking', 'book_table', {});
    expect(again.content).toHaveLength(2);
  }, 30_000);

  it('words the note with the server and a shortened message', async () => {
    const answer = await declineElicitations.elicit({ server: 's', message: 'x'.repeat(400), mode: 'form' });
    expect(answer.action).toBe('decline');
    expect(answer.note).toMatch(/^\[The MCP server "s" asked the user for input \("x{300}…"\); it was declined because no one can answer in a headless run \(/);
  });
});
