/**
 * File checkpoints for SDK apps (`rewind_files`, the SDK's `rewindFiles()`): the same checkpoints as the chat
 * (core/engines/checkpoints/), keyed by the uuid of each user message — the one the app sent, or the one the CLI
 * gave it and echoed with `--replay-user-messages`. The file tools write through the tracked workspace, so a
 * rewind puts back what they changed since that message; files changed by hand since are left alone.
 */
import { SessionCheckpoints } from '../../core/engines/checkpoints/sessionCheckpoints';
import type { Logger } from '../../core/contracts/settings';
import type { SessionStorage } from '../../core/contracts/storage';
import type { Workspace } from '../../core/contracts/workspace';
import { NodeFileRestorer } from '../../host/node/fileRestorer';
import type { ControlChannel } from './channel';

type Listener = (e: { type: string; sessionId?: string; message?: { id: string; role: string; text: string } }) => void;

export class SdkCheckpoints {
  private readonly checkpoints: SessionCheckpoints;
  private listener: Listener | undefined;

  constructor(deps: { storageFor: (sessionId: string) => SessionStorage; reader: Workspace; log: Logger }) {
    this.checkpoints = new SessionCheckpoints({ storageFor: deps.storageFor, reader: deps.reader, restorer: new NodeFileRestorer(), log: deps.log });
  }

  /** The workspace the file tools get: writes through it keep their pre-images. */
  workspace(workspace: Workspace): Workspace {
    return this.checkpoints.workspace(workspace);
  }

  attach(sessionId: string): void {
    this.checkpoints.attach({ sessionId, onEvent: (l) => ((this.listener = l), () => (this.listener = undefined)) });
  }

  /** A user message starts its turn: later writes belong to its checkpoint. */
  beginPrompt(uuid: string, text: string): void {
    this.listener?.({ type: 'messageAdded', message: { id: uuid, role: 'user', text } });
  }

  register(channel: ControlChannel): void {
    channel.handle('rewind_files', async (request) => {
      const id = request.user_message_id;
      if (typeof id !== 'string' || !id) throw new Error('user_message_id must be the uuid of a user message');
      const plan = await this.checkpoints.plan(id);
      if (!plan) return { canRewind: false, error: `No file checkpoint for user message ${id}: it is not a message of this session, or no turn started from it.` };
      if (request.dry_run === true) return { canRewind: true, filesChanged: plan.files.map((f) => f.path) };
      const result = await this.checkpoints.restore(plan, new Set(plan.files.map((f) => f.path)));
      return { canRewind: true, filesChanged: [...result.restored.keys(), ...plan.files.filter((f) => f.action === 'delete').map((f) => f.path)].filter(unique), ...(result.kept.length ? { error: `Left as they are: ${result.kept.join(', ')}` } : {}) };
    });
  }
}

function unique(value: string, index: number, all: string[]): boolean {
  return all.indexOf(value) === index;
}

