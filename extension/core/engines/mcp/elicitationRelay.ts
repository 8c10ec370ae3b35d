/**
 * The elicitation port a window's MCP servers are given when they start (docs/ARCHITECTURE.md, MCP): the
 * servers start before the chat that answers exists, so requests wait here until one is attached, and go
 * to whichever is attached when they come. A request the server cancels while it waits is answered cancel.
 */
import type { McpElicitation, McpElicitationPort, McpElicitationResult } from '../../contracts/mcp';

export class ElicitationRelay implements McpElicitationPort {
  private target: McpElicitationPort | undefined;
  private readonly waiting = new Set<() => void>();

  /** Who answers from now on; undefined makes new requests wait again. */
  attach(port: McpElicitationPort | undefined): void {
    this.target = port;
    if (!port) return;
    for (const wake of [...this.waiting]) wake();
  }

  async elicit(request: McpElicitation, signal?: AbortSignal): Promise<McpElicitationResult> {
    while (!this.target) {
      if (signal?.aborted) return { action: 'cancel' };
      await this.attached(signal);
    }
    return this.target.elicit(request, signal);
  }

  /** Resolves when a port is attached or the signal fires. */
  private attached(signal: AbortSignal | undefined): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        this.waiting.delete(wake);
        signal?.removeEventListener('abort', wake);
        resolve();
      };
      this.waiting.add(wake);
      signal?.addEventListener('abort', wake, { once: true });
    });
  }
}
