/** NotebookEdit: which notebook and cell changed, and the new source. */
import { CodeBlock } from '../shared/CodeBlock';
import { FileLink } from './shared/FileLink';
import { str } from './shared/input';
import { ResultText } from './shared/ResultText';
import type { ToolRenderer, ToolViewProps } from './shared/types';

function Result({ entry }: ToolViewProps) {
  const result = entry.result;
  if (!result) return null;
  const path = str(entry.input, 'notebook_path');
  const source = str(entry.input, 'new_source');
  const mode = str(entry.input, 'edit_mode') ?? 'replace';
  if (result.isError || !path) return <ResultText result={result} />;
  return (
    <div className="tool-notebook">
      <div>
        <FileLink path={path} /> <span className="tool-note">{mode === 'delete' ? 'cell deleted' : mode === 'insert' ? 'cell inserted' : 'cell replaced'}</span>
      </div>
      {mode !== 'delete' && source !== undefined && <CodeBlock code={source} lang={str(entry.input, 'cell_type') === 'markdown' ? 'markdown' : 'python'} />}
    </div>
  );
}

export const NotebookEditRenderer: ToolRenderer = { title: () => 'Edit Notebook', Result };
