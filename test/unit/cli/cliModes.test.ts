import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliEnv, jsonLines, runCli, useCliFake } from './cliHarness';

/** The permission modes headless (docs/ARCHITECTURE.md, Permissions, "What each mode does"): nobody can be asked, so what would ask is refused. */
describe('headless CLI permission modes', { timeout: 60_000 }, () => {
  const fake = useCliFake({ fallback: 'echo' });

  const bash = (id: string, command: string) => ({ type: 'tool_use' as const, id, name: 'Bash', input: { command, description: id } });

  /** The tool results the model got, by tool_use id. */
  function resultsOf(stdout: string): Map<string, string> {
    const out = new Map<string, string>();
    for (const line of jsonLines(stdout)) {
      if (line.type !== 'user') continue;
      const content = (line.message as { content?: { type: string; tool_use_id?: string }[] } | undefined)?.content ?? [];
      for (const block of content) if (block.type === 'tool_result' && block.tool_use_id) out.set(block.tool_use_id, JSON.stringify(block));
    }
    return out;
  }

  it('bypassPermissions runs a workspace redirect and cd /tmp, but not a write into .git/hooks', async () => {
    const where = cliEnv(fake.url);
    mkdirSync(path.join(where.cwd, '.git', 'hooks'), { recursive: true });
    writeFileSync(path.join(where.cwd, 'notes.md'), 'first\n');
    fake.setScript([
      { content: [bash('toolu_append', 'sleep 0.05; echo appended >> notes.md'), bash('toolu_cd', 'cd /tmp && pwd'), bash('toolu_hook', 'touch .git/hooks/pre-commit')] },
      { content: [{ type: 'text', text: 'Done.' }], expect: { toolResultIds: ['toolu_append', 'toolu_cd', 'toolu_hook'] } },
    ]);
    const run = await runCli(['-p', 'go', '--permission-mode', 'bypassPermissions', '--output-format', 'stream-json'], where);
    expect(run.code).toBe(0);
    expect(readFileSync(path.join(where.cwd, 'notes.md'), 'utf8')).toBe('first\nappended\n');
    const results = resultsOf(run.stdout);
    expect(results.get('toolu_append')).not.toContain('"is_error":true');
    expect(results.get('toolu_cd')).toContain('/tmp');
    expect(results.get('toolu_cd')).not.toContain('"is_error":true');
    expect(results.get('toolu_hook')).toContain('"is_error":true');
    expect(results.get('toolu_hook')).toContain('protected');
    expect(existsSync(path.join(where.cwd, '.git', 'hooks', 'pre-commit'))).toBe(false);
  });

  it('acceptEdits runs filesystem commands inside the workspace, but not rm -rf or a copy out of it', async () => {
    const where = cliEnv(fake.url);
    mkdirSync(path.join(where.cwd, 'src'));
    writeFileSync(path.join(where.cwd, 'a.txt'), 'a\n');
    const outside = path.join(where.home, 'b.txt');
    fake.setScript([
      { content: [bash('toolu_mk', 'mkdir src/x && touch src/x/a.ts'), bash('toolu_rm', 'rm -rf src'), bash('toolu_cp', `cp a.txt ${outside}`)] },
      { content: [{ type: 'text', text: 'Done.' }], expect: { toolResultIds: ['toolu_mk', 'toolu_rm', 'toolu_cp'] } },
    ]);
    const run = await runCli(['-p', 'go', '--permission-mode', 'acceptEdits', '--output-format', 'stream-json'], where);
    expect(run.code).toBe(0);
    expect(existsSync(path.join(where.cwd, 'src', 'x', 'a.ts'))).toBe(true);
    const results = resultsOf(run.stdout);
    expect(results.get('toolu_mk')).not.toContain('"is_error":true');
    expect(results.get('toolu_rm')).toContain('"is_error":true');
    expect(results.get('toolu_cp')).toContain('"is_error":true');
    expect(existsSync(path.join(where.cwd, 'src'))).toBe(true);
    expect(existsSync(outside)).toBe(false);
  });
});
