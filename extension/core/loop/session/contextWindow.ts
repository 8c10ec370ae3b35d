/**
 * The session's context window on demand: `/compact` summarizes the older turns now, `/context` reports what
 * the next request would send (the last request's measured figure with it, until a compaction voids it).
 */
import { preCompactHooks } from '../../engines/hooks/sessionHooks';
import { estimateContextSnapshot, type ContextSnapshot } from '../commands/contextSnapshot';
import { compactConversation } from '../query/compact';
import type { SessionState } from './sessionState';
import { outsideContext } from './toolContext';
import { offeredTools } from './toolState';
import { skillSummaries } from './turnRequest';

/** `/compact`: summarizes the older turns now, keeping the recent ones. */
export async function compactSession(s: SessionState, customInstructions?: string): Promise<{ summarizedCount: number; summary: string }> {
  if (s.run.abort) throw new Error('A turn is running; stop it before compacting.');
  const abort = new AbortController();
  s.run.abort = abort;
  try {
    const { deps } = s;
    const settings = deps.settings();
    const pre = preCompactHooks(deps.hooks, 'manual', customInstructions ?? '', { sessionId: s.sessionId, cwd: deps.cwd, signal: abort.signal });
    // /compact has no event stream: what the hooks say is in the log (the engine writes it there).
    for (let next = await pre.next(); !next.done; next = await pre.next());
    const result = await compactConversation({
      messages: s.record.messages,
      model: deps.model,
      modelName: settings.model,
      signal: abort.signal,
      ...(customInstructions ? { customInstructions } : {}),
    });
    if (result.summarizedCount > 0) {
      await s.record.writer.appendCompactBoundary({ summary: result.summary, preservedMessageCount: result.preservedCount });
      s.record.messages = result.messages;
      s.usage.record(settings.model, result.usage);
      // The summary replaced what was measured; /context estimates until the next request measures again.
      s.contextWindow.measuredContextTokens = undefined;
    }
    return { summarizedCount: result.summarizedCount, summary: result.summary };
  } finally {
    s.run.abort = undefined;
  }
}

/** What the next request would send (/context): the last turn's system prompt and tools, or the first turn's before there was one. */
export async function contextSnapshot(s: SessionState): Promise<ContextSnapshot> {
  const { deps, contextWindow } = s;
  contextWindow.env ??= deps.environment.info();
  const model = deps.settings().model;
  // Before the first turn the command files have not been read yet: read them, so the skills count.
  if (!contextWindow.lastPrefix) s.tools.commandList = (await deps.commands?.()) ?? s.tools.commandList;
  const skills = skillSummaries(s.tools.commandList);
  const snapshot = await estimateContextSnapshot({
    prefix: contextWindow.lastPrefix,
    env: await contextWindow.env,
    model,
    messages: s.record.messages,
    tools: offeredTools(s.tools, deps),
    toolContext: () => outsideContext(s),
    skills,
  });
  return contextWindow.measuredContextTokens === undefined ? snapshot : { ...snapshot, measuredTokens: contextWindow.measuredContextTokens };
}
