/** What `query()` yields. The UI layer maps these to protocol events; the CLI prints them. */
import type { MailMessage } from '../agents/mailbox';
import type { AssistantContentBlock, AssistantMessage, Message, UserMessage } from '../messages';
import type { ModelErrorKind, ModelUsage, StopReason } from '../ports';
import type { ToolExecutionEvent } from '../tool/execute';

export type QueryEndReason = 'end_turn' | 'stop_sequence' | 'refusal' | 'max_turns' | 'aborted' | 'error';

export type QueryEvent =
  | { type: 'requestStart'; request: number; attempt: number }
  | { type: 'textDelta'; text: string }
  | { type: 'thinkingDelta'; thinking: string }
  | { type: 'assistantBlock'; block: AssistantContentBlock }
  /** The output streamed by a failed attempt is void: the UI removes it before the retry streams again. */
  | { type: 'attemptDiscarded'; reason: string }
  /** A transient status line ("Retrying in 4 s …"); null clears it. */
  | { type: 'status'; text: string | null }
  /** Appended to the conversation (and the transcript) before it is yielded. */
  | { type: 'assistantMessage'; message: AssistantMessage; stopReason: StopReason | null }
  | { type: 'tool'; event: ToolExecutionEvent }
  | { type: 'toolResults'; message: UserMessage }
  /** A message the loop added itself (max_tokens continuation prompt, tools' newMessages). */
  | { type: 'userMessage'; message: UserMessage; meta: true }
  /** Mid-turn messages sent with the round's results (already part of that `toolResults` message). */
  | { type: 'mail'; messages: readonly MailMessage[] }
  | { type: 'usage'; model: string; usage: ModelUsage }
  | { type: 'compacted'; messages: Message[]; summary: string; summarizedCount: number; trigger: 'auto' | 'promptTooLong' }
  | { type: 'error'; kind: ModelErrorKind | 'internal'; message: string }
  /** What a hook told the user (`systemMessage`, a hook that failed or timed out); the turn goes on. */
  | { type: 'hookMessage'; hookEvent: string; text: string }
  /** A note for the user about how the turn runs (a switch to the fallback model); never sent to the model. */
  | { type: 'notice'; text: string }
  | { type: 'done'; reason: QueryEndReason; turns: number };
