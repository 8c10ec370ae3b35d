/** Bash: the command, its output (a live tail while it runs) and how it exited. */
import { BASH_TOOL_NAME } from '../../extension/protocol/toolNames';
import { CopyButton } from '../shared/CopyButton';
import { bool, str } from './shared/input';
import { ResultText } from './shared/ResultText';
import type { ToolRenderer, ToolViewProps } from './shared/types';

function Command({ command }: { command: string }) {
  return (
    <div className="bash-command">
      <code data-testid="bash-command">$ {command}</code>
      <CopyButton text={command} label="Copy command" />
    </div>
  );
}

function Progress({ entry }: ToolViewProps) {
  const p = entry.progress;
  if (!p?.output && !p?.message) return null;
  return (
    <div className="tool-progress" data-testid="tool-progress">
      {p.output ? <pre className="tool-output tool-output-live">{p.output}</pre> : null}
      <div className="tool-note">
        {p.message ?? ''}
        {p.elapsedSeconds !== undefined ? ` ${Math.round(p.elapsedSeconds)}s` : ''}
        {p.totalLines !== undefined ? ` · ${p.totalLines} lines` : ''}
      </div>
    </div>
  );
}

function Result({ entry }: ToolViewProps) {
  const result = entry.result;
  if (!result) return null;
  const data = result.data?.kind === 'bash' ? result.data : undefined;
  const command = data?.command ?? str(entry.input, 'command') ?? '';
  if (!data) {
    return (
      <div className="tool-bash">
        {command && <Command command={command} />}
        <ResultText result={result} />
      </div>
    );
  }
  const failed = data.exitCode !== null && data.exitCode !== 0;
  return (
    <div className="tool-bash">
      <Command command={command} />
      {data.output ? (
        <pre className={failed || result.isError ? 'tool-output tool-output-error' : 'tool-output'} data-testid="tool-output">
          {data.output}
        </pre>
      ) : (
        <div className="tool-note">No output</div>
      )}
      <div className={failed ? 'bash-exit bash-exit-failed' : 'bash-exit'} data-testid="bash-exit">
        {data.backgroundTaskId
          ? `Running in the background as ${data.backgroundTaskId}`
          : data.exitCode === null
            ? 'Did not finish'
            : `Exit code ${data.exitCode}`}
      </div>
    </div>
  );
}

export const BashRenderer: ToolRenderer = {
  title: (entry) => (bool(entry.input, 'run_in_background') ? `${BASH_TOOL_NAME} (background)` : BASH_TOOL_NAME),
  Result,
  Progress,
};
