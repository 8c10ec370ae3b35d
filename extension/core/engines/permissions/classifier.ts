/**
 * The `auto`-mode classifier (docs/ARCHITECTURE.md, Permissions, Auto mode): a side request to a small fast
 * model (the `haiku` of the session's model family, on the session's ModelClient) that judges one action
 * against the user's recent requests. The model must answer by calling one tool whose input is the verdict;
 * anything else (no call, a malformed input, an API error, no model) is a block, never an allow.
 */
import { z } from 'zod';
import { resolveAgentModel } from '../models/models';
import type { AssistantMessage } from '../../base/messages';
import type { ModelClient } from '../../contracts/modelClient';
import { ModelError } from '../../contracts/modelClient';
import type { ToolUseContext } from '../../contracts/toolUseContext';
import { destructiveWarningOf, type AnyTool } from '../../contracts/tool';
import type { ClassifierVerdict, PermissionClassifier } from './engine';
import { CLASSIFIER_SYSTEM_PROMPT, CLASSIFIER_TOOL, CLASSIFIER_TOOL_NAME, classifierUserText } from './classifierPrompt';

export interface AutoModeClassifierOptions {
  /** The model alias or id; defaults to `haiku`, resolved against the session's model. */
  model?: string;
  /** A request that takes longer is a block. */
  timeoutMs?: number;
}

const MAX_TOKENS = 512;
const DEFAULT_TIMEOUT_MS = 60_000;
const MAX_REASON_CHARS = 500;

const VerdictSchema = z.object({
  decision: z.enum(['allow', 'block']),
  reason: z.string().trim().min(1),
});

/** The verdict in the classifier's answer, or a block saying what was wrong with it. */
export function parseClassifierAnswer(message: AssistantMessage): ClassifierVerdict {
  const call = message.content.find((b) => b.type === 'tool_use' && b.name === CLASSIFIER_TOOL_NAME);
  if (!call || call.type !== 'tool_use') return { allow: false, reason: `the classifier gave no decision (it did not call ${CLASSIFIER_TOOL_NAME})` };
  const parsed = VerdictSchema.safeParse(call.input);
  if (!parsed.success) return { allow: false, reason: 'the classifier gave a malformed decision' };
  const reason = parsed.data.reason.slice(0, MAX_REASON_CHARS);
  return { allow: parsed.data.decision === 'allow', reason };
}

async function ask(model: ModelClient, modelName: string, text: string, signal: AbortSignal): Promise<ClassifierVerdict> {
  const request = {
    model: modelName,
    maxTokens: MAX_TOKENS,
    system: [{ type: 'text' as const, text: CLASSIFIER_SYSTEM_PROMPT }],
    messages: [{ role: 'user' as const, content: [{ type: 'text' as const, text }] }],
    tools: [CLASSIFIER_TOOL],
    toolChoice: { type: 'tool' as const, name: CLASSIFIER_TOOL_NAME },
    signal,
  };
  for await (const event of model.stream(request)) {
    if (event.type === 'messageComplete') return parseClassifierAnswer(event.message);
  }
  return { allow: false, reason: 'the classifier answer ended early' };
}

function failureReason(err: unknown, timedOut: boolean): string {
  if (timedOut) return 'the classifier did not answer in time';
  if (err instanceof ModelError && err.kind === 'aborted') return 'the classifier request was cancelled';
  return `the classifier could not be reached (${err instanceof Error ? err.message : String(err)})`;
}

/** A `PermissionClassifier` for the engine's `classifier` option (wired in extension.ts and the CLI). */
export function createAutoModeClassifier(opts: AutoModeClassifierOptions = {}): PermissionClassifier {
  return async (tool: AnyTool, input: Record<string, unknown>, context: ToolUseContext): Promise<ClassifierVerdict> => {
    const model = context.ports.model;
    if (!model) return { allow: false, reason: 'no model is available to the classifier in this session' };
    const modelName = resolveAgentModel(opts.model ?? 'haiku', context.options.mainLoopModel);
    const timeout = AbortSignal.timeout(opts.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    const signal = AbortSignal.any([context.abortController.signal, timeout]);
    try {
      return await ask(model, modelName, classifierUserText(tool, input, context.messages, destructiveWarningOf(tool, input, context)), signal);
    } catch (err) {
      return { allow: false, reason: failureReason(err, timeout.aborted) };
    }
  };
}
