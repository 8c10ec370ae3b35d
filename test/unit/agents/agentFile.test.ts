import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAgentFile } from '../../../extension/core/loop/subagents/agentFile';
import { allowedToolNames, BUILTIN_AGENTS, permissionModeFor } from '../../../extension/core/loop/subagents/definitions';
import { resolveAgentModel } from '../../../extension/core/engines/models/models';
import { agentDefinitionsReader, loadAgentDefinitions } from '../../../extension/host/node/agentFiles';
import { RecordingLogger } from '../support';

const file = (head: string, body = 'You review code for bugs.') => `---\n${head}\n---\n${body}\n`;

describe('parseAgentFile', () => {
  it('reads name, description, a comma list of tools, model and the body as the system prompt', () => {
    const r = parseAgentFile(file('name: reviewer\ndescription: "Reviews diffs: finds bugs"\ntools: Read, Grep , Glob\nmodel: haiku'), '/p/reviewer.md', 'project');
    expect(r).toEqual({
      ok: true,
      definition: { agentType: 'reviewer', whenToUse: 'Reviews diffs: finds bugs', tools: ['Read', 'Grep', 'Glob'], model: 'haiku', systemPrompt: 'You review code for bugs.', source: 'project', path: '/p/reviewer.md' },
    });
  });

  it('reads tools as a YAML list or an inline list', () => {
    const yaml = parseAgentFile(file("name: a\ndescription: d\ntools:\n  - Read\n  - 'Bash'"), 'a.md', 'user');
    const inline = parseAgentFile(file('name: a\ndescription: d\ntools: [Read, "Bash"]'), 'a.md', 'user');
    expect(yaml.ok && yaml.definition.tools).toEqual(['Read', 'Bash']);
    expect(inline.ok && inline.definition.tools).toEqual(['Read', 'Bash']);
  });

  it('reports a bad file with its path and what is wrong', () => {
    expect(parseAgentFile('just text', '/x/a.md', 'user')).toEqual({ ok: false, error: '/x/a.md: no front matter: start the file with a "---" block holding name and description.' });
    expect(parseAgentFile(file('name: a'), '/x/b.md', 'user')).toMatchObject({ ok: false, error: expect.stringMatching(/^\/x\/b\.md: description: /) });
    expect(parseAgentFile(file('name: bad name!\ndescription: d'), '/x/c.md', 'user')).toMatchObject({ ok: false, error: expect.stringContaining('/x/c.md: line 2: name:') });
    expect(parseAgentFile(file('name: a\ndescription: d', ''), '/x/d.md', 'user')).toEqual({ ok: false, error: "/x/d.md: the body (the agent's system prompt) is empty." });
    expect(parseAgentFile(file('name a\ndescription: d'), '/x/e.md', 'user')).toEqual({ ok: false, error: '/x/e.md: line 2: expected "key: value", got "name a"' });
  });
});

describe('loadAgentDefinitions', () => {
  it('merges built-in < user < project by name and skips bad files, naming them', async () => {
    const home = mkdtempSync(path.join(tmpdir(), 'cw-home-'));
    const cwd = mkdtempSync(path.join(tmpdir(), 'cw-proj-'));
    mkdirSync(path.join(home, '.claude', 'agents'), { recursive: true });
    mkdirSync(path.join(cwd, '.claude', 'agents'), { recursive: true });
    writeFileSync(path.join(home, '.claude', 'agents', 'reviewer.md'), file('name: reviewer\ndescription: user reviewer'));
    writeFileSync(path.join(home, '.claude', 'agents', 'Explore.md'), file('name: Explore\ndescription: my explorer'));
    writeFileSync(path.join(cwd, '.claude', 'agents', 'reviewer.md'), file('name: reviewer\ndescription: project reviewer'));
    writeFileSync(path.join(cwd, '.claude', 'agents', 'broken.md'), 'no front matter');
    const loaded = await loadAgentDefinitions({ cwd, homeDir: home });
    const byName = Object.fromEntries(loaded.definitions.map((d) => [d.agentType, d]));
    expect(byName.reviewer).toMatchObject({ whenToUse: 'project reviewer', source: 'project' });
    expect(byName.Explore).toMatchObject({ whenToUse: 'my explorer', source: 'user' });
    expect(byName['general-purpose']!.source).toBe('builtin');
    expect(loaded.errors).toEqual([`${path.join(cwd, '.claude', 'agents', 'broken.md')}: no front matter: start the file with a "---" block holding name and description.`]);
  });
});

describe('built-in agent types', () => {
  it('general-purpose has every tool but Agent and the session-changing ones; Explore and Plan are read-only and run in plan mode', () => {
    const parentTools = ['Read', 'Write', 'Edit', 'Glob', 'Grep', 'Bash', 'LSP', 'Agent', 'AskUserQuestion', 'EnterPlanMode'];
    const [general, explore, plan] = BUILTIN_AGENTS;
    expect([...allowedToolNames(general!, parentTools)]).toEqual(['Read', 'Write', 'Edit', 'Glob', 'Grep', 'Bash', 'LSP']);
    expect([...allowedToolNames(explore!, parentTools)]).toEqual(['Read', 'Glob', 'Grep', 'Bash', 'LSP']);
    expect(permissionModeFor(explore!)).toBe('plan');
    expect(permissionModeFor(plan!)).toBe('plan');
    expect(permissionModeFor(general!)).toBeUndefined();
    expect(plan!.systemPrompt).toContain('implementation plan');
  });

  it('resolves model aliases, keeping the parent model for its own family', () => {
    expect(resolveAgentModel(undefined, 'claude-sonnet-5-5')).toBe('claude-sonnet-5-5');
    expect(resolveAgentModel('inherit', 'claude-opus-5-5')).toBe('claude-opus-5-5');
    expect(resolveAgentModel('sonnet', 'claude-sonnet-5-5')).toBe('claude-sonnet-5-5');
    expect(resolveAgentModel('haiku', 'claude-sonnet-5-5')).toBe('claude-haiku-5-5');
    expect(resolveAgentModel('claude-x-1', 'claude-sonnet-5-5')).toBe('claude-x-1');
  });
});

describe('agentDefinitionsReader (the VS Code host)', () => {
  it('reads the folders again on every call, so a file added later counts, and logs a bad file once', async () => {
    const cwd = mkdtempSync(path.join(tmpdir(), 'cw-agents-ws-'));
    const homeDir = mkdtempSync(path.join(tmpdir(), 'cw-agents-home-'));
    const log = new RecordingLogger();
    const warnings = () => log.lines.filter((l) => l.level === 'warn').map((l) => l.message);
    const read = agentDefinitionsReader({ cwd, homeDir }, log);
    expect((await read()).map((d) => d.agentType).sort()).toEqual(BUILTIN_AGENTS.map((d) => d.agentType).sort());

    mkdirSync(path.join(cwd, '.claude', 'agents'), { recursive: true });
    writeFileSync(path.join(cwd, '.claude', 'agents', 'greeter.md'), '---\nname: greeter\ndescription: Greets\n---\nSay hello.\n');
    writeFileSync(path.join(cwd, '.claude', 'agents', 'broken.md'), 'no front matter at all\n');
    const next = await read();
    expect(next.find((d) => d.agentType === 'greeter')).toMatchObject({ source: 'project', systemPrompt: 'Say hello.' });
    await read();
    expect(warnings().filter((w) => w.includes('broken.md'))).toHaveLength(1);
  });
});
