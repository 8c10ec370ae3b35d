import Anthropic from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import type { AssistantMessage, Message, ToolUseBlock } from '../../../../extension/core/base/messages';
import { runToolUses } from '../../../../extension/core/engines/tools/orchestrate';
import { toolDefinitions } from '../../../../extension/core/engines/tools/toolSchema';
import { buildTool } from '../../../../extension/core/contracts/tool';
import { ToolSearchTool } from '../../../../extension/tools/ToolSearch/ToolSearch';
import { useFakeAnthropic } from '../../agent/queryHarness';
import { allowAll, echoTool, makeContext } from '../../tool/fixtures';

/**
 * The deferred-tool mechanism end to end against the fake API (which enforces the real rules): the deferred
 * tool is offered with defer_loading, ToolSearch answers with a tool_reference, and only then may the model
 * call it.
 */
describe('ToolSearch round trip through the Messages API', () => {
  const fake = useFakeAnthropic();

  it('loads a deferred tool with a tool_reference and then runs it', async () => {
    const echo = echoTool({ name: 'Shout' });
    const deferred = buildTool({ ...echo.tool, shouldDefer: true, searchHint: 'loud uppercase' });
    const tools = [ToolSearchTool, deferred];
    const context = makeContext(tools);
    const defs = await toolDefinitions(tools, {
      isNonInteractiveSession: false,
      toolPermissionContext: context.getAppState().toolPermissionContext,
      tools,
    });
    fake.setScript([
      { content: [{ type: 'tool_use', id: 'toolu_search', name: 'ToolSearch', input: { query: 'loud' } }] },
      { content: [{ type: 'tool_use', id: 'toolu_shout', name: 'Shout', input: { text: 'HEY' } }], expect: { loadedToolNames: ['Shout'] } },
      { content: [{ type: 'text', text: 'Done shouting.' }] },
    ]);
    const client = new Anthropic({ apiKey: 'sk-test', baseURL: fake.url, maxRetries: 0 });
    const messages: Message[] = [{ role: 'user', content: 'shout hey' }];

    for (let turn = 0; turn < 3; turn++) {
      const reply = await client.messages.create({
        model: 'claude-sonnet-5-5',
        max_tokens: 256,
        tools: defs as Anthropic.Messages.Tool[],
        messages: messages as Anthropic.Messages.MessageParam[],
      });
      const assistant = { role: 'assistant', content: reply.content } as AssistantMessage;
      messages.push(assistant);
      if (reply.stop_reason !== 'tool_use') break;
      const { message } = await runToolUses({ assistantMessage: assistant, context, canUseTool: allowAll });
      messages.push(message);
    }

    expect(fake.requests.map((r) => r.status)).toEqual([200, 200, 200]);
    expect((fake.requests[0]?.body.tools as { name: string; defer_loading?: boolean }[]).map((t) => [t.name, !!t.defer_loading])).toEqual([
      ['ToolSearch', false],
      ['Shout', true],
    ]);
    expect(messages[2]).toEqual({
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 'toolu_search', content: [{ type: 'tool_reference', tool_name: 'Shout' }] }],
    });
    expect(echo.calls).toEqual([{ text: 'HEY', times: 1 }]);
    expect((messages.at(-1) as AssistantMessage).content[0]).toMatchObject({ type: 'text', text: 'Done shouting.' });
    expect(((messages[3] as AssistantMessage).content[0] as ToolUseBlock).name).toBe('Shout');
  });
});
