/** What the model is told about Edit (our own words; the behaviour mirrors Claude Code's Edit). */
import type { ToolGuidance } from '../../core/contracts/toolViews';
import { EDIT_TOOL_NAME } from '../../protocol/toolNames';

export const EDIT_DESCRIPTION = 'Replace exact text in a file';

export const EDIT_PROMPT = `Replaces exact text in a file.

- Read the file earlier in this conversation first; Edit refuses files you have not read, and files that changed since you read them (read them again).
- old_string must match the file exactly, including indentation and whitespace. Copy it from the Read output without the line-number prefix (everything up to and including the first tab).
- old_string must occur exactly once unless replace_all is true. If it occurs more often, include more surrounding lines to make it unique, or set replace_all to replace every occurrence (useful for renaming).
- new_string must differ from old_string.
- Quotes: if the file uses typographic quotes (‘ ’ “ ”) and you type straight ones, or the reverse, the text is still found and your replacement is written in the file's quote style.
- The file keeps its encoding, byte order mark and line endings; write "\\n" in old_string and new_string.
- An empty old_string on a path that does not exist creates the file with new_string as its contents.
- Prefer editing existing files to creating new ones.`;

/** Edit's line in the system prompt, after Read's. */
export const EDIT_GUIDANCE: ToolGuidance = { rank: 110, text: `Change existing files with ${EDIT_TOOL_NAME}`, insteadOf: 'sed, awk or echo' };
