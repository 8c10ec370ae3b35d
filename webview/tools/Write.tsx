/** Write: a new file (all lines added) or a rewrite, as an inline diff. */
import { FileChangeResult } from './Edit';
import type { ToolRenderer } from './shared/types';

export const WriteRenderer: ToolRenderer = {
  title: (entry) => (entry.result?.data?.kind === 'diff' && entry.result.data.created ? 'Create' : 'Write'),
  Result: ({ entry }) => <FileChangeResult entry={entry} pathKey="file_path" />,
};
