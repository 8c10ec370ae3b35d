/**
 * The chat's idle wake (idleWake.ts; docs/ARCHITECTURE.md, Background tasks): it reads the current session's
 * tasks and mail, and when background work ended or mail arrived while no turn runs, it plays a turn of the
 * main agent's own whose content is what waited. Prompts queued meanwhile go out after it.
 */
import type { ChatQueue } from './chatQueue';
import type { ChatState } from './chatState';
import { IdleWake } from './idleWake';
import { mailEntry } from './midTurn';
import type { TurnPlayer } from './turnPlayer';

interface WakeTurns {
  player: Pick<TurnPlayer, 'play'>;
  queue: Pick<ChatQueue, 'drain'>;
}

export function chatWake(state: ChatState, turns: WakeTurns): IdleWake {
  const { deps } = state;
  return new IdleWake({
    ...deps.wake,
    tasks: () => state.agent.appState.getState().tasks,
    mailWaiting: () => state.agent.waitingMail(),
    idle: () => !state.sending,
    wake: (note) => wakeUp(state, turns, note),
    limited: (max) => state.add({ id: deps.newId(), role: 'assistant', text: autoTurnLimitNote(max), status: 'done' }),
  });
}

/**
 * An idle wake: a turn of the main agent's own whose content is what waited for it (task notifications,
 * monitor lines, mail). Resolves false when none ran; prompts queued meanwhile go out after.
 */
async function wakeUp(state: ChatState, turns: WakeTurns, note: string): Promise<boolean> {
  if (state.sending || !(await state.deps.credentials.getApiKey())) return false;
  const wake = state.sending ? undefined : state.agent.takeWake();
  if (!wake) return false;
  state.begin();
  if (note) state.add({ id: state.deps.newId(), role: 'user', text: note, status: 'done' });
  for (const m of wake.mail) state.add(mailEntry(m, state.deps.newId()));
  await turns.player.play(async () => wake.content);
  await turns.queue.drain();
  return true;
}

/** What the chat says when the limit of automatic turns stopped a wake. */
function autoTurnLimitNote(max: number): string {
  return `Paused: ${max} turns in a row started on their own (background results, messages between agents) without a prompt from you. What arrives now waits for your next message.`;
}
