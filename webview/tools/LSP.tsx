/** LSP: the language server's answer as text (locations are `path:line:col` lines). */
import { str } from './shared/input';
import { ResultText } from './shared/ResultText';
import type { ToolRenderer, ToolViewProps } from './shared/types';

function Result({ entry }: ToolViewProps) {
  return entry.result ? <ResultText result={entry.result} /> : null;
}

export const LspRenderer: ToolRenderer = {
  title: (entry) => `LSP ${str(entry.input, 'operation') ?? ''}`.trim(),
  Result,
};
