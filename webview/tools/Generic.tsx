/** MCP and unknown tools: the input as JSON and the result text. */
import { ResultText } from './shared/ResultText';
import type { ToolRenderer, ToolViewProps } from './shared/types';

function Result({ entry }: ToolViewProps) {
  const json = JSON.stringify(entry.input, null, 2);
  return (
    <div className="tool-generic">
      {json !== '{}' && (
        <pre className="tool-input" data-testid="tool-input">
          {json}
        </pre>
      )}
      {entry.result && <ResultText result={entry.result} />}
    </div>
  );
}

/** `mcp__github__search_issues` → `github · search_issues`. */
function title(name: string): string {
  const m = /^mcp__([^_](?:.*?[^_])?)__(.+)$/.exec(name);
  return m ? `${m[1]} · ${m[2]}` : name;
}

export const GenericRenderer: ToolRenderer = { title: (entry) => title(entry.name), Result };
