/**
 * MCP elicitation through the Claude Agent SDK's control channel (issue 30, item 4): a stdio MCP server's
 * `elicitation/create` (test/fixtures/mcp/elicitServer.ts) reaches the SDK program's own `onElicitation`, run by
 * the SDK's `query()` against the built CLI; the program's answer goes back to the server, and the model reads
 * what the server made of it. Without `onElicitation` the SDK declines by itself.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ElicitationRequest, McpServerConfig } from '@anthropic-ai/claude-agent-sdk';
import { describe, expect, it } from 'vitest';
import { BOOKING_SCHEMA } from '../fixtures/mcp/bookingSchema';
import { makeSandbox, resultText, runQuery, toolResultIn, useFakeApi } from '../support/agentSdk';

const REPO = path.resolve(__dirname, '../..');
const TSX = pathToFileURL(path.join(REPO, 'node_modules/tsx/dist/loader.mjs')).href;
const ELICIT: McpServerConfig = { type: 'stdio', command: process.execPath, args: ['--import', TSX, path.join(REPO, 'test/fixtures/mcp/elicitServer.ts')] };

describe("an MCP server's question, answered by the Agent SDK program's onElicitation", { timeout: 120_000 }, () => {
  const fake = useFakeApi();
  const script = () =>
    fake().setScript([
      { content: [{ type: 'tool_use', id: 'toolu_book', name: 'mcp__elicit__book_table', input: {} }], expect: { toolNames: ['mcp__elicit__book_table'] } },
      { content: [{ type: 'text', text: 'Booked.' }], expect: { toolResultIds: ['toolu_book'] } },
    ]);

  it('hands the form to onElicitation with the server, message and schema, and sends the accepted content back', async () => {
    const box = makeSandbox();
    const asked: ElicitationRequest[] = [];
    script();
    const content = { name: 'Grace', email: 'grace@example.com', guests: 4, seating: 'bar', extras: ['cake'] };
    const { result } = await runQuery(fake(), box, 'book a table', {
      mcpServers: { elicit: ELICIT },
      allowedTools: ['mcp__elicit__book_table'],
      onElicitation: async (request) => {
        asked.push(request);
        return { action: 'accept', content };
      },
    });

    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ serverName: 'elicit', message: 'Who is coming, and when?', requestedSchema: BOOKING_SCHEMA });
    expect(asked[0]!.mode ?? 'form').toBe('form');
    const seen = toolResultIn(fake().requests[1], 'toolu_book');
    expect(resultText(seen)).toBe(`accept:${JSON.stringify(content)}`);
    expect(seen?.['is_error']).not.toBe(true);
    expect(result).toMatchObject({ subtype: 'success', result: 'Booked.' });
  });

  it("gives the server the program's decline", async () => {
    const box = makeSandbox();
    script();
    await runQuery(fake(), box, 'book a table', {
      mcpServers: { elicit: ELICIT },
      allowedTools: ['mcp__elicit__book_table'],
      onElicitation: async () => ({ action: 'decline' }),
    });
    expect(resultText(toolResultIn(fake().requests[1], 'toolu_book'))).toMatch(/^decline:/);
  });
});
