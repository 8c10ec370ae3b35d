/** What the model is told about Edit (our own words; the behaviour mirrors Claude Code's Edit). */
import type { ToolGuidance } from '../../core/contracts/toolViews';
import { EDIT_TOOL_NAME } from '../../protocol/toolNames';

export const EDIT_DESCRIPTION = 'Replace exact text in a file';

export const EDIT_PROMPT = `Replaces exact text in a file.

- Read the file in this conversation first; Edit refuses files you have not read, or that changed since (read them again).
- old_string must match the file exactly, indentation and whitespace included: copy it from Read's output without the line-number prefix (everything up to and including the first tab).
- old_string must occur exactly once unless replace_all is true: add surrounding lines to make it unique, or set replace_all to change every occurrence (e.g. renaming).
- Typographic quotes (‘ ’ “ ”) and straight ones match each other; the replacement is written in the file's quote style.
- The file keeps its encoding, byte order mark and line endings; write "\\n" in old_string and new_string.
- An empty old_string on a path that does not exist creates the file with new_string.`;

/** Edit's line in the system prompt, after Read's. */
export const EDIT_GUIDANCE: ToolGuidance = { rank: 110, text: `Change existing files with ${EDIT_TOOL_NAME}`, insteadOf: 'sed, awk or echo' };
