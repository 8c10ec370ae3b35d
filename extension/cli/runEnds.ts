/**
 * The two ends of a CLI run around its mode (`-p`, interactive, the SDK's stream): opening the session, and
 * running the mode with Ctrl+C, a failure and the closing of everything taken care of.
 */
import type { AgentSession } from '../core/loop/session/agentSession';

/** The session, or undefined once why it could not open is on stderr and the MCP servers are closed. */
export async function openOrReport(open: () => Promise<AgentSession>, stderr: NodeJS.WritableStream, mcp: { dispose(): Promise<void> } | undefined): Promise<AgentSession | undefined> {
  try {
    return await open();
  } catch (err) {
    stderr.write(`codewright: ${err instanceof Error ? err.message : String(err)}\n`);
    await mcp?.dispose();
    return undefined;
  }
}

/** Runs the chosen mode with Ctrl+C stopping the session; a failure is said on stderr (exit 1); `close` runs last. */
export async function runToTheEnd(session: AgentSession, stderr: NodeJS.WritableStream, close: () => Promise<void>, run: () => Promise<number>): Promise<number> {
  const onSigint = () => session.stop();
  process.on('SIGINT', onSigint);
  try {
    return await run();
  } catch (err) {
    stderr.write(`codewright: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  } finally {
    process.off('SIGINT', onSigint);
    await close();
  }
}
