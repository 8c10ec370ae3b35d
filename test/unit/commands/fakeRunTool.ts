/** A fake `CommandContext` whose `runTool` answers from a script and records every call. */
import type { CommandContext, CommandToolResult } from '../../../extension/core/contracts/commands';
import { createAppStateStore } from '../../../extension/core/contracts/appState';

export interface ToolCall {
  name: string;
  input: Record<string, unknown>;
  allowedTools: readonly string[];
}

export function fakeCommandContext(
  answer?: (name: string, input: Record<string, unknown>) => CommandToolResult,
  cwd = '/work/app',
): { ctx: CommandContext; calls: ToolCall[] } {
  const store = createAppStateStore();
  const calls: ToolCall[] = [];
  const ctx: CommandContext = {
    cwd,
    getAppState: store.getState,
    setAppState: store.setState,
    abortSignal: new AbortController().signal,
    ...(answer
      ? {
          runTool: async (name, input, opts) => {
            calls.push({ name, input, allowedTools: opts.allowedTools });
            return answer(name, input);
          },
        }
      : {}),
  };
  return { ctx, calls };
}
