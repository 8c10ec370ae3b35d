/** Paths from Glob or Grep; each opens in the editor, at its line when there is one. */
import type { ToolResultData } from '../../../extension/protocol/messages';
import { FileLink } from './FileLink';

type Paths = Extract<ToolResultData, { kind: 'paths' }>;

export function PathList({ data }: { data: Paths }) {
  if (data.items.length === 0) return <div className="tool-note">No matches</div>;
  return (
    <ul className="path-list" data-testid="path-list">
      {data.items.map((item, i) => (
        <li key={i} className="path-item">
          <FileLink path={item.path} line={item.line} />
          {item.text !== undefined && <span className="path-text">{item.line ? item.text : ` ${item.text}`}</span>}
        </li>
      ))}
      {data.truncated && <li className="tool-note">More results not shown</li>}
    </ul>
  );
}
