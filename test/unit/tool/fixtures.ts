/** Test tools built with `buildTool` and a ToolUseContext on the Node host. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { asSessionId } from '../../../extension/core/base/ids';
import type { AssistantMessage, ToolUseBlock } from '../../../extension/core/base/messages';
import { createAppStateStore } from '../../../extension/core/contracts/appState';
import type { ToolUseContext } from '../../../extension/core/contracts/toolUseContext';
import { createContentReplacementState } from '../../../extension/core/engines/results/resultStorage';
import { WorkingDirectory } from '../../../extension/core/contracts/workingDirectory';
import { buildTool, type CanUseToolFn, type Tools } from '../../../extension/core/contracts/tool';
import { NodeSearch } from '../../../extension/host/node/search';
import { NodeSessionStorage } from '../../../extension/host/node/sessionStorage';
import { NodeWorkspace } from '../../../extension/host/node/workspace';

export function makeContext(tools: Tools, overrides: Partial<ToolUseContext> = {}): ToolUseContext {
  const store = createAppStateStore();
  const dir = mkdtempSync(path.join(tmpdir(), 'codewright-tool-'));
  return {
    options: {
      tools,
      commands: [],
      mainLoopModel: 'claude-test',
      debug: false,
      verbose: false,
      thinkingConfig: { type: 'disabled' },
      mcpClients: [],
      mcpResources: {},
      isNonInteractiveSession: false,
      agentDefinitions: [],
    },
    abortController: new AbortController(),
    getAppState: store.getState,
    setAppState: store.setState,
    readFileState: new Map(),
    messages: [],
    sessionId: asSessionId('session-test'),
    cwd: dir,
    workingDirectory: new WorkingDirectory(),
    toolDecisions: new Map(),
    localDenialTracking: { consecutiveDenials: 0, totalDenials: 0 },
    contentReplacementState: createContentReplacementState(),
    fileReadingLimits: {},
    globLimits: {},
    discoveredToolNames: new Set(),
    ports: { storage: new NodeSessionStorage(dir), workspace: new NodeWorkspace([dir]), search: new NodeSearch() },
    ...overrides,
  };
}

export const allowAll: CanUseToolFn = async (_tool, input) => ({ behavior: 'allow', updatedInput: input });

export function toolUse(name: string, input: unknown, id = `toolu_${name}_${Math.random().toString(36).slice(2, 8)}`): ToolUseBlock {
  return { type: 'tool_use', id, name, input };
}

export function assistantWith(...blocks: ToolUseBlock[]): AssistantMessage {
  return { role: 'assistant', content: blocks };
}

/**
 * Waits `ms` unless `signal` aborts first. The abort listener goes when the wait ends either way: tools get the
 * session's long-lived signal, so a listener left behind per call piles up (Node warns at 11).
 */
export const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(t);
      reject(Object.assign(new Error('aborted'), { name: 'AbortError' }));
    };
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** Echoes its text; counts calls so tests can prove `call` never ran. */
export function echoTool(opts: { name?: string; aliases?: string[]; safe?: boolean } = {}) {
  const calls: { text: string; times: number }[] = [];
  const tool = buildTool({
    name: opts.name ?? 'Echo',
    ...(opts.aliases ? { aliases: opts.aliases } : {}),
    inputSchema: z.strictObject({ text: z.string(), times: z.number().int().min(1).default(1) }),
    maxResultSizeChars: 10_000,
    isConcurrencySafe: () => opts.safe ?? true,
    isReadOnly: () => true,
    async description() {
      return 'Echoes text';
    },
    async prompt() {
      return 'Echoes the given text, `times` times.';
    },
    async call(args) {
      calls.push(args);
      return { data: args.text.repeat(args.times) };
    },
    mapToolResultToToolResultBlockParam(output: string, toolUseId: string) {
      return { type: 'tool_result', tool_use_id: toolUseId, content: output };
    },
  });
  return { tool, calls };
}

/** Waits `ms`, tracking how many calls are in flight at once. */
export function sleeperTool(opts: { name: string; safe: boolean; interrupt?: 'cancel' | 'block' }) {
  const log: string[] = [];
  const state = { inFlight: 0, maxInFlight: 0 };
  const tool = buildTool({
    name: opts.name,
    inputSchema: z.strictObject({ ms: z.number().int().min(0), label: z.string() }),
    maxResultSizeChars: 10_000,
    isConcurrencySafe: () => opts.safe,
    ...(opts.interrupt ? { interruptBehavior: () => opts.interrupt! } : {}),
    async description() {
      return 'Sleeps';
    },
    async prompt() {
      return 'Sleeps for ms milliseconds.';
    },
    async call({ ms, label }, context) {
      state.inFlight++;
      state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
      log.push(`start ${label}`);
      try {
        await sleep(ms, context.abortController.signal);
        log.push(`end ${label}`);
        return { data: `slept ${label}` };
      } finally {
        state.inFlight--;
      }
    },
    mapToolResultToToolResultBlockParam(output: string, toolUseId: string) {
      return { type: 'tool_result', tool_use_id: toolUseId, content: output };
    },
  });
  return { tool, log, state };
}
