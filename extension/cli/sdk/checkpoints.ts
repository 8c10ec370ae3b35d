/**
 * File checkpoints for SDK apps (`rewind_files`, the SDK's `rewindFiles()`): the CLI's checkpoints
 * (cli/checkpoints.ts), keyed by the uuid of each user message — the one the app sent, or the one the CLI gave it
 * and echoed with `--replay-user-messages`. The file tools write through the tracked workspace and Bash runs
 * between workspace snapshots, so a rewind puts back what either changed since that message; files changed by
 * hand since are left alone.
 */
import type { CliCheckpoints } from '../checkpoints';
import type { ControlChannel } from './channel';

export function registerRewindFiles(checkpoints: CliCheckpoints, channel: ControlChannel): void {
  channel.handle('rewind_files', async (request) => {
    const id = request.user_message_id;
    if (typeof id !== 'string' || !id) throw new Error('user_message_id must be the uuid of a user message');
    const plan = await checkpoints.plan(id);
    if (!plan) return { canRewind: false, error: `No file checkpoint for user message ${id}: it is not a message of this session, or no turn started from it.` };
    if (request.dry_run === true) return { canRewind: true, filesChanged: plan.files.map((f) => f.path) };
    const result = await checkpoints.restore(plan, new Set(plan.files.map((f) => f.path)));
    return { canRewind: true, filesChanged: [...result.restored.keys(), ...plan.files.filter((f) => f.action === 'delete').map((f) => f.path)].filter(unique), ...(result.kept.length ? { error: `Left as they are: ${result.kept.join(', ')}` } : {}) };
  });
}

function unique(value: string, index: number, all: string[]): boolean {
  return all.indexOf(value) === index;
}
