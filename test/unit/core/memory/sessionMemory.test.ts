/**
 * Memory through the real loop: an AgentSession on a temp workspace with the Node environment, the real
 * Read tool and the fake Anthropic API. Nested CLAUDE.md files reach the model once, attached to the result
 * of the call that first touched their folder; edited memory shows in the next turn's system prompt.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AgentSession } from '../../../../extension/core/loop/session/agentSession';
import type { ConfigProblem } from '../../../../extension/core/base/configProblems';
import { NodeEnvironment } from '../../../../extension/host/node/environment';
import { NodeWorkspace } from '../../../../extension/host/node/workspace';
import { ReadTool } from '../../../../extension/tools/Read/Read';
import { textTurn, toolUseTurn } from '../../../fixtures/fake-anthropic';
import { clientFor, useFakeAnthropic } from '../../agent/queryHarness';
import { agentDeps, sequentialIds } from '../../support';

type Body = { system: { text: string }[]; messages: { role: string; content: string | { type: string; content?: unknown }[] }[] };
const body = (r: { body: unknown }) => r.body as Body;
/** The tool_result texts of a request's last user message. */
const lastResults = (r: { body: unknown }) => {
  const content = body(r).messages.at(-1)!.content;
  return typeof content === 'string' ? [] : content.filter((b) => b.type === 'tool_result').map((b) => JSON.stringify(b.content));
};

describe('memory in an agent session', () => {
  const fake = useFakeAnthropic({ freshRequests: true });
  let root: string;
  let ws: string;

  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'cw-memory-'));
    ws = path.join(root, 'ws');
    await mkdir(path.join(ws, 'pkg', 'lib'), { recursive: true });
    await mkdir(path.join(root, 'home'));
    await writeFile(path.join(ws, 'CLAUDE.md'), 'Root rule: use pnpm.');
    await writeFile(path.join(ws, 'pkg', 'CLAUDE.md'), 'Pkg rule: tabs only.\n@gone.md');
    for (const f of ['pkg/lib/a.ts', 'pkg/lib/b.ts', 'top.ts']) await writeFile(path.join(ws, f), `// ${f}\n`);
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  function session(problems: ConfigProblem[] = []) {
    const deps = agentDeps(clientFor(fake));
    return new AgentSession({
      ...deps,
      environment: new NodeEnvironment({ cwd: ws, homeDir: path.join(root, 'home') }),
      toolPorts: { ...deps.toolPorts, workspace: new NodeWorkspace([ws]) },
      tools: [ReadTool],
      cwd: ws,
      newId: sequentialIds(),
      onConfigProblems: (p) => problems.push(...p),
    });
  }

  async function turn(agent: AgentSession, prompt: string): Promise<void> {
    for await (const _ of agent.runTurn(prompt));
  }

  it('adds a subfolder CLAUDE.md once, to the result of the first call that touched its folder', async () => {
    fake.setScript([
      toolUseTurn('Read', { file_path: path.join(ws, 'top.ts') }),
      toolUseTurn('Read', { file_path: path.join(ws, 'pkg', 'lib', 'a.ts') }),
      toolUseTurn('Read', { file_path: path.join(ws, 'pkg', 'lib', 'b.ts') }),
      textTurn('done'),
    ]);
    const problems: ConfigProblem[] = [];
    await turn(session(problems), 'read things');
    const [afterTop, afterA, afterB] = fake.requests.slice(1).map(lastResults);
    expect(afterTop!.join()).not.toContain('Pkg rule');
    expect(afterA!.join()).toContain('// pkg/lib/a.ts');
    expect(afterA!.join()).toContain(`Contents of ${path.join(ws, 'pkg', 'CLAUDE.md')} (project memory for the folder ${path.join(ws, 'pkg')})`);
    expect(afterA!.join()).toContain('Pkg rule: tabs only.');
    expect(afterB!.join()).not.toContain('Pkg rule');
    // The workspace's own CLAUDE.md is in the system prompt, never repeated as a reminder.
    expect(body(fake.requests[0]!).system.map((b) => b.text).join('\n')).toContain('Root rule: use pnpm.');
    expect(fake.requests.slice(1).flatMap(lastResults).join()).not.toContain('Root rule');
    expect(problems).toEqual([{ kind: 'memory', path: path.join(ws, 'pkg', 'CLAUDE.md'), line: 2, message: expect.stringContaining('@gone.md') }]);
  });

  it('reads memory again each turn: an edit shows in the next system prompt, unchanged memory keeps the bytes', async () => {
    fake.setScript([textTurn('one'), textTurn('two'), textTurn('three')]);
    const agent = session();
    await turn(agent, 'first');
    await turn(agent, 'second');
    await writeFile(path.join(ws, 'CLAUDE.local.md'), '- always answer in French\n');
    await turn(agent, 'third');
    const systems = fake.requests.map((r) => JSON.stringify(body(r).system));
    expect(systems[1]).toBe(systems[0]);
    expect(systems[2]).toContain('always answer in French');
    expect(systems[1]).not.toContain('always answer in French');
  });
});
