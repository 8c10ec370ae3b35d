import Anthropic from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { textTurn, toolUseTurn } from '../../fixtures/fake-anthropic';
import { useSharedFake } from '../fakeApi';
import { assistant, clientFor, errorOf, MODEL, post, rejectionOf, request, text, toolUse, user } from './helpers';

const schema = { type: 'object', properties: { query: { type: 'string' } } };
const tool = (name: string, extra: Record<string, unknown> = {}) => ({ name, description: `The ${name} tool`, input_schema: schema, ...extra });
const deferred = (name: string) => tool(name, { defer_loading: true });
const SEARCH = 'ToolSearch';
const ISSUE = 'mcp__github__create_issue';
const SLACK = 'mcp__slack__post_message';
const TOOLS = [tool(SEARCH), deferred(ISSUE), deferred(SLACK)];
const reference = (name: string) => ({ type: 'tool_reference', tool_name: name });
const resultWith = (id: string, content: unknown[]) => ({ type: 'tool_result', tool_use_id: id, content });

/** A conversation whose last tool_result carries `content`, after a ToolSearch call. */
const afterSearch = (content: unknown[], tools: unknown[] = TOOLS) =>
  request([user('open an issue'), assistant([toolUse('toolu_s', SEARCH, { query: 'github' })]), user([resultWith('toolu_s', content)])], { tools });

