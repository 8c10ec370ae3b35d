/** Edit: the change as an inline diff. */
import { DiffStat, DiffView } from '../shared/DiffView';
import { FileLink } from './shared/FileLink';
import { str } from './shared/input';
import { ResultText } from './shared/ResultText';
import type { ToolRenderer, ToolViewProps } from './shared/types';

export function FileChangeResult({ entry, pathKey }: ToolViewProps & { pathKey: string }) {
  const result = entry.result;
  if (!result) return null;
  const diff = result.data?.kind === 'diff' ? result.data : undefined;
  if (result.isError || !diff) return <ResultText result={result} />;
  const firstLine = diff.hunks[0]?.newStart;
  return (
    <div className="tool-change">
      <div className="tool-change-header">
        <FileLink path={diff.filePath || str(entry.input, pathKey) || ''} line={firstLine || undefined} />
        <DiffStat diff={diff} />
      </div>
      <DiffView diff={diff} />
    </div>
  );
}

export const EditRenderer: ToolRenderer = {
  title: (entry) => (str(entry.input, 'old_string') === '' ? 'Create' : 'Update'),
  Result: ({ entry }) => <FileChangeResult entry={entry} pathKey="file_path" />,
};
