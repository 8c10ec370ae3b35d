/** Copies text through the host (the webview's own clipboard access is not reliable) and says so. */
import { useEffect, useState } from 'react';
import { useActions } from './actions';

export function CopyButton({ text, label }: { text: string; label: string }) {
  const { copyText } = useActions();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => {
      setCopied(false);
    }, 1500);
    return () => {
      clearTimeout(t);
    };
  }, [copied]);
  return (
    <button
      type="button"
      className="icon-button copy-button"
      data-testid="copy-button"
      aria-label={label}
      title={label}
      onClick={() => {
        copyText(text);
        setCopied(true);
      }}
    >
      {copied ? 'Copied' : 'Copy'}
    </button>
  );
}
