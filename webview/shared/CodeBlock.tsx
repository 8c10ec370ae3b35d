/**
 * A fenced code block: plain text at once, coloured tokens once the highlighter has them. Highlighting
 * waits for the text to settle (streaming changes it every few milliseconds) and runs off the render path.
 */
import { memo, useEffect, useState, type CSSProperties } from 'react';
import { highlight, type ThemedToken } from '../highlight/shiki';
import { useThemeKind } from '../highlight/themeKind';
import { CopyButton } from './CopyButton';

export interface CodeBlockProps {
  code: string;
  lang: string;
}

/** Quiet time before highlighting text that may still be streaming. */
const SETTLE_MS = 120;
/** Longer blocks stay plain: tokenising them would stall the view for little benefit. */
const MAX_HIGHLIGHT_CHARS = 50_000;

interface Highlighted {
  code: string;
  theme: string;
  lines: ThemedToken[][];
}

export const CodeBlock = memo(function CodeBlock({ code, lang }: CodeBlockProps) {
  const theme = useThemeKind();
  const [highlighted, setHighlighted] = useState<Highlighted | undefined>(undefined);

  useEffect(() => {
    if (!lang || code.length > MAX_HIGHLIGHT_CHARS) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      highlight(code, lang, theme).then(
        (lines) => {
          if (!cancelled && lines) setHighlighted({ code, theme, lines });
        },
        (err: unknown) => {
          console.warn('[codewright] highlighting failed:', err instanceof Error ? err.message : String(err));
        },
      );
    }, SETTLE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [code, lang, theme]);

  // Stale tokens (older text, other theme) are never shown: plain text is better than wrong colours.
  const current = highlighted && highlighted.code === code && highlighted.theme === theme ? highlighted : undefined;
  return (
    <div className="code-block" data-testid="code-block" data-lang={lang || undefined}>
      <div className="code-block-header">
        <span className="code-block-lang">{lang || 'text'}</span>
        <CopyButton text={code} label="Copy code" />
      </div>
      <pre className="code-block-pre" data-highlighted={current ? 'true' : 'false'}>
        <code>{current ? <Tokens lines={current.lines} /> : code}</code>
      </pre>
    </div>
  );
});

function Tokens({ lines }: { lines: ThemedToken[][] }) {
  return lines.map((line, i) => (
    <span key={i} className="code-line">
      {line.map((t, j) => (
        // Inline colours go through the CSSOM (React sets element.style), which the CSP allows.
        <span key={j} className="token" style={tokenStyle(t)}>
          {t.content}
        </span>
      ))}
      {i < lines.length - 1 ? '\n' : null}
    </span>
  ));
}

function tokenStyle(t: ThemedToken): CSSProperties | undefined {
  const style: CSSProperties = {};
  if (t.color) style.color = t.color;
  // shiki's FontStyle flags: 1 italic, 2 bold, 4 underline.
  if (t.fontStyle && t.fontStyle > 0) {
    if (t.fontStyle & 1) style.fontStyle = 'italic';
    if (t.fontStyle & 2) style.fontWeight = 'bold';
    if (t.fontStyle & 4) style.textDecoration = 'underline';
  }
  return style;
}
