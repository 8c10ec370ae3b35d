import { describe, expect, it } from 'vitest';
import type { AgentSession } from '../../../extension/core/loop/session/agentSession';
import type { LocalAgentTaskState } from '../../../extension/core/engines/tasks/localAgent';
import { SendMessageTool } from '../../../extension/tools/SendMessage/SendMessage';
import { TeamCreateTool } from '../../../extension/tools/TeamCreate/TeamCreate';
import { ToolSearchTool } from '../../../extension/tools/ToolSearch/ToolSearch';
import { until } from '../support';
import { isSubAgentRequest, lastIsToolResult, makeSession, runTurn, useFake } from './harness';

const mates = (session: AgentSession) => Object.values(session.appState.getState().tasks).filter((t) => t.type === 'in_process_teammate') as LocalAgentTaskState[];

describe('a team in a session', () => {
  const { fake, router } = useFake();

  it("reaches main's inbox after the lead's turn ended, stays running, and is killed by dispose", async () => {
    router.route = (req) => {
      if (isSubAgentRequest(req)) return { content: [{ type: 'text', text: 'Test A is fixed.' }] };
      // TeamCreate is deferred: the lead loads it with ToolSearch, then calls it.
      const calls = JSON.stringify(req.body.messages).match(/"type":"tool_use"/g)?.length ?? 0;
      if (!lastIsToolResult(req)) return { content: [{ type: 'tool_use', name: 'ToolSearch', input: { query: 'select:TeamCreate' } }] };
      if (calls === 1) return { content: [{ type: 'tool_use', name: 'TeamCreate', input: { team_name: 'red', members: [{ name: 'alice', prompt: 'Fix test A' }] } }] };
      return { content: [{ type: 'text', text: 'Team started.' }] };
    };
    const session = makeSession(fake, [TeamCreateTool, SendMessageTool, ToolSearchTool]);
    await runTurn(session, 'start a team');
    await until(() => session.waitingMail() > 0 && mates(session)[0]?.idle === true, 5000);
    expect(mates(session)).toMatchObject([{ name: 'alice', status: 'running', idle: true }]);

    // The woken turn carries the report as mail from alice.
    fake.requests.length = 0;
    await runTurn(session, 'anything?');
    expect(JSON.stringify(fake.requests[0]!.body.messages)).toContain('<message from=\\"alice\\">\\nTest A is fixed.\\n</message>');
    expect(mates(session)[0]!.status).toBe('running');

    await session.dispose();
    await until(() => mates(session)[0]!.status === 'killed', 5000);
    expect(session.mailbox.list().map((a) => a.name)).toEqual(['main']);
  });
});
