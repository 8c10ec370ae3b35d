/**
 * A list of links (WebSearch results, MCP resource links): each with its title and host; http(s) links open
 * in the browser through the host (`openLink`), anything else is shown as text, never followed.
 */
import { useActions } from '../../shared/actions';
import { splitUrl } from './format';
import '../web.css';

export interface LinkItem {
  url: string;
  /** The page title; the URL when absent. */
  title?: string | undefined;
  /** A line under the title (a snippet, a resource's description or MIME type). */
  detail?: string | undefined;
}

export function LinkList({ links, label = 'Links' }: { links: readonly LinkItem[]; label?: string }) {
  if (links.length === 0) return <div className="tool-note">No links</div>;
  return (
    <ul className="link-list" aria-label={label} data-testid="link-list">
      {links.map((link, i) => (
        <LinkRow key={`${String(i)}:${link.url}`} link={link} />
      ))}
    </ul>
  );
}

function LinkRow({ link }: { link: LinkItem }) {
  const { openLink } = useActions();
  const parts = splitUrl(link.url);
  const title = link.title?.trim() || link.url;
  // Where it points: the host of a web link, the URI of any other unless the title already is it.
  const host = parts?.web ? parts.host : link.url === title ? '' : link.url;
  return (
    <li className="link-item" data-testid="link-item" data-url={link.url}>
      {parts?.web ? (
        <button type="button" className="link-button link-title" title={`Open ${link.url}`} data-testid="link-open" onClick={() => openLink(link.url)}>
          {title}
        </button>
      ) : (
        <span className="link-title link-title-plain" data-testid="link-text">
          {title}
        </span>
      )}
      {host && (
        <>
          {' '}
          <span className="link-host" data-testid="link-host">
            {host}
          </span>
        </>
      )}
      {link.detail && <div className="link-detail">{link.detail}</div>}
    </li>
  );
}
