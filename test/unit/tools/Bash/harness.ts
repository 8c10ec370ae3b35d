/** Bash and TaskStop on the Node host, run through the real executor (schema, permission, result budget). */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ToolResultBlock } from '../../../../extension/core/base/messages';
import { toolResultText } from '../../../../extension/core/base/messages';
import type { ToolUseContext } from '../../../../extension/core/contracts/toolUseContext';
import { executeToolUse } from '../../../../extension/core/engines/tools/execute';
import type { ToolExecutionEvent, ToolExecutionOutcome } from '../../../../extension/core/contracts/events';
import { NodeShell } from '../../../../extension/host/node/shell/nodeShell';
import { NodeWorkspace } from '../../../../extension/host/node/workspace';
import { createBashTool } from '../../../../extension/tools/Bash/Bash';
import { TaskStopTool } from '../../../../extension/tools/TaskStop/TaskStop';
import { allowAll, assistantWith, makeContext, toolUse } from '../../tool/fixtures';

export interface BashHarness {
  context: ToolUseContext;
  /** The workspace root (the session's cwd). */
  ws: string;
  shell: NodeShell;
  run(name: string, input: Record<string, unknown>, opts?: { signal?: AbortSignal }): Promise<BashRun>;
}

export interface BashRun {
  outcome: ToolExecutionOutcome;
  result: ToolResultBlock;
  text: string;
  events: ToolExecutionEvent[];
}

export function bashHarness(): BashHarness {
  const shell = new NodeShell({ killGraceMs: 300, pollMs: 20 });
  const bash = createBashTool();
  const base = makeContext([bash, TaskStopTool]);
  const ws = path.join(base.cwd, 'ws');
  mkdirSync(ws);
  const context: ToolUseContext = {
    ...base,
    cwd: ws,
    discoveredToolNames: new Set([TaskStopTool.name]),
    ports: { ...base.ports, workspace: new NodeWorkspace([ws]), shell },
  };
  return {
    context,
    ws,
    shell,
    async run(name, input, opts = {}) {
      const block = toolUse(name, input);
      const events: ToolExecutionEvent[] = [];
      const outcome = await executeToolUse({
        block,
        assistantMessage: assistantWith(block),
        context,
        canUseTool: allowAll,
        ...(opts.signal ? { signal: opts.signal } : {}),
        emit: (e) => events.push(e),
      });
      return { outcome, result: outcome.result, text: toolResultText(outcome.result.content), events };
    },
  };
}

export const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it is true (or fails after `timeoutMs`). */
export async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await delay(20);
  }
}

/** True while `pid` runs; a zombie (dead, waiting for init to reap it) does not count. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return process.platform !== 'linux';
  }
}

/**
 * Resolves once `process.kill(pid, 0)` throws ESRCH. A killed orphan is reparented to init, which reaps it;
 * some container inits take a second or more to do so, hence the wait.
 */
export async function gone(pid: number, timeoutMs = 5000): Promise<NodeJS.ErrnoException> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      process.kill(pid, 0);
    } catch (error) {
      return error as NodeJS.ErrnoException;
    }
    if (Date.now() > end) throw new Error(`process ${pid} still exists`);
    await delay(20);
  }
}

/** The pid a command wrote to `file`, once it is there. */
export async function pidFrom(file: string): Promise<number> {
  let pid = 0;
  await until(() => {
    try {
      pid = Number(readFileSync(file, 'utf8').trim());
    } catch {
      return false;
    }
    return pid > 0;
  });
  return pid;
}
