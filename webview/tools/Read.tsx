/** Read: the file (opens at the lines read) and the range. */
import { READ_TOOL_NAME, type ToolEntry } from '../../extension/protocol/messages';
import { FileLink } from './shared/FileLink';
import { str } from './shared/input';
import { ResultText } from './shared/ResultText';
import type { ToolRenderer, ToolViewProps } from './shared/types';

function Result({ entry }: ToolViewProps) {
  const result = entry.result;
  if (!result) return null;
  const data = result.data?.kind === 'read' ? result.data : undefined;
  const path = data?.filePath ?? str(entry.input, 'file_path');
  if (result.isError || !path) return <ResultText result={result} />;
  const lines = data?.startLine && data.endLine ? data.endLine - data.startLine + 1 : undefined;
  return (
    <div className="tool-read">
      <FileLink path={path} line={data?.startLine} endLine={data?.endLine} />
      {lines !== undefined && <span className="tool-note"> {lines === 1 ? '1 line' : `${lines} lines`}</span>}
    </div>
  );
}

export const ReadRenderer: ToolRenderer = {
  title: (_entry: ToolEntry) => READ_TOOL_NAME,
  Result,
};
