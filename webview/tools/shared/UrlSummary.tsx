/**
 * One fetched URL at a glance (WebFetch rows): the host, the path, the HTTP status and the size, human
 * readable. The URL opens in the browser through the host (`openLink`) when it is http(s).
 */
import { useActions } from '../../shared/actions';
import { formatBytes, splitUrl } from './format';
import '../web.css';

export interface UrlSummaryProps {
  url: string;
  /** HTTP status code. */
  status?: number | undefined;
  /** The status text ("OK", "Not Found"). */
  statusText?: string | undefined;
  /** Size of the body as received, in bytes. */
  bytes?: number | undefined;
  durationMs?: number | undefined;
  /** Served from a cache rather than fetched now. */
  cached?: boolean | undefined;
}

export function UrlSummary({ url, status, statusText, bytes, durationMs, cached }: UrlSummaryProps) {
  const { openLink } = useActions();
  const parts = splitUrl(url);
  const failed = status !== undefined && status >= 400;
  return (
    <div className="url-summary" data-testid="url-summary">
      {parts?.web ? (
        <button type="button" className="link-button url-summary-link" title={`Open ${url}`} data-testid="url-link" onClick={() => openLink(url)}>
          <span className="url-host" data-testid="url-host">
            {parts.host}
          </span>
          <span className="url-path" data-testid="url-path">
            {parts.path}
          </span>
        </button>
      ) : (
        <code className="url-plain" data-testid="url-plain">
          {url}
        </code>
      )}
      {status !== undefined && (
        <span className={failed ? 'url-status url-status-failed' : 'url-status'} data-testid="url-status">
          {statusText ? `${String(status)} ${statusText}` : String(status)}
        </span>
      )}
      {bytes !== undefined && (
        <span className="url-meta" data-testid="url-size">
          {formatBytes(bytes)}
        </span>
      )}
      {cached && (
        <span className="url-meta" data-testid="url-cached">
          cached
        </span>
      )}
      {durationMs !== undefined && <span className="url-meta">{durationMs < 1000 ? `${String(Math.round(durationMs))} ms` : `${(durationMs / 1000).toFixed(1)} s`}</span>}
    </div>
  );
}
