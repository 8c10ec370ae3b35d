/** Skill: which skill the model loaded; expanding the row shows the instructions it received. */
import { str } from './shared/input';
import { ResultText } from './shared/ResultText';
import type { ToolRenderer, ToolViewProps } from './shared/types';

function Result({ entry }: ToolViewProps) {
  return entry.result ? <ResultText result={entry.result} /> : null;
}

export const SkillRenderer: ToolRenderer = {
  title: (entry) => {
    const name = str(entry.input, 'skill')?.replace(/^\//, '');
    return name ? `Launching skill: ${name}` : 'Launching skill';
  },
  Result,
};
