/** What the model is told about Read (our own words; the behaviour mirrors Claude Code's Read). */
import { DEFAULT_LINE_LIMIT, MAX_FILE_BYTES } from './constants';
import { MAX_LINE_CHARS } from '../shared/lines';
import type { ToolGuidance } from '../../core/contracts/toolViews';
import { READ_TOOL_NAME } from '../../protocol/toolNames';

export const READ_DESCRIPTION = 'Read a file from the local filesystem';

export const READ_PROMPT = `Reads a file and returns its contents.

- Text comes back as "<line number><tab><text>", numbered from 1: up to ${DEFAULT_LINE_LIMIT} lines by default, lines over ${MAX_LINE_CHARS} characters cut off.
- Files over ${MAX_FILE_BYTES / 1024} KB are refused unless you give offset/limit or set allow_large; prefer reading the part you need.
- Images (PNG, JPEG, GIF, WebP) are shown to you as images; PDFs as documents; notebooks (.ipynb) as their cells, with ids, sources and outputs.
- Binary files and directories cannot be read (list directories with Glob or ls).
- Read a file before you Edit it or Write over it; both refuse files you have not read.`;

/** Read's line in the system prompt (docs/ARCHITECTURE.md, The Tool contract): the first of the file tools. */
export const READ_GUIDANCE: ToolGuidance = { rank: 100, text: `Read files with ${READ_TOOL_NAME}`, insteadOf: 'cat, head or tail' };
