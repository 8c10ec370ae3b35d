/** A CommandHost that behaves (fakes over mocks) for the built-in commands' tests. */
import type { SessionUsage } from '../../../extension/core/loop/query/usage';
import type { CommandEditorPort, CommandHost, ContextSnapshot, MemoryFileChoice } from '../../../extension/core/loop/commands/host';
import type { Command, CommandContext } from '../../../extension/core/contracts/commands';
import type { Message } from '../../../extension/core/base/messages';
import { getEmptyToolPermissionContext, type ToolPermissionContext } from '../../../extension/core/contracts/permissions';
import { createAppStateStore } from '../../../extension/core/contracts/appState';

export interface FakeHost extends CommandHost {
  calls: string[];
  usageValue: SessionUsage;
  permissions: ToolPermissionContext;
  files: Set<string>;
  modelValue: string;
}

export function fakeHost(over: Partial<CommandHost> = {}): FakeHost {
  const calls: string[] = [];
  const host: FakeHost = {
    calls,
    usageValue: { inputTokens: 0, outputTokens: 0, cacheReadInputTokens: 0, cacheCreationInputTokens: 0, costUsd: 0, requests: 0 },
    permissions: getEmptyToolPermissionContext(),
    files: new Set(),
    modelValue: 'claude-test',
    cwd: '/ws',
    homeDir: '/home/u',
    commands: () => [],
    model: () => host.modelValue,
    usage: () => host.usageValue,
    history: () => [] as Message[],
    compact: async (instructions) => {
      calls.push(`compact:${instructions ?? ''}`);
      return { summarizedCount: 0 };
    },
    listSessions: async () => [],
    permissionContext: () => host.permissions,
    agents: async () => [],
    contextSnapshot: async (): Promise<ContextSnapshot> => ({ model: 'claude-test', contextWindow: 200_000, system: [], tools: [], messages: [] }),
    conversationMarkdown: () => '# Conversation\n\nhi\n',
    exists: async (p) => host.files.has(p),
    ...over,
  };
  return host;
}

/** An editor port that records what it was asked to do. */
export function fakeEditor(calls: string[]): CommandEditorPort {
  return {
    openMemoryFile: async (choices: readonly MemoryFileChoice[]) => {
      calls.push(`memory:${choices.map((c) => `${c.path}${c.exists ? '' : '(new)'}`).join(',')}`);
      return choices[0]?.path;
    },
    openMarkdown: async (title, markdown) => void calls.push(`markdown:${title}:${markdown.length}`),
    rewind: async () => {
      calls.push('rewind');
      return '';
    },
  };
}

export function commandContext(): CommandContext {
  const store = createAppStateStore();
  return { cwd: '/ws', getAppState: store.getState, setAppState: store.setState, abortSignal: new AbortController().signal };
}

/** Runs a local command and returns its text ('' for skip). */
export async function runText(command: Command | undefined, args = ''): Promise<string> {
  if (command?.type !== 'local') throw new Error(`not a local command: ${command?.name}`);
  const result = await command.call(args, commandContext());
  return result.type === 'text' ? result.value : result.type === 'compact' ? result.summary : '';
}
