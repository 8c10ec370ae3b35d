import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AgentSession } from '../../../extension/core/loop/session/agentSession';
import type { LocalAgentTaskState } from '../../../extension/core/engines/tasks/localAgent';
import { pendingNotifications } from '../../../extension/core/engines/tasks/notifications';
import { taskRegistry } from '../../../extension/core/engines/tasks/registry';
import { sleeperTool } from '../tool/fixtures';
import { until } from '../support';
import { agentResults, isSubAgentRequest, lastIsToolResult, makeSession, runTurn, textOf, useFake, type Route } from './harness';

const agentTask = (session: AgentSession) => Object.values(session.appState.getState().tasks).find((t) => t.type === 'local_agent') as LocalAgentTaskState | undefined;

/** The parent starts one background agent, then ends its turn; the sub-agent sleeps `ms` then reports. */
function backgroundRoute(ms: number): Route {
  return (req) => {
    if (isSubAgentRequest(req)) {
      return lastIsToolResult(req)
        ? { content: [{ type: 'text', text: 'Background report: 3 flaky tests.' }] }
        : { content: [{ type: 'tool_use', name: 'Sleeper', input: { ms, label: 'bg' } }] };
    }
    const text = JSON.stringify(req.body.messages);
    if (text.includes('task-notification')) return { content: [{ type: 'text', text: 'Noted the report.' }] };
    if (lastIsToolResult(req)) return { content: [{ type: 'text', text: 'Started it.' }] };
    return { content: [{ type: 'tool_use', name: 'Agent', input: { description: 'find flaky tests', prompt: 'Find flaky tests.', run_in_background: true } }] };
  };
}

describe('a background sub-agent', () => {
  const { fake, router } = useFake();

  it('returns at once with its ids, then notifies the parent when it completes', async () => {
    const { tool: sleeper } = sleeperTool({ name: 'Sleeper', safe: true });
    router.route = backgroundRoute(300);
    const session = makeSession(fake, [sleeper]);
    const events = await runTurn(session, 'start it');
    const text = textOf(agentResults(events)[0]!);
    expect(text).toContain('Agent launched in the background (general-purpose).');
    const task = agentTask(session)!;
    expect(text).toContain(`task id: ${task.id}`);
    expect(text).toContain(`output_file: ${task.outputFile}`);
    expect(task.transcriptPath).toMatch(/agents\/a\S+\.jsonl$/);
    expect(task.status).toBe('running');

    await until(() => agentTask(session)!.status === 'completed', 5000);
    expect(readFileSync(task.outputFile, 'utf8')).toBe('Background report: 3 flaky tests.');
    expect(pendingNotifications(session.appState.getState().tasks).map((t) => t.id)).toEqual([task.id]);

    fake.requests.length = 0;
    await runTurn(session, 'anything new?');
    const sent = JSON.stringify(fake.requests[0]!.body.messages);
    expect(sent).toContain(`<task-id>${task.id}</task-id>`);
    expect(sent).toContain('<status>completed</status>');
    expect(sent).toContain('<result>Background report: 3 flaky tests.</result>');
    expect(agentTask(session)!.notified).toBe(true);
  });

  it('stopped through the task registry, ends killed and never reports completed', async () => {
    const { tool: sleeper, log } = sleeperTool({ name: 'Sleeper', safe: true });
    router.route = backgroundRoute(10_000);
    const session = makeSession(fake, [sleeper]);
    await runTurn(session, 'start it');
    await until(() => log.includes('start bg'), 5000);
    const id = agentTask(session)!.id;

    const killed = await taskRegistry.killTask(id, { getAppState: session.appState.getState, setAppState: session.appState.setState });
    expect(killed.kind).toBe('killed');
    await until(() => log.length > 1 || agentTask(session)!.abortController === undefined, 5000);
    // Give the aborted loop time to wind down: it must not move the task out of killed.
    await new Promise((r) => setTimeout(r, 200));
    const task = agentTask(session)!;
    expect(task.status).toBe('killed');
    expect(task.notified).toBe(true);
    expect(log).not.toContain('end bg');
    expect(pendingNotifications(session.appState.getState().tasks)).toEqual([]);
  });
});
