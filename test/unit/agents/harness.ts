/** Sub-agent tests' setup: the fake Anthropic API, an AgentSession with the Agent tool, and helpers. */
import { afterAll, beforeAll } from 'vitest';
import { AgentSession, type AgentEvent, type AgentSessionDeps } from '../../../extension/core/loop/session/agentSession';
import type { Message, ToolResultBlock } from '../../../extension/core/base/messages';
import { toolOwnDecider } from '../../../extension/core/engines/tools/permissionGate';
import type { Tools } from '../../../extension/core/contracts/tool';
import { AgentTool } from '../../../extension/tools/Agent/Agent';
import { startFakeAnthropic, type FakeAnthropic, type FakeTurn, type FallbackRequest } from '../../fixtures/fake-anthropic';
import { clientFor, MODEL } from '../agent/queryHarness';
import { agentDeps, sequentialIds } from '../support';

export type Route = (req: FallbackRequest) => FakeTurn;

/**
 * Starts a fake API whose answers come from `router.route`, chosen per request (so agents running in
 * parallel each get theirs whatever order their requests arrive in); tests set the route.
 */
export function useFake(): { fake: FakeAnthropic; router: { route: Route } } {
  const fake = {} as FakeAnthropic;
  const router: { route: Route } = { route: () => ({ content: [{ type: 'text', text: 'no route set' }] }) };
  beforeAll(async () => {
    Object.assign(fake, await startFakeAnthropic({ fallback: (req) => router.route(req) }));
  });
  afterAll(() => fake.close());
  return { fake, router };
}

/** A system prompt past the cache minimum (1024 tokens), so the shared prefix is cached. */
export const BIG_SYSTEM = Array.from({ length: 80 }, (_, i) => `Rule ${i}: read before editing, keep changes small, verify with tests.`).join('\n');

export function makeSession(fake: FakeAnthropic, tools: Tools, extra: Partial<AgentSessionDeps> = {}): AgentSession {
  const deps: AgentSessionDeps = {
    ...agentDeps(clientFor(fake)),
    tools: [...tools, AgentTool],
    settings: () => ({ model: MODEL, maxTokens: 1024 }),
    decider: toolOwnDecider,
    customSystemPrompt: BIG_SYSTEM,
    newId: sequentialIds('session'),
    ...extra,
  };
  return new AgentSession(deps);
}

export async function runTurn(session: AgentSession, prompt: string): Promise<AgentEvent[]> {
  const events: AgentEvent[] = [];
  for await (const e of session.runTurn(prompt)) events.push(e);
  return events;
}

/** True when the request comes from a sub-agent (its own system block). */
export function isSubAgentRequest(req: FallbackRequest): boolean {
  return JSON.stringify(req.body.system).includes('# You are a sub-agent');
}

/** The last message of a request body is a user message of tool results. */
export function lastIsToolResult(req: FallbackRequest): boolean {
  const messages = req.body.messages as Message[];
  const last = messages.at(-1);
  return Array.isArray(last?.content) && last.content.some((b) => b.type === 'tool_result');
}

/** The text of the Agent tool results in the events. */
export function agentResults(events: AgentEvent[]): ToolResultBlock[] {
  return events.flatMap((e) => (e.type === 'tool' && e.event.type === 'toolFinished' && e.event.toolName === 'Agent' ? [e.event.result] : []));
}

export function textOf(result: ToolResultBlock): string {
  return typeof result.content === 'string' ? result.content : (result.content ?? []).map((b) => (b.type === 'text' ? b.text : '')).join('');
}
