/** What the model is told about Sleep (our own words). */
import type { ToolGuidance } from '../../core/contracts/toolViews';
import { SLEEP_TOOL_NAME } from '../../protocol/toolNames';

export const SLEEP_DESCRIPTION = 'Wait for a number of seconds';

export const SLEEP_PROMPT = `Waits and then returns, running nothing. Use it when nothing useful can be done until something else progresses (a background command or agent, a server starting, a scheduled job), then check on it. Prefer short waits you can repeat over one long one.

The user can stop the wait, and a message from the user ends it early; the result says how long you slept.`;

/** Sleep's line in the system prompt: it replaces `sleep` through the shell. */
export const SLEEP_GUIDANCE: ToolGuidance = { rank: 220, text: `Wait with ${SLEEP_TOOL_NAME}`, insteadOf: 'sleep' };
