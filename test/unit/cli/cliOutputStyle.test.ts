/**
 * Output styles in the headless CLI (docs/ARCHITECTURE.md, Output styles): `outputStyle` in the settings files
 * shapes the system prompt the API receives, `-p "/output-style"` lists and switches (saving to
 * `.claude/settings.local.json`), a plugin's style is `<plugin>:<style>`, and the init line says which is in use.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliSlash } from '../../../extension/cli/slash';
import { AgentSession } from '../../../extension/core/loop/session/agentSession';
import { createOutputStyles } from '../../../extension/core/loop/query/outputStyleState';
import type { FakeAnthropic } from '../../fixtures/fake-anthropic';
import { agentDeps, ScriptedModel, sequentialIds } from '../support';
import { cliEnv, jsonLines, runCli, useCliFake } from './cliHarness';

const EVERYTHING = path.resolve(__dirname, '../../fixtures/plugins/everything');
const ANALYST = 'Answer as a data analyst: a table of figures first, then one sentence.';
const system = (fake: FakeAnthropic) => (fake.requests.at(-1)?.body.system as { text: string }[]).map((b) => b.text).join('\n\n');

function write(root: string, files: Record<string, string>): void {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
}

describe('/output-style in a -p run', () => {
  it('lists the styles with the current one, and refuses an unknown name as an error', async () => {
    const agent = { ...agentDeps(new ScriptedModel([])), newId: sequentialIds(), outputStyles: createOutputStyles({ load: async () => ({ styles: [], setting: { name: 'Learning', path: '/u/settings.json' }, problems: [] }) }) };
    const deps = { session: new AgentSession(agent), agent, homeDir: '/home/u', warn: () => {} };
    const listed = await runCliSlash('/output-style', deps);
    expect(listed).toEqual({ type: 'print', text: expect.stringMatching(/^Output style: Learning\n\nAvailable:\n- default: .*\n- Explanatory: .*\n- Learning \(current\): .*\n\nSwitch with \/output-style <name>\.$/) });
    expect(await runCliSlash('/output-style fancy', deps)).toEqual({ type: 'error', message: '/output-style failed: There is no output style named "fancy". Available: default, Explanatory, Learning.' });
  });
});

describe('headless CLI: output styles', { timeout: 120_000 }, () => {
  const fake = useCliFake({ fallback: 'echo' });

  it("puts the style that .claude/settings.local.json names into the request's system prompt, without the coding instructions", async () => {
    const where = cliEnv(fake.url);
    write(where.cwd, {
      '.claude/output-styles/analyst.md': `---\nname: Analyst\ndescription: Data analysis\n---\n${ANALYST}\n`,
      '.claude/settings.local.json': JSON.stringify({ outputStyle: 'Analyst' }),
    });
    const run = await runCli(['-p', 'how many rows?', '--output-format', 'stream-json', '--verbose'], where);
    expect(run.code).toBe(0);
    expect(jsonLines(run.stdout)[0]).toMatchObject({ type: 'system', subtype: 'init', output_style: 'Analyst' });
    expect(system(fake)).toContain(`# Output style: Analyst\n${ANALYST}`);
    expect(system(fake)).not.toContain('Understand before you change');
  });

  it('switches with -p "/output-style <name>", saving it beside the other local settings, and the next run uses it', async () => {
    const where = cliEnv(fake.url);
    write(where.cwd, { '.claude/settings.local.json': JSON.stringify({ permissions: { allow: ['Read'] } }) });
    const before = fake.requests.length;
    const switched = await runCli(['-p', '/output-style explanatory'], where);
    expect(switched).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Output style set to Explanatory: it applies from the next message\. Saved to .*settings\.local\.json\.\n$/) });
    expect(fake.requests.length).toBe(before);
    expect(JSON.parse(readFileSync(path.join(where.cwd, '.claude/settings.local.json'), 'utf8'))).toEqual({ permissions: { allow: ['Read'] }, outputStyle: 'Explanatory' });
    const listed = await runCli(['-p', '/output-style'], where);
    expect(listed.stdout).toContain('- Explanatory (current): ');
    await runCli(['-p', 'explain the parser'], where);
    expect(system(fake)).toContain('# Output style: Explanatory\n');
    expect(system(fake)).toContain('Understand before you change');
  });

  it("uses a plugin's style as <plugin>:<style>, and warns about an unknown name and runs with default", async () => {
    const styled = await runCli(['-p', 'hello', '--plugin-dir', EVERYTHING, '--settings', '{"outputStyle": "everything:terse"}'], cliEnv(fake.url));
    expect(styled.code).toBe(0);
    expect(system(fake)).toContain('# Output style: everything:terse\nAnswer in at most three short sentences.');
    const unknown = await runCli(['-p', 'hello', '--settings', '{"outputStyle": "terse"}'], cliEnv(fake.url));
    expect(unknown.code).toBe(0);
    expect(unknown.stderr).toContain('codewright: output styles: --settings:1: outputStyle: there is no output style named "terse" (there are: default, Explanatory, Learning); using default');
    expect(system(fake)).not.toContain('# Output style');
  });
});
