/**
 * The turns the user starts and stops (chatSession.ts). A prompt runs as what it is: a slash command through
 * the chat's commands (chatCommands.ts), a `#` note to a memory file, or a prompt whose mentioned files are
 * read first (userPrompt.ts); what goes to the model is played by turnPlayer.ts.
 */
import { runCommand, type Resolved } from '../core/loop/commands/dispatch';
import type { Command } from '../core/contracts/commands';
import type { ChatCommands } from './chatCommands';
import type { ChatState } from './chatState';
import type { TurnInput, TurnPlayer } from './turnPlayer';
import { buildUserPrompt, mentionAccess, needsResolving, plainPrompt, type ImageAttachment, type UserPrompt } from './userPrompt';

/** Where Stop sends the prompts queued behind the turn (chatQueue.ts). */
export interface StoppedPrompts {
  returnAll(): void;
}

export class ChatTurns {
  constructor(
    private readonly state: ChatState,
    private readonly commands: ChatCommands,
    private readonly player: Pick<TurnPlayer, 'play'>,
    private readonly queue: StoppedPrompts,
  ) {}

  /**
   * Sends a prompt and streams the reply. Resolves when the turn ends, however it ends. A slash command runs
   * as what it is (chat/chatCommands.ts): a prompt command's expansion is the turn's content, a local one
   * answers without the model, a panel opens, and an unknown one says so and sends nothing.
   */
  async send(text: string, images: readonly ImageAttachment[] = []): Promise<void> {
    const { state } = this;
    state.begin();
    let resolved: Resolved;
    try {
      resolved = await this.commands.resolve(text);
    } catch (err) {
      state.end();
      throw err;
    }
    if (resolved.type === 'unknown') {
      state.add({ id: state.deps.newId(), role: 'user', text, status: 'done' });
      state.add({ id: state.deps.newId(), role: 'assistant', text: resolved.message, status: 'done' });
      return state.end();
    }
    if (resolved.type === 'found' && resolved.command.type !== 'prompt') return this.runLocal(text, resolved.command, resolved.args);
    if (resolved.type === 'none' && (await this.saveMemoryNote(text))) return;
    const command = resolved.type === 'found' ? resolved.command : undefined;
    // Mentioned files are read before the entry shows, so it carries their chips; other prompts show at once.
    const prompt = needsResolving(text) && !command
      ? await buildUserPrompt(text, images, mentionAccess(state.agent.toolContext())).catch(() => plainPrompt(text, images))
      : plainPrompt(text, images);
    state.add({ id: state.deps.newId(), role: 'user', text, status: 'done', ...(prompt.attachments.length ? { attachments: prompt.attachments } : {}) });
    await this.player.play(async () => {
      if (!(await state.deps.credentials.getApiKey())) {
        throw new Error('No API key is set. Run "Codewright: Set API Key" or set ANTHROPIC_API_KEY.');
      }
      if (!command || resolved.type !== 'found') return prompt.content;
      return this.commandTurn(command, resolved.args, prompt);
    });
  }

  /** Stops the running turn; prompts queued behind it go back to the composer (`takeReturned`), unsent. */
  stop(): void {
    if (!this.state.sending) return;
    this.state.stopRequested = true;
    this.queue.returnAll();
    this.state.agent.stop();
  }

  /** A prompt command's turn: its expansion, the prompt's images, and the turn options it brings. */
  private async commandTurn(command: Command, args: string, prompt: UserPrompt): Promise<TurnInput> {
    const outcome = await runCommand(command, args, this.commands.context(new AbortController().signal));
    if (outcome.type !== 'prompt') throw new Error(outcome.type === 'failed' ? outcome.message : `/${command.name} produced no prompt.`);
    const imageBlocks = Array.isArray(prompt.content) ? prompt.content.filter((b) => b.type === 'image') : [];
    return { content: [...outcome.content, ...imageBlocks], options: { allowedTools: outcome.allowedTools, ...(outcome.model ? { model: outcome.model } : {}) } };
  }

  /** A `local` or `local-jsx` command (chat/chatCommands.ts), the chat busy until it ends. */
  private async runLocal(text: string, command: Command, args: string): Promise<void> {
    try {
      await this.commands.runLocal(text, command, args, { add: (entry) => this.state.add(entry), newId: this.state.deps.newId });
    } finally {
      this.state.end();
    }
  }

  /** A `#` note (core/engines/memory/notes.ts) goes to the memory file the user picks, not to the model; true when it was one. */
  private async saveMemoryNote(text: string): Promise<boolean> {
    const { state } = this;
    const saved = await state.deps.memoryNotes?.(text).catch((err: unknown) => `Not saved to memory: ${err instanceof Error ? err.message : String(err)}`);
    if (saved === undefined) return false;
    state.add({ id: state.deps.newId(), role: 'user', text, status: 'done' });
    state.add({ id: state.deps.newId(), role: 'assistant', text: saved, status: 'done' });
    state.end();
    return true;
  }
}
