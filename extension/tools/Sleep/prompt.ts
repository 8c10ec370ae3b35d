/** What the model is told about Sleep (our own words). */
import type { ToolGuidance } from '../../core/contracts/toolViews';
import { SLEEP_TOOL_NAME } from '../../protocol/toolNames';

export const SLEEP_DESCRIPTION = 'Wait for a number of seconds';

export const SLEEP_PROMPT = `Waits for the given number of seconds (1 to 3600) and then returns, without running anything.

Use it when there is nothing useful to do until something else makes progress: a background command or sub-agent still running, a server starting, a scheduled job due later. Check on the thing you waited for afterwards. Prefer short waits you can repeat over one long one.

The user can stop the wait at any time, and a message from the user ends it early too; the result then says how long you slept.`;

/** Sleep's line in the system prompt: it replaces `sleep` through the shell. */
export const SLEEP_GUIDANCE: ToolGuidance = { rank: 220, text: `Wait with ${SLEEP_TOOL_NAME}`, insteadOf: 'sleep' };
