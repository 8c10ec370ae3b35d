/**
 * File checkpoints in the CLI: the same checkpoints as the chat (core/engines/checkpoints/), with the workspace
 * snapshots around Bash commands that may write (host/node/gitSnapshots/), so a rewind also undoes what Bash
 * changed. On in the interactive CLI (its /rewind, cli/rewind.ts), and for `-p` and SDK runs when the app
 * turned file checkpointing on (`enableFileCheckpointing` sets CLAUDE_CODE_ENABLE_SDK_FILE_CHECKPOINTING=true;
 * the SDK's `rewind_files`, cli/sdk/checkpoints.ts). `CODEWRIGHT_BASH_SNAPSHOTS=0` turns the snapshots off.
 */
import { SessionCheckpoints } from '../core/engines/checkpoints/sessionCheckpoints';
import type { Checkpoint, RewindPlan } from '../core/engines/checkpoints/types';
import type { RestoreResult } from '../core/engines/checkpoints/store';
import type { Logger } from '../core/contracts/settings';
import type { SessionStorage } from '../core/contracts/storage';
import type { Workspace } from '../core/contracts/workspace';
import type { AgentSessionDeps } from '../core/loop/session/agentSession';
import { NodeFileRestorer } from '../host/node/fileRestorer';
import { createGitSnapshotter } from '../host/node/gitSnapshots';

type Listener = (e: { type: string; sessionId?: string; message?: { id: string; role: string; text: string } }) => void;

export interface CliCheckpointsDeps {
  storageFor: (sessionId: string) => SessionStorage;
  reader: Workspace;
  log: Logger;
  /** The folder the run works in: the snapshots' root. */
  cwd: string;
  env: NodeJS.ProcessEnv;
}

export class CliCheckpoints {
  readonly checkpoints: SessionCheckpoints;
  private listener: Listener | undefined;
  private sessionId = '';

  constructor(deps: CliCheckpointsDeps) {
    this.checkpoints = new SessionCheckpoints({
      storageFor: deps.storageFor,
      reader: deps.reader,
      restorer: new NodeFileRestorer(),
      log: deps.log,
      ...(deps.env.CODEWRIGHT_BASH_SNAPSHOTS === '0' ? {} : { snapshots: { factory: createGitSnapshotter, roots: () => [deps.cwd] } }),
    });
  }

  /** Gives the session's tools the tracked workspace and the Bash snapshots. Call before the session is made. */
  track(deps: AgentSessionDeps): void {
    const snapshots = this.checkpoints.bashSnapshots();
    deps.toolPorts = { ...deps.toolPorts, workspace: this.checkpoints.workspace(deps.toolPorts.workspace), ...(snapshots ? { snapshots } : {}) };
  }

  attach(sessionId: string): void {
    this.sessionId = sessionId;
    this.checkpoints.attach({ sessionId, onEvent: (l) => ((this.listener = l), () => (this.listener = undefined)) });
  }

  /** A user message starts its turn: later writes belong to its checkpoint. */
  beginPrompt(uuid: string, text: string): void {
    this.listener?.({ type: 'messageAdded', message: { id: uuid, role: 'user', text } });
  }

  /** The session's checkpoints, oldest first. */
  list(): Promise<Checkpoint[]> {
    return this.checkpoints.list(this.sessionId);
  }

  plan(promptId: string): Promise<RewindPlan | undefined> {
    return this.checkpoints.plan(promptId);
  }

  restore(plan: RewindPlan, overwrite: ReadonlySet<string>): Promise<RestoreResult> {
    return this.checkpoints.restore(plan, overwrite);
  }
}

/** Whether `-p` and SDK runs keep checkpoints: the app asked for them. */
export function checkpointingRequested(env: NodeJS.ProcessEnv): boolean {
  return env.CLAUDE_CODE_ENABLE_SDK_FILE_CHECKPOINTING === 'true';
}
