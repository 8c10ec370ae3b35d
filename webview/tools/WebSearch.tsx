/**
 * WebSearch: the query in the row; expanded, the result links (shared/LinkList: title and host, http(s) ones
 * open in the browser through the host, anything else is text) and the model's summary. Both are read from
 * the result text as extension/tools/WebSearch writes it: `Links: [{"title", "url"}]` lines (Claude Code's
 * shape), a failed search's line, the summary, and a closing reminder meant for the model only.
 */
import { z } from 'zod';
import { LinkList, type LinkItem } from './shared/LinkList';
import { str } from './shared/input';
import { ResultText } from './shared/ResultText';
import type { ToolRenderer, ToolViewProps } from './shared/types';

const Links = z.array(z.object({ title: z.string().optional(), url: z.string().min(1) }));

/** Lines of the text that are for the model, not the person reading the row. */
const MODEL_ONLY = [/^Web search results for query: /, /^When you answer from these results, end your answer with a "Sources:" list/];

/** Every `Links: [...]` line of the result text, in order; a line that is not that JSON is skipped. */
export function searchLinks(text: string): LinkItem[] {
  const links: LinkItem[] = [];
  for (const line of text.split('\n')) {
    if (!line.startsWith('Links: ')) continue;
    let json: unknown;
    try {
      json = JSON.parse(line.slice('Links: '.length)) as unknown;
    } catch {
      continue;
    }
    const parsed = Links.safeParse(json);
    if (parsed.success) links.push(...parsed.data.map((l) => ({ url: l.url, title: l.title })));
  }
  return links;
}

/** The result text without the link lines and the lines meant for the model: failed searches and the summary. */
export function searchSummary(text: string): string {
  return text
    .split('\n')
    .filter((line) => !line.startsWith('Links: ') && !MODEL_ONLY.some((re) => re.test(line)))
    .join('\n')
    .trim();
}

function Result({ entry }: ToolViewProps) {
  const result = entry.result;
  if (!result) return null;
  if (result.isError) return <ResultText result={result} />;
  const links = searchLinks(result.text);
  const summary = searchSummary(result.text);
  return (
    <div className="web-search">
      {links.length > 0 ? <LinkList label="Search results" links={links} /> : <div className="tool-note">No results</div>}
      {summary && <ResultText result={{ ...result, text: summary }} />}
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