describe('fake-anthropic deferred tools', () => {
  const fake = useSharedFake({ fallback: 'echo' });

  async function rejected(body: unknown): Promise<string> {
    const res = await post(fake, body);
    expect(res.status).toBe(400);
    const error = errorOf(res);
    expect(error.type).toBe('invalid_request_error');
    return error.message;
  }

  it('rejects a request whose tools are all deferred', async () => {
    const message = await rejected(request([user('hi')], { tools: [deferred(ISSUE), deferred(SLACK)] }));
    expect(message).toMatch(/^tools: All tools have `defer_loading: true`\. At least one tool must be non-deferred\.$/);
  });

  it('accepts deferred tools beside a non-deferred one, and defer_loading: false on every tool', async () => {
    expect((await post(fake, request([user('hi')], { tools: TOOLS }))).status).toBe(200);
    expect((await post(fake, request([user('hi')], { tools: [tool(SEARCH, { defer_loading: false })] }))).status).toBe(200);
  });

  it('keeps the other tool rules for deferred tools', async () => {
    expect(await rejected(request([user('hi')], { tools: [tool(SEARCH), deferred('bad name')] }))).toMatch(/^tools\.1\.custom\.name: String should match pattern/);
    expect(await rejected(request([user('hi')], { tools: [tool(SEARCH), deferred(SEARCH)] }))).toBe('tools: Tool names must be unique.');
    expect(await rejected(request([user('hi')], { tools: [tool(SEARCH, { defer_loading: 'yes' })] }))).toBe(
      'tools.0.defer_loading: Input should be a valid boolean',
    );
  });

  it('accepts a tool_reference to a deferred tool inside tool_result content', async () => {
    const res = await post(fake, afterSearch([text('Found one tool.'), reference(ISSUE)]));
    expect(res.status).toBe(200);
  });

  it('rejects a tool_reference to a tool that is not in tools, naming the tool', async () => {
    const message = await rejected(afterSearch([reference('mcp__jira__create')]));
    expect(message).toMatch(/^messages\.2\.content\.0\.content\.0: tool_reference to unknown tool 'mcp__jira__create'/);
  });

  it('rejects a tool_reference to a tool that is not deferred', async () => {
    const message = await rejected(afterSearch([text('Found it.'), reference(SEARCH)]));
    expect(message).toMatch(/^messages\.2\.content\.0\.content\.1: tool_reference to tool 'ToolSearch', which does not have `defer_loading: true`/);
  });

  it('rejects a tool_reference outside tool_result content', async () => {
    const message = await rejected(request([user([text('use this'), reference(ISSUE)])], { tools: TOOLS }));
    expect(message).toBe('messages.0.content.1: `tool_reference` blocks are only valid inside the content of a `tool_result` block');
  });

  it('rejects a tool_reference without a tool_name', async () => {
    const message = await rejected(afterSearch([{ type: 'tool_reference' }]));
    expect(message).toBe('messages.2.content.0.content.0.tool_name: Field required');
  });

  it('answers 500 without streaming when the script calls a deferred tool nothing has loaded', async () => {
    fake.setScript([toolUseTurn(ISSUE, { title: 'x' })]);
    const res = await post(fake, request([user('open an issue')], { tools: TOOLS, stream: true }));
    expect(res.status).toBe(500);
    expect(res.headers.get('x-should-retry')).toBe('false');
    expect(res.text).not.toMatch(/event: message_start/);
    const error = errorOf(res);
    expect(error.type).toBe('api_error');
    expect(error.message).toMatch(/the script asked the model to call tool 'mcp__github__create_issue', which it cannot see/);
    expect(error.message).toMatch(/loaded: \['ToolSearch'\]/);
  });

  it('lets the script call a tool that is not in tools at all, as before', async () => {
    fake.setScript([toolUseTurn('Read', { path: 'a.txt' })]);
    expect((await post(fake, request([user('read')], { tools: TOOLS }))).status).toBe(200);
  });

  it('checks expect.toolNames against the loaded tools, not merely the offered ones', async () => {
    fake.setScript([textTurn('no', { expect: { toolNames: [SEARCH, ISSUE] } }), textTurn('yes', { expect: { toolNames: [SEARCH, ISSUE] } })]);
    const before = await post(fake, request([user('hi')], { tools: TOOLS }));
    expect(errorOf(before).message).toMatch(
      /expected tools "mcp__github__create_issue" but the request offered \["ToolSearch"\] \(\["mcp__github__create_issue"\] deferred, and no tool_reference loads them yet\)/,
    );
    expect((await post(fake, afterSearch([reference(ISSUE)]))).status).toBe(200);
  });

  it('checks expect.deferredToolNames against the tools offered with defer_loading', async () => {
    fake.setScript([textTurn('ok', { expect: { deferredToolNames: [ISSUE, SLACK] } }), textTurn('no', { expect: { deferredToolNames: [SEARCH] } })]);
    expect((await post(fake, afterSearch([reference(ISSUE)]))).status).toBe(200);
    const res = await post(fake, request([user('hi')], { tools: TOOLS }));
    expect(errorOf(res).message).toMatch(/expected deferred tools "ToolSearch" \(defer_loading: true\) but the request deferred \["mcp__github__create_issue", "mcp__slack__post_message"\]/);
  });

  it('checks expect.loadedToolNames, counting a deferred tool as loaded once referenced', async () => {
    fake.setScript([textTurn('ok', { expect: { loadedToolNames: [SEARCH, ISSUE] } }), textTurn('no', { expect: { loadedToolNames: [SLACK] } })]);
    expect((await post(fake, afterSearch([reference(ISSUE)]))).status).toBe(200);
    const res = await post(fake, afterSearch([reference(ISSUE)]));
    expect(errorOf(res).message).toMatch(/expected loaded tools "mcp__slack__post_message" but the request loaded \["ToolSearch", "mcp__github__create_issue"\]/);
  });

  it('loads a deferred tool through a tool_reference in a ToolSearch flow driven by the SDK, and refuses the unreferenced one', async () => {
    const client = clientFor(fake);
    const tools: Anthropic.Tool[] = [
      { name: SEARCH, description: 'Find deferred tools', input_schema: { type: 'object', properties: { query: { type: 'string' } } } },
      { name: ISSUE, description: 'Create a GitHub issue', input_schema: { type: 'object', properties: { title: { type: 'string' } } }, defer_loading: true },
      { name: SLACK, description: 'Post to Slack', input_schema: { type: 'object', properties: { text: { type: 'string' } } }, defer_loading: true },
    ];
    fake.setScript([
      toolUseTurn(SEARCH, { query: 'github issue' }, { id: 'toolu_search', expect: { loadedToolNames: [SEARCH], deferredToolNames: [ISSUE, SLACK] } }),
      toolUseTurn(ISSUE, { title: 'Crash on start' }, { id: 'toolu_issue', expect: { toolResultIds: ['toolu_search'], loadedToolNames: [ISSUE] } }),
      toolUseTurn(SLACK, { text: 'Filed it' }, { id: 'toolu_slack' }),
    ]);
    const messages: Anthropic.MessageParam[] = [{ role: 'user', content: 'File an issue about the crash.' }];
    const params = () => ({ model: MODEL, max_tokens: 1000, tools, messages });

    const search = await client.messages.stream(params()).finalMessage();
    expect(search.content).toMatchObject([{ type: 'tool_use', id: 'toolu_search', name: SEARCH }]);
    messages.push({ role: 'assistant', content: search.content });
    messages.push({
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 'toolu_search', content: [{ type: 'text', text: 'One match.' }, { type: 'tool_reference', tool_name: ISSUE }] }],
    });

    const issue = await client.messages.stream(params()).finalMessage();
    expect(issue.stop_reason).toBe('tool_use');
    expect(issue.content).toMatchObject([{ type: 'tool_use', id: 'toolu_issue', name: ISSUE, input: { title: 'Crash on start' } }]);
    messages.push({ role: 'assistant', content: issue.content });
    messages.push({ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_issue', content: 'Created #12' }] });

    const slack = await rejectionOf(client.messages.stream(params()).finalMessage());
    expect(slack.error).toBeInstanceOf(Anthropic.InternalServerError);
    expect(slack.message).toMatch(/call tool 'mcp__slack__post_message', which it cannot see/);
    expect(fake.requests.slice(-3).map((r) => r.status)).toEqual([200, 200, 500]);
    expect(fake.remaining()).toBe(0);
  });
});
