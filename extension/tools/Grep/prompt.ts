/** What the model is told about Grep (our own words; the behaviour mirrors Claude Code's Grep). */
import { MAX_COLUMNS } from './args';
import type { ToolGuidance } from '../../core/contracts/toolViews';
import { GREP_TOOL_NAME } from '../../protocol/toolNames';

export const GREP_DESCRIPTION = 'Search file contents with regular expressions (ripgrep)';

export const GREP_PROMPT = `Searches file contents with ripgrep; respects .gitignore and pages its results.

- pattern is Rust regex syntax: escape characters meant literally ("interface\\{\\}" finds "interface{}").
- type is faster than glob for standard languages. Files a permission rule denies reading are left out, and a note says how many.
- output_mode "files_with_matches" (default): paths, most recently modified first; "content": "path:line:text" lines, context lines as "path-line-text"; "count": matching lines per file, then a total.
- A note at the end says when more results exist (page with head_limit and offset).
- Hidden files are searched; .git (and other version-control folders) and git-ignored files are not. Lines over ${MAX_COLUMNS} characters are replaced by a short notice.`;

/** Grep's line in the system prompt, the last of the file tools. */
export const GREP_GUIDANCE: ToolGuidance = { rank: 140, text: `Search file contents with ${GREP_TOOL_NAME}`, insteadOf: 'grep or rg' };
