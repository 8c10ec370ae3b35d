/** WebFetch: the URL in the row; expanded, the status and size of what was fetched, then the model's answer. */
import { useActions } from '../shared/actions';
import { str } from './shared/input';
import { ResultText } from './shared/ResultText';
import type { ToolRenderer, ToolViewProps } from './shared/types';

/** The result's header lines (`URL: …`, `Status: …`, `Size: …`), as extension/tools/WebFetch writes them. */
function header(text: string): { status?: string; size?: string; body: string } {
  const lines = text.split('\n');
  const field = (name: string) => lines.slice(0, 3).find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2);
  const status = field('Status');
  const size = field('Size');
  return { ...(status ? { status } : {}), ...(size ? { size } : {}), body: status ? lines.slice(4).join('\n') : text };
}

function Result({ entry }: ToolViewProps) {
  const actions = useActions();
  const url = str(entry.input, 'url');
  if (!entry.result) return null;
  const { status, size, body } = header(entry.result.text);
  return (
    <div className="web-fetch">
      {url ? (
        <div className="tool-note">
          <a
            href={url}
            className="external-link"
            onClick={(e) => {
              e.preventDefault();
              actions.openLink(url);
            }}
          >
            {url}
          </a>
          {status ? ` · ${status}` : ''}
          {size ? ` · ${size}` : ''}
        </div>
      ) : null}
      <ResultText result={{ ...entry.result, text: body }} />
    </div>
  );
}

export const WebFetchRenderer: ToolRenderer = {
  title: (entry) => {
    const url = str(entry.input, 'url');
    return url ? `Fetch ${url}` : 'Fetch';
  },
  Result,
};
