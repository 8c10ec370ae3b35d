/** WebSearch: the query in the row; expanded, the result links (clickable) and the summary. */
import { useActions } from '../shared/actions';
import { str } from './shared/input';
import { ResultText } from './shared/ResultText';
import type { ToolRenderer, ToolViewProps } from './shared/types';

interface Link {
  title: string;
  url: string;
}

/** The `Links: [...]` lines of the result, as extension/tools/WebSearch writes them; bad lines are skipped. */
function linksOf(text: string): Link[] {
  return text.split('\n').flatMap((line) => {
    if (!line.startsWith('Links: ')) return [];
    try {
      const parsed: unknown = JSON.parse(line.slice('Links: '.length));
      if (!Array.isArray(parsed)) return [];
      return parsed.filter((l): l is Link => typeof l?.title === 'string' && typeof l?.url === 'string' && /^https?:/i.test(l.url));
    } catch {
      return [];
    }
  });
}

function Result({ entry }: ToolViewProps) {
  const actions = useActions();
  if (!entry.result) return null;
  if (entry.result.isError) return <ResultText result={entry.result} />;
  const links = linksOf(entry.result.text);
  const summary = entry.result.text.split('\n').filter((l) => !l.startsWith('Links: ') && !l.startsWith('Web search results for query:')).join('\n').trim();
  return (
    <div className="web-search">
      {links.length > 0 ? (
        <ul className="web-search-links" data-testid="web-search-links">
          {links.map((link, i) => (
            <li key={`${i}-${link.url}`}>
              <a
                href={link.url}
                title={link.url}
                className="external-link"
                onClick={(e) => {
                  e.preventDefault();
                  actions.openLink(link.url);
                }}
              >
                {link.title || link.url}
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <div className="tool-note">No results</div>
      )}
      <ResultText result={{ ...entry.result, text: summary }} />
    </div>
  );
}

export const WebSearchRenderer: ToolRenderer = {
  title: (entry) => {
    const query = str(entry.input, 'query');
    return query ? `Web Search "${query}"` : 'Web Search';
  },
  Result,
};
