/** What the model is told about Grep (our own words; the behaviour mirrors Claude Code's Grep). */
import { MAX_COLUMNS } from './args';
import type { ToolGuidance } from '../../core/contracts/toolViews';
import { GREP_TOOL_NAME } from '../../protocol/toolNames';

export const GREP_DESCRIPTION = 'Search file contents with regular expressions (ripgrep)';

export const GREP_PROMPT = `Searches the contents of files with ripgrep.

- Use Grep for every content search. Do not run grep or rg through a shell: Grep respects .gitignore and pages its results.
- pattern is a ripgrep (Rust) regular expression, e.g. "log.*Error" or "function\\s+\\w+". Escape regex characters you mean literally: to find "interface{}" in Go code, search "interface\\{\\}".
- Narrow the files with glob ("*.js", "**/*.{ts,tsx}") or type ("js", "py", "rust"; faster than glob for standard languages), and path (a file or folder; by default the working directory, and in a multi-root workspace every workspace folder). Files a permission rule denies reading are left out, and a note says how many.
- output_mode:
  - "files_with_matches" (default): the paths of matching files, most recently modified first.
  - "content": matching lines as "path:line:text"; -A, -B and -C (or context) add lines around each match, shown as "path-line-text"; -n false drops line numbers; -o shows only the matched text.
  - "count": the number of matching lines per file, then a total.
- Results are paged: head_limit (default 250, 0 for all) caps the lines or entries returned, and offset skips that many first. A note at the end says when more results exist.
- Hidden files are searched; version-control folders (.git and the like) and git-ignored files are not.
- Lines longer than ${MAX_COLUMNS} characters are replaced by a short notice.
- Patterns match within a single line unless multiline is true, which lets them span lines and "." match newlines.`;

/** Grep's line in the system prompt, the last of the file tools. */
export const GREP_GUIDANCE: ToolGuidance = { rank: 140, text: `Search file contents with ${GREP_TOOL_NAME}`, insteadOf: 'grep or rg' };
