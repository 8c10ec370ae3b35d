/** What the model is told about Write (our own words; the behaviour mirrors Claude Code's Write). */
import type { ToolGuidance } from '../../core/contracts/toolViews';
import { WRITE_TOOL_NAME } from '../../protocol/toolNames';

export const WRITE_DESCRIPTION = 'Create a file or replace its contents';

export const WRITE_PROMPT = `Writes a file, creating it (and any missing folders) or replacing its contents.

- Replacing an existing file requires that you Read it in this conversation and that it has not changed since; otherwise the write is refused: read it again.
- An existing file keeps its encoding, byte order mark and line endings (write plain "\\n"; a CRLF file gets CRLF). New files are UTF-8 with "\\n".
- To change part of a file, prefer Edit: it sends only the change and cannot drop the rest by mistake.
- Create documentation files (README, *.md) only when the user asks for them.`;

/** Write's line in the system prompt, after Edit's. */
export const WRITE_GUIDANCE: ToolGuidance = { rank: 120, text: `Create new files with ${WRITE_TOOL_NAME}`, insteadOf: 'redirection or heredocs' };
