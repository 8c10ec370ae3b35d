/** The line between the conversation and the composer: what the agent is doing now, and what it has cost. */
import type { Usage } from '../../extension/protocol/messages';
import { contextPercent } from './contextFigure';

export interface StatusBarProps {
  status: string | null;
  usage: Usage | null;
}

function formatTokens(n: number): string {
  return n >= 1000 ? `${(n / 1000).toFixed(n >= 100_000 ? 0 : 1)}k` : String(n);
}

export function StatusBar({ status, usage }: StatusBarProps) {
  if (!status && !usage) return null;
  const totalIn = usage ? usage.inputTokens + usage.cacheReadInputTokens + usage.cacheCreationInputTokens : 0;
  return (
    <div className="status-bar">
      <span className="status-text" data-testid="status-line" role="status" aria-live="polite">
        {status ?? ''}
      </span>
      {usage && (
        <span
          className="usage-text"
          data-testid="usage-line"
          title={`Input ${usage.inputTokens} · cache read ${usage.cacheReadInputTokens} · cache write ${usage.cacheCreationInputTokens} · output ${usage.outputTokens}`}
        >
          {formatTokens(totalIn)} in · {formatTokens(usage.outputTokens)} out · ${usage.costUsd.toFixed(usage.costUsd < 1 ? 3 : 2)} ·{' '}
          {contextPercent(usage.contextFill)} context
        </span>
      )}
    </div>
  );
}
