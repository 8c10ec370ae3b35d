/**
 * A remote MCP server that wants the user to sign in (OAuth) before it answers. The host's connector throws it
 * instead of opening a browser on every connect; the manager shows the server as `needsAuth` (no reconnect
 * loop) until the user starts the sign-in from the /mcp panel or the palette (`McpHub.authenticate`).
 */
export class McpAuthRequiredError extends Error {
  constructor(
    message: string,
    /** The server's URL, shown with the status. */
    readonly url?: string,
  ) {
    super(message);
    this.name = 'McpAuthRequiredError';
  }
}

/** By name too: the error may come from another copy of this module (the CLI's bundle, a test's import). */
export function isMcpAuthRequired(err: unknown): err is McpAuthRequiredError {
  return err instanceof McpAuthRequiredError || (err instanceof Error && err.name === 'McpAuthRequiredError');
}
