/** Fakes for hook tests: a runner that answers from a script and remembers what each command got on stdin. */
import type { HooksConfig } from '../../../extension/core/engines/hooks/config';
import { HookEngine } from '../../../extension/core/engines/hooks/engine';
import type { HookCommand, HookEventName, HookRunRequest, HookRunResult, HookRunnerPort } from '../../../extension/core/contracts/hooks';

export type Reply = Partial<HookRunResult> | ((stdin: Record<string, unknown>) => Partial<HookRunResult>);

export class FakeRunner implements HookRunnerPort {
  readonly runs: { command: string; stdin: Record<string, unknown> }[] = [];

  constructor(private readonly replies: Record<string, Reply>) {}

  async run(request: HookRunRequest): Promise<HookRunResult> {
    const stdin = JSON.parse(request.stdin) as Record<string, unknown>;
    this.runs.push({ command: request.command, stdin });
    const reply = this.replies[request.command] ?? {};
    const r = typeof reply === 'function' ? reply(stdin) : reply;
    return { exitCode: 0, stdout: '', stderr: '', timedOut: false, ...r };
  }
}

export function hookOf(event: HookEventName, command: string, matcher = ''): HookCommand {
  return { event, matcher, command, timeoutSec: 60, source: 'projectSettings', path: '/ws/.claude/settings.json', line: 1 };
}

export function fakeEngine(hooks: HookCommand[], replies: Record<string, Reply>): { engine: HookEngine; runner: FakeRunner } {
  const runner = new FakeRunner(replies);
  const config: HooksConfig = { hooks, problems: [] };
  return { engine: new HookEngine({ runner, config }), runner };
}

export const json = (value: unknown): Partial<HookRunResult> => ({ stdout: JSON.stringify(value) });
