/**
 * Interim WebFetch and WebSearch rows built from the shared pieces (shared/UrlSummary, shared/LinkList),
 * used while the tools are not built-in on this branch. Once WebFetch.tsx and WebSearch.tsx exist and the
 * names are in toolNames.ts, registry.ts picks those first and these are unused: the lead deletes this file.
 * WebSearch links are read from Claude Code's result text (`Links: [{"title", "url"}]`).
 */
import { z } from 'zod';
import { LinkList, type LinkItem } from './shared/LinkList';
import { str } from './shared/input';
import { ResultText } from './shared/ResultText';
import type { ToolRenderer, ToolViewProps } from './shared/types';
import { UrlSummary } from './shared/UrlSummary';

function FetchResult({ entry }: ToolViewProps) {
  const url = str(entry.input, 'url');
  return (
    <div className="tool-web">
      {url && <UrlSummary url={url} />}
      {entry.result && <ResultText result={entry.result} />}
    </div>
  );
}

const Links = z.array(z.object({ title: z.string().optional(), url: z.string() }));

/** Every `Links: [...]` line of the result text, in order. */
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

function SearchResult({ entry }: ToolViewProps) {
  const result = entry.result;
  if (!result) return null;
  const links = result.isError ? [] : searchLinks(result.text);
  return links.length ? <LinkList label="Search results" links={links} /> : <ResultText result={result} />;
}

export const WEB_FALLBACK_RENDERERS: Readonly<Record<string, ToolRenderer>> = {
  WebFetch: { title: () => 'Fetch', Result: FetchResult },
  WebSearch: { title: (entry) => `Web Search${str(entry.input, 'query') ? ` "${str(entry.input, 'query') ?? ''}"` : ''}`, Result: SearchResult },
};
