/** A chat session for the checkpoint tests: user prompts and session switches, told to the listeners. */
import type { CheckpointedSession } from '../../../extension/core/engines/checkpoints/sessionCheckpoints';

type Listener = Parameters<CheckpointedSession['onEvent']>[0];

export class FakeSession implements CheckpointedSession {
  sessionId = 's1';
  private readonly listeners = new Set<Listener>();
  onEvent(l: Listener) {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }
  prompt(id: string, text: string) {
    for (const l of this.listeners) l({ type: 'messageAdded', message: { id, role: 'user', text } });
  }
  reset(sessionId: string) {
    this.sessionId = sessionId;
    for (const l of this.listeners) l({ type: 'reset', sessionId });
  }
}
