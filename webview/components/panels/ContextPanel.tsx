/**
 * /context: what fills the model's context window, by part (system prompt, tools, memory files, skills,
 * messages…), as one horizontal stacked bar with the free space last, and a legend with each part's
 * tokens and share of the window. Colours come from VS Code's chart palette (panels.css), so every theme has them.
 */
import type { PanelView } from '../../../extension/protocol/messages';
import { contextPercent } from '../contextFigure';
import { compactTokens } from './panelText';

type ContextView = Extract<PanelView, { panel: 'context' }>;

/** How many chart colours panels.css defines (`.context-colour-N`); a part past the last reuses them in turn. */
const COLOURS = 6;

interface Slice {
  label: string;
  tokens: number;
  /** Share of the window, 0–100. */
  percent: number;
  /** The class giving its colour. */
  colour: string;
}

function slicesOf(view: ContextView): { parts: Slice[]; free: Slice; used: number } {
  // The header's figure when the host has it (measured by the API); the parts are estimates.
  const estimated = view.parts.reduce((sum, p) => sum + p.tokens, 0);
  const used = view.used ?? estimated;
  const freeTokens = Math.max(0, view.window - used);
  // Over a full window (or estimated parts beside a measured total) the bar is scaled to its segments, so it never overflows.
  const scale = Math.max(view.window, estimated + freeTokens);
  const percent = (tokens: number) => (tokens / scale) * 100;
  const parts = view.parts.map((p, i) => ({ ...p, percent: percent(p.tokens), colour: `context-colour-${String(i % COLOURS)}` }));
  return { parts, free: { label: 'Free space', tokens: freeTokens, percent: percent(freeTokens), colour: 'context-free' }, used };
}

const shareText = (percent: number) => `${percent < 10 && percent > 0 ? percent.toFixed(1) : String(Math.round(percent))}%`;

function LegendRow({ slice, free }: { slice: Slice; free?: boolean }) {
  return (
    <li className="context-legend-row" data-testid="context-legend-row" data-free={free ? 'true' : undefined}>
      <span className={`context-swatch ${slice.colour}`} aria-hidden="true" />
      <span className="context-label">{slice.label}</span>
      <span className="context-tokens">{compactTokens(slice.tokens)}</span>
      <span className="context-percent">{shareText(slice.percent)}</span>
    </li>
  );
}

export function ContextPanel({ view }: { view: ContextView }) {
  const { parts, free, used } = slicesOf(view);
  const summary = `${compactTokens(used)} of ${compactTokens(view.window)} tokens used (${contextPercent(used / view.window)})`;
  return (
    <div className="context-panel">
      <div className="panel-meta" data-testid="context-summary">
        <span>{view.model}</span> · <span>{summary}</span>
      </div>
      <div className="context-bar" role="img" aria-label={`Context window: ${summary}`} data-testid="context-bar">
        {[...parts, free].map((s, i) =>
          s.percent > 0 ? (
            <span
              key={i}
              className={`context-segment ${s.colour}`}
              data-testid="context-segment"
              // The one style set from code: a width only known at run time (React sets it through the CSSOM, which the CSP allows).
              style={{ width: `${String(s.percent)}%` }}
              title={`${s.label}: ${compactTokens(s.tokens)} tokens`}
            />
          ) : null,
        )}
      </div>
      <ul className="context-legend" aria-label="By part">
        {parts.map((s, i) => (
          <LegendRow key={i} slice={s} />
        ))}
        <LegendRow slice={free} free />
      </ul>
    </div>
  );
}
