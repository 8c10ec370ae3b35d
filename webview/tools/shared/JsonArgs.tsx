/**
 * A tool's arguments as pretty JSON under a disclosure (MCP rows): short arguments start open, long ones
 * closed so the result stays in view. A native <details>, so Enter and Space toggle it.
 */
const OPEN_UP_TO_LINES = 12;

export function JsonArgs({ input, label = 'Arguments' }: { input: Record<string, unknown>; label?: string }) {
  const json = JSON.stringify(input, null, 2);
  if (json === '{}') return null;
  const lines = json.split('\n').length;
  return (
    <details className="json-args" data-testid="tool-args" open={lines <= OPEN_UP_TO_LINES}>
      <summary className="json-args-summary">
        {label}
        {lines > OPEN_UP_TO_LINES && <span className="tool-note"> ({String(lines)} lines)</span>}
      </summary>
      <pre className="tool-input" data-testid="tool-input">
        {json}
      </pre>
    </details>
  );
}
