/** What the model is told about Glob (our own words; the behaviour mirrors Claude Code's Glob). */
import { DEFAULT_GLOB_LIMIT } from './constants';
import type { ToolGuidance } from '../../core/contracts/toolViews';
import { GLOB_TOOL_NAME } from '../../protocol/toolNames';

export const GLOB_DESCRIPTION = 'Find files by name with a glob pattern';

export const GLOB_PROMPT = `Finds files whose paths match a glob pattern, fast in a codebase of any size.

- "**/*.ts" matches at any depth, and so does a pattern without "/". An absolute pattern sets the folder itself.
- Files a permission rule denies reading are left out, and a note says how many.
- Results are paths relative to the working directory, least recently modified first; at most ${DEFAULT_GLOB_LIMIT}, with a note saying how many more matched.
- Git-ignored files are left out, and so are hidden ones unless the pattern names them (".github/**/*.yml", "**/.env*").
- To search file contents, use Grep.`;

/** Glob's line in the system prompt, after the file tools that read and write. */
export const GLOB_GUIDANCE: ToolGuidance = { rank: 130, text: `Find files by name with ${GLOB_TOOL_NAME}`, insteadOf: 'find or ls' };
