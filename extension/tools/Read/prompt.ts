/** What the model is told about Read (our own words; the behaviour mirrors Claude Code's Read). */
import { DEFAULT_LINE_LIMIT, MAX_FILE_BYTES, MAX_PDF_PAGES } from './constants';
import { MAX_LINE_CHARS } from '../shared/lines';
import type { ToolGuidance } from '../../core/contracts/toolViews';
import { READ_TOOL_NAME } from '../../protocol/toolNames';

export const READ_DESCRIPTION = 'Read a file from the local filesystem';

export const READ_PROMPT = `Reads a file and returns its contents.

- file_path should be an absolute path; a relative path is taken from the working directory.
- Text comes back one line per file line as "<line number><tab><text>", numbered from 1. Up to ${DEFAULT_LINE_LIMIT} lines are returned by default; give offset (the first line, 1-based) and limit (how many lines) to read a window of a long file.
- Lines longer than ${MAX_LINE_CHARS} characters are cut off.
- Files over ${MAX_FILE_BYTES / 1024} KB are refused unless you give offset/limit or set allow_large; prefer reading the part you need.
- Images (PNG, JPEG, GIF, WebP) are shown to you as images, so screenshots and diagrams can be read.
- PDFs come back as documents; pages (e.g. "1-5", at most ${MAX_PDF_PAGES} pages) says which pages matter.
- Jupyter notebooks (.ipynb) come back as their cells, with ids, sources and outputs.
- Binary files cannot be read, and neither can directories (list those with Glob or ls).
- Read a file before you Edit it or Write over it; both refuse files you have not read.
- Several files can be read in parallel: batch Read calls when you need more than one file.`;

/** Read's line in the system prompt (docs/ARCHITECTURE.md, The Tool contract): the first of the file tools. */
export const READ_GUIDANCE: ToolGuidance = { rank: 100, text: `Read files with ${READ_TOOL_NAME}`, insteadOf: 'cat, head or tail' };
