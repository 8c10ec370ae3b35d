/** ToolSearch: which tools were found (and loaded); a search that found none says so instead of showing success. */
import type { ToolEntry } from '../../extension/protocol/messages';
import { ResultText } from './shared/ResultText';
import type { ToolRenderer, ToolViewProps } from './shared/types';

function searchData(entry: ToolEntry) {
  return entry.result?.data?.kind === 'toolSearch' ? entry.result.data : undefined;
}

function Result({ entry }: ToolViewProps) {
  const data = searchData(entry);
  if (data && !entry.result?.isError) {
    return data.matches.length ? (
      <div className="tool-note" data-testid="tool-search-matches">
        Loaded {data.matches.join(', ')}
      </div>
    ) : (
      <div className="tool-note" data-testid="tool-search-none">
        No tool matched “{data.query}”.
      </div>
    );
  }
  return entry.result ? <ResultText result={entry.result} /> : null;
}

export const ToolSearchRenderer: ToolRenderer = {
  title: () => 'Tool Search',
  outcome: (entry) => (entry.status === 'done' && searchData(entry)?.matches.length === 0 ? { key: 'no-match', label: 'No match' } : undefined),
  Result,
};
