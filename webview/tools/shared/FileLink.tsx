/** A path that opens in the editor (at a line, when known). The host checks the path before opening it. */
import { useActions } from '../../shared/actions';

export interface FileLinkProps {
  path: string;
  line?: number | undefined;
  endLine?: number | undefined;
  /** What to show; the path itself by default. */
  label?: string;
}

export function FileLink({ path, line, endLine, label }: FileLinkProps) {
  const { openFile } = useActions();
  const where = line ? `:${line}${endLine && endLine !== line ? `-${endLine}` : ''}` : '';
  return (
    <button
      type="button"
      className="link-button file-link"
      data-testid="file-link"
      title={`Open ${path}${where}`}
      onClick={() => {
        openFile(path, line, endLine);
      }}
    >
      {label ?? path}
      {where}
    </button>
  );
}
