/** Glob: the files found, each a link. */
import { GLOB_TOOL_NAME } from '../../extension/protocol/toolNames';
import { PathList } from './shared/PathList';
import { ResultText } from './shared/ResultText';
import type { ToolRenderer, ToolViewProps } from './shared/types';

export function PathsResult({ entry }: ToolViewProps) {
  const result = entry.result;
  if (!result) return null;
  const data = result.data?.kind === 'paths' ? result.data : undefined;
  return data && !result.isError ? <PathList data={data} /> : <ResultText result={result} />;
}

export const GlobRenderer: ToolRenderer = { title: () => GLOB_TOOL_NAME, Result: PathsResult };
