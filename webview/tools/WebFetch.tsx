/**
 * WebFetch: the URL in the row; expanded, the fetched URL with its HTTP status and size (shared/UrlSummary),
 * the target of a cross-host redirect that was not followed, then the model's answer. The host's `web`
 * result data carries the fields; a result without it (a resumed session) has them read from the text's
 * header lines as extension/tools/WebFetch writes them.
 */
import type { ToolEntry, ToolResultData } from '../../extension/protocol/messages';
import { str } from './shared/input';
import { ResultText } from './shared/ResultText';
import type { ToolRenderer, ToolViewProps } from './shared/types';
import { UrlSummary, type UrlSummaryProps } from './shared/UrlSummary';

type WebData = Extract<ToolResultData, { kind: 'web' }>;

const HEADER_LINES = 3;

/** The text's `URL: …`, `Status: 200 OK`, `Size: 5120 bytes` header, and the answer after it. */
export function fetchHeader(text: string): { summary: Partial<UrlSummaryProps>; body: string } {
  const lines = text.split('\n');
  if (!lines[0]?.startsWith('URL: ')) return { summary: {}, body: text };
  const field = (name: string) => lines.slice(0, HEADER_LINES).find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2);
  const status = /^(\d{3})(?: (.+))?$/.exec(field('Status') ?? '');
  const size = /^(\d+) bytes/.exec(field('Size') ?? '');
  const summary: Partial<UrlSummaryProps> = {
    url: lines[0].slice('URL: '.length),
    ...(status ? { status: Number(status[1]), statusText: status[2] } : {}),
    ...(size ? { bytes: Number(size[1]) } : {}),
  };
  return { summary, body: lines.slice(HEADER_LINES + 1).join('\n') };
}

function webData(entry: ToolEntry): WebData | undefined {
  return entry.result?.data?.kind === 'web' ? entry.result.data : undefined;
}

function Redirect({ data }: { data: WebData & { redirect: string } }) {
  return (
    <div className="web-redirect" data-testid="web-redirect">
      <UrlSummary url={data.url} status={data.status} />
      <div className="tool-note">Redirects to another host; not followed:</div>
      <UrlSummary url={data.redirect} />
    </div>
  );
}

function Result({ entry }: ToolViewProps) {
  const result = entry.result;
  if (!result) return null;
  const data = webData(entry);
  if (data?.redirect !== undefined) return <Redirect data={{ ...data, redirect: data.redirect }} />;
  const parsed = fetchHeader(result.text);
  const summary: Partial<UrlSummaryProps> = data
    ? { url: data.url, status: data.status, statusText: data.statusText, bytes: data.bytes, cached: data.cached }
    : parsed.summary;
  const url = summary.url ?? str(entry.input, 'url');
  return (
    <div className="web-fetch">
      {url && <UrlSummary {...summary} url={url} />}
      <ResultText result={{ ...result, text: parsed.body }} />
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
