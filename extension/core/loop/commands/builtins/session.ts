/**
 * Built-ins that act on the conversation itself: /clear, /compact, /resume, /rewind and /export
 * (docs/ARCHITECTURE.md, Slash commands). Each is a `local` command: it runs in the host and its text is
 * shown as the reply, without calling the model (only /compact asks the model for its summary).
 */
import type { CommandHost } from '../host';
import type { LocalCommand } from '../../../contracts/commands';

const text = (value: string) => ({ type: 'text' as const, value });

/** How many stored sessions /resume lists. */
export const RESUME_LIST_LIMIT = 20;

export function clearCommand(host: CommandHost): LocalCommand {
  return {
    type: 'local',
    name: 'clear',
    aliases: ['reset', 'new'],
    description: 'Start a new conversation (the current one stays in the history)',
    source: 'builtin',
    supportsNonInteractive: false,
    call: async () => {
      if (!host.clear) return text('/clear has nothing to clear in a one-shot run.');
      host.clear();
      return { type: 'skip' };
    },
  };
}

export function compactCommand(host: CommandHost): LocalCommand {
  return {
    type: 'local',
    name: 'compact',
    description: 'Summarize the conversation so far to free context',
    argumentHint: '[instructions for the summary]',
    source: 'builtin',
    supportsNonInteractive: true,
    call: async (args) => {
      const { summarizedCount } = await host.compact(args.trim() || undefined);
      return text(summarizedCount ? `Compacted ${summarizedCount} earlier messages into a summary.` : 'Nothing to compact yet.');
    },
  };
}

export function resumeCommand(host: CommandHost): LocalCommand {
  return {
    type: 'local',
    name: 'resume',
    aliases: ['continue'],
    description: 'List earlier sessions of this workspace, or continue one by its id',
    argumentHint: '[session id]',
    source: 'builtin',
    supportsNonInteractive: true,
    call: async (args) => {
      const id = args.trim();
      const sessions = await host.listSessions();
      if (!id) return text(sessionList(sessions));
      const match = sessions.find((s) => s.sessionId === id) ?? sessions.filter((s) => s.sessionId.startsWith(id)).at(0);
      if (!match) return text(`No session ${id} in this workspace. Type /resume to list them.`);
      if (!host.resume) return text(`Resuming is not possible inside a one-shot run; start it with --resume ${match.sessionId}.`);
      const warnings = await host.resume(match.sessionId);
      return warnings.length ? text(`Resumed "${match.title}"; skipped: ${warnings.join('; ')}`) : { type: 'skip' };
    },
  };
}

function sessionList(sessions: readonly { sessionId: string; title: string; modifiedAt: string; messageCount: number }[]): string {
  if (sessions.length === 0) return 'No earlier sessions in this workspace yet.';
  const shown = sessions.slice(0, RESUME_LIST_LIMIT).map((s) => `- \`${s.sessionId}\` ${s.modifiedAt.slice(0, 16).replace('T', ' ')} · ${s.messageCount} messages · ${s.title}`);
  const more = sessions.length > RESUME_LIST_LIMIT ? `\n…and ${sessions.length - RESUME_LIST_LIMIT} older.` : '';
  return `Earlier sessions (type /resume <id> to continue one):\n\n${shown.join('\n')}${more}`;
}

export function rewindCommand(host: CommandHost): LocalCommand {
  return {
    type: 'local',
    name: 'rewind',
    aliases: ['checkpoint'],
    description: 'Restore the files and the conversation to an earlier prompt',
    source: 'builtin',
    supportsNonInteractive: false,
    call: async () => {
      if (!host.editor) return text('Rewinding needs the editor: use "Rewind to here" on a message in the chat.');
      const outcome = await host.editor.rewind();
      return outcome ? text(outcome) : { type: 'skip' };
    },
  };
}

export function exportCommand(host: CommandHost): LocalCommand {
  return {
    type: 'local',
    name: 'export',
    description: 'The conversation as markdown (opens an editor tab, or prints it)',
    source: 'builtin',
    supportsNonInteractive: true,
    call: async () => {
      const markdown = host.conversationMarkdown();
      if (!host.editor) return text(markdown);
      await host.editor.openMarkdown('Conversation', markdown);
      return text('Opened the conversation as markdown in an editor tab.');
    },
  };
}
