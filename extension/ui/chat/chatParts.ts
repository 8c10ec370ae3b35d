/** One chat's own parts, as the composition root builds them (extension/chatFactory.ts) for the chat UI. */
import type { ChatSession } from '../../conversation/chatSession';
import type { SessionCheckpoints } from '../../core/engines/checkpoints/sessionCheckpoints';
import type { ApprovalQueue } from '../../core/engines/permissions/approvalQueue';
import type { PluginPanelPort } from './chatBridge';
import type { ChatResponders } from './responders';

/** The side bar's chat, or one in an editor tab. */
export type ChatKind = 'sidebar' | 'tab';

export interface ChatParts {
  readonly kind: ChatKind;
  readonly session: ChatSession;
  /** Its tool calls waiting for the user; its dialog (or the modal) answers them. */
  readonly approvals: ApprovalQueue;
  readonly responders: ChatResponders;
  readonly checkpoints: SessionCheckpoints;
  /** The window's plugin manager, for the /plugin panel; absent in tests that build a chat alone. */
  readonly plugins?: PluginPanelPort;
  /** Called with the chat's permission mode whenever it changes (header, palette, plan mode, settings file). */
  onModeChanged(listener: (mode: string) => void): () => void;
  /** Ends the chat: its turn and tasks stop, waiting dialogs deny, its terminal mirror closes. */
  dispose(): Promise<void>;
}

/** Builds a chat's parts; extension/chatFactory.ts implements it. */
export type MakeChat = (kind: ChatKind) => ChatParts;
