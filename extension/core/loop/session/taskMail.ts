/**
 * The session's agents, mail and background tasks: the mailbox with the main agent's inbox, the Agent tool's
 * spawner, what waits for the main agent between turns, and the tasks killed with the session.
 */
import { createMailbox, MAIN_AGENT_NAME, type Inbox, type MailMessage, type Mailbox } from '../../contracts/mailbox';
import type { SpawnAgent } from '../../contracts/agents';
import { asAgentId } from '../../base/ids';
import type { UserContentBlock } from '../../base/messages';
import type { AppStateStore } from '../../contracts/appState';
import { takeTaskNotificationMessage } from '../../engines/tasks/notifications';
import { taskRegistry } from '../../engines/tasks/registry';
import { withMail } from '../query/inbox';
import type { UsageTracker } from '../query/usage';
import { createSpawnAgent } from '../subagents/runAgent';
import { subAgentSettings } from './modeAndModel';
import type { AgentSessionDeps, TurnOptions } from './sessionDeps';

export interface MailState {
  /** Messages to the running agents; the main agent's inbox is `MAIN_AGENT_NAME`. */
  readonly mailbox: Mailbox;
  readonly inbox: Inbox;
  readonly spawnAgent: SpawnAgent;
}

/** The mailbox with the main agent registered, and the spawner whose sub-agents' usage counts in the session's. */
export function createMailState(deps: AgentSessionDeps, usage: UsageTracker): MailState {
  const mailbox = createMailbox();
  const inbox = mailbox.register({ agentId: deps.agentId ?? asAgentId(MAIN_AGENT_NAME), name: MAIN_AGENT_NAME });
  const spawnAgent = createSpawnAgent({
    model: deps.model,
    settings: subAgentSettings(deps),
    ...(deps.retry ? { retry: deps.retry } : {}),
    onUsage: (model, used) => void usage.record(model, used),
  });
  return { mailbox, inbox, spawnAgent };
}

/** What a tool boundary takes: the main agent's mail, then the prompts the user typed meanwhile. */
export function takeRoundMail(inbox: Inbox, options: TurnOptions): MailMessage[] {
  return [...inbox.take(), ...(options.takePrompts?.() ?? [])];
}

/**
 * What waits for the main agent while no turn runs, taken now as the content of a turn of its own
 * (docs/ARCHITECTURE.md, Background tasks): the task notifications and monitor lines `query()` would
 * announce, then the inbox's mail as `runTurn` would send it. Undefined when nothing waits or a turn runs.
 */
export function takeWake(running: boolean, store: AppStateStore, inbox: Inbox): { content: UserContentBlock[]; mail: MailMessage[] } | undefined {
  if (running) return undefined;
  const notice = takeTaskNotificationMessage({ getAppState: store.getState, setAppState: store.setState });
  const mail = inbox.take();
  const { content } = withMail(notice ?? { role: 'user', content: [] }, mail);
  return typeof content !== 'string' && content.length > 0 ? { content, mail } : undefined;
}

/** Every background task the session started, killed. */
export function killSessionTasks(store: AppStateStore): Promise<void> {
  return taskRegistry.killAllTasks(store.getState().tasks, store.setState);
}
