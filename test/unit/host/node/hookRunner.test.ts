import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HookEngine } from '../../../../extension/core/engines/hooks/engine';
import type { HookCommand } from '../../../../extension/core/contracts/hooks';
import { NodeHookRunner } from '../../../../extension/host/node/hookRunner';
import { until } from '../../support';

/** Running (a killed process nobody reaped yet is a zombie, state Z: dead). */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

const dir = mkdtempSync(path.join(tmpdir(), 'cw-hooks-'));

function hook(command: string, over: Partial<HookCommand> = {}): HookCommand {
  return { event: 'PreToolUse', matcher: '', command, timeoutSec: 10, source: 'projectSettings', path: '/ws/.claude/settings.json', line: 3, ...over };
}

function engine(...hooks: HookCommand[]): HookEngine {
  return new HookEngine({ runner: new NodeHookRunner(), config: { hooks, problems: [] }, projectDir: dir, transcriptPath: (id) => `/t/${id}.jsonl` });
}

const call = { sessionId: 's-1', cwd: dir };
const pre = { hook_event_name: 'PreToolUse' as const, tool_name: 'Bash', tool_input: { command: 'ls' } };

describe('NodeHookRunner', () => {
  it('gives the event JSON on stdin and reads JSON from stdout on exit 0', async () => {
    const seen = path.join(dir, 'stdin.json');
    const out = JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'ask', permissionDecisionReason: 'check it' }, systemMessage: 'hello user' });
    const result = await engine(hook(`cat > ${JSON.stringify(seen)}; echo "$CLAUDE_PROJECT_DIR" >&2; printf '%s' '${out}'`)).run(pre, call);
    expect(JSON.parse(readFileSync(seen, 'utf8'))).toEqual({ session_id: 's-1', transcript_path: '/t/s-1.jsonl', cwd: dir, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls' } });
    expect(result.outcomes[0]).toMatchObject({ kind: 'success' });
    expect(result.permission).toEqual({ decision: 'ask', reason: 'check it', hookName: expect.stringContaining('cat >') });
    expect(result.userMessages).toEqual(['hello user']);
  });

  it('turns exit 2 into a block carrying stderr', async () => {
    const result = await engine(hook(`echo 'rm -rf is not allowed here' >&2; exit 2`)).run(pre, call);
    expect(result.outcomes[0]).toMatchObject({ kind: 'blocking', message: 'rm -rf is not allowed here' });
    expect(result.permission).toMatchObject({ decision: 'deny', reason: 'rm -rf is not allowed here' });
  });

  it('reports another exit code as a non-blocking error', async () => {
    const result = await engine(hook(`echo broken >&2; exit 3`, { event: 'Stop' })).run({ hook_event_name: 'Stop', stop_hook_active: false }, call);
    expect(result.outcomes[0]).toMatchObject({ kind: 'error' });
    expect(result.block).toBeUndefined();
    expect(result.userMessages[0]).toMatch(/failed \(exit 3\): broken/);
  });

  it('kills a hook that hangs (and what it started) at its timeout and reports it', async () => {
    const pidFile = path.join(dir, 'sleep.pid');
    const started = Date.now();
    const result = await engine(hook(`sleep 60 & echo $! > ${JSON.stringify(pidFile)}; wait`, { timeoutSec: 0.3 })).run(pre, call);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(result.outcomes[0]).toMatchObject({ kind: 'error', timedOut: true });
    expect(result.userMessages[0]).toContain('did not finish within 0.3 s and was stopped');
    expect(result.permission).toBeUndefined();
    const pid = Number(readFileSync(pidFile, 'utf8').trim());
    await until(() => !alive(pid));
    expect(alive(pid)).toBe(false);
  });

  it('reports JSON that does not parse and ignores that output', async () => {
    const result = await engine(hook(`echo '{"decision": "block",'`)).run(pre, call);
    expect(result.outcomes[0]).toMatchObject({ kind: 'error' });
    expect(result.userMessages[0]).toContain('printed JSON that does not parse');
    expect(result.permission).toBeUndefined();
  });

  it('runs the matching hooks of an event in parallel', async () => {
    const started = Date.now();
    const result = await engine(hook('sleep 0.4'), hook('sleep 0.4'), hook('sleep 0.4'), hook('exit 2', { matcher: 'Write' })).run(pre, call);
    expect(result.outcomes).toHaveLength(3);
    expect(Date.now() - started).toBeLessThan(1100);
  });
});
