/** TeamCreate: the team's name and the teammates it started. */
import { str } from './shared/input';
import { ResultText } from './shared/ResultText';
import type { ToolRenderer, ToolViewProps } from './shared/types';

/** The members' names from the input, checked field by field. */
function memberNames(input: Record<string, unknown>): string[] {
  const members = input['members'];
  if (!Array.isArray(members)) return [];
  return members.flatMap((m: unknown) => (m && typeof m === 'object' && typeof (m as { name?: unknown }).name === 'string' ? [(m as { name: string }).name] : []));
}

function Result({ entry }: ToolViewProps) {
  const names = memberNames(entry.input);
  return (
    <div className="team-create" data-testid="team-create">
      {names.length ? (
        <ul className="team-members">
          {names.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      ) : null}
      {entry.result ? <ResultText result={entry.result} /> : null}
    </div>
  );
}

export const TeamCreateRenderer: ToolRenderer = {
  title: (entry) => {
    const name = str(entry.input, 'team_name');
    return name ? `Create team ${name}` : 'Create team';
  },
  Result,
};
