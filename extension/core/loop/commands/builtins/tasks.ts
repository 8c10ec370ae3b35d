/**
 * /tasks (docs/ARCHITECTURE.md, Background tasks): the session's background shells, agents, teammates and
 * monitors with their state, as text, in the chat and in the CLI. The chat's task panel shows the same tasks
 * live; this is the list at one moment, where no panel is (the CLI) or to quote in the conversation.
 */
import { backgroundTaskLines } from '../../../engines/tasks/taskLines';
import type { LocalCommand } from '../../../contracts/commands';

export function tasksCommand(): LocalCommand {
  return {
    type: 'local',
    name: 'tasks',
    description: 'List the background tasks (shells, agents, monitors) and their state',
    source: 'builtin',
    supportsNonInteractive: true,
    call: async (_args, context) => {
      const lines = backgroundTaskLines(context.getAppState().tasks);
      const value = lines.length
        ? `Background tasks:\n\n${lines.map((l) => `- ${l}`).join('\n')}\n\nTo stop one, ask for it by its id (TaskStop); in VS Code the task panel's Stop does it too.`
        : 'No background tasks in this session. Bash with run_in_background, a background Agent or Monitor starts one.';
      return { type: 'text', value };
    },
  };
}
