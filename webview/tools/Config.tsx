/** Config: "Read setting model" or "Set model to "x""; the expanded row shows the result text. */
import { str } from './shared/input';
import { ResultText } from './shared/ResultText';
import type { ToolRenderer, ToolViewProps } from './shared/types';

function Result({ entry }: ToolViewProps) {
  return entry.result ? <ResultText result={entry.result} /> : null;
}

export const ConfigRenderer: ToolRenderer = {
  title: (entry) => {
    const setting = str(entry.input, 'setting') ?? 'a setting';
    const value = entry.input.value;
    if (value === undefined) return `Read setting ${setting}`;
    return `Set ${setting} to ${JSON.stringify(value)}`;
  },
  Result,
};
