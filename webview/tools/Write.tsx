/** Write: a new file (all lines added) or a rewrite, as an inline diff. */
import { WRITE_TOOL_NAME } from '../../extension/protocol/toolNames';
import { FileChangeResult } from './Edit';
import type { ToolRenderer } from './shared/types';

export const WriteRenderer: ToolRenderer = {
  title: (entry) => (entry.result?.data?.kind === 'diff' && entry.result.data.created ? 'Create' : WRITE_TOOL_NAME),
  Result: ({ entry }) => <FileChangeResult entry={entry} pathKey="file_path" />,
};
