/** Grep: matching files, or matching lines that open the file at the line. */
import { PathsResult } from './Glob';
import type { ToolRenderer } from './shared/types';

export const GrepRenderer: ToolRenderer = { title: () => 'Search', Result: PathsResult };
