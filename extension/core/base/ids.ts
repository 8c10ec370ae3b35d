/**
 * Branded identifiers. A session id and an agent id are both strings on the wire; the brand keeps one from
 * being passed where the other is expected, and keeps unvalidated strings out of APIs that key state by id.
 */
import { randomBytes } from 'node:crypto';

/** Identifies one conversation (one transcript, one AppState). */
export type SessionId = string & { readonly __brand: 'SessionId' };

/** Identifies one agent (the main loop or a sub-agent); tools use it to scope per-agent state. */
export type AgentId = string & { readonly __brand: 'AgentId' };

/** Unchecked cast for ids from trusted sources (ids this process created, transcripts it wrote). */
export function asSessionId(s: string): SessionId {
  return s as SessionId;
}

/** Unchecked cast for ids from trusted sources; use `toAgentId` for anything a user or model supplied. */
export function asAgentId(s: string): AgentId {
  return s as AgentId;
}

// `a`, an optional `label-`, then 16 hex digits (8 random bytes): the label makes ids readable in logs,
// the random part keeps them unique.
const AGENT_ID_PATTERN = /^a(?:.+-)?[0-9a-f]{16}$/;

/** A fresh agent id: `a` + (`label-`) + 16 lowercase hex characters. */
export function createAgentId(label?: string): AgentId {
  const suffix = randomBytes(8).toString('hex');
  return `a${label ? `${label}-` : ''}${suffix}` as AgentId;
}

/** Validates an untrusted string as an agent id; `undefined` when it does not have the shape `createAgentId` makes. */
export function toAgentId(s: string): AgentId | undefined {
  return AGENT_ID_PATTERN.test(s) ? (s as AgentId) : undefined;
}
