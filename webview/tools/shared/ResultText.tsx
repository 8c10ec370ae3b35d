/** A tool result as the model saw it, in a scrollable monospace box. */
import type { ToolResultView } from '../../../extension/protocol/messages';

export function ResultText({ result }: { result: ToolResultView }) {
  if (!result.text) return <div className="tool-note">No output</div>;
  return (
    <pre className={result.isError ? 'tool-output tool-output-error' : 'tool-output'} data-testid="tool-output">
      {result.text}
      {result.truncated ? '\n…' : ''}
    </pre>
  );
}
