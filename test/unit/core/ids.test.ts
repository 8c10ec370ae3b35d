import { describe, expect, expectTypeOf, it } from 'vitest';
import { asAgentId, asSessionId, createAgentId, toAgentId, type AgentId, type SessionId } from '../../../extension/core/base/ids';

describe('core/base/ids', () => {
  it('creates agent ids of `a` and 16 lowercase hex characters when no label is given', () => {
    const id = createAgentId();
    expect(id).toMatch(/^a[0-9a-f]{16}$/);
    expect(toAgentId(id)).toBe(id);
  });

  it('puts the label between `a` and the random part when a label is given', () => {
    const id = createAgentId('explore');
    expect(id).toMatch(/^aexplore-[0-9a-f]{16}$/);
    expect(toAgentId(id)).toBe(id);
  });

  it('creates a different id on each call', () => {
    const ids = new Set(Array.from({ length: 50 }, () => createAgentId()));
    expect(ids.size).toBe(50);
  });

  it('accepts well-formed agent ids', () => {
    for (const s of ['a0123456789abcdef', 'amain-0123456789abcdef', 'ateam-lead-ffffffffffffffff']) {
      expect(toAgentId(s)).toBe(s);
    }
  });

  it('rejects strings that are not agent ids', () => {
    for (const s of [
      '',
      'a',
      '0123456789abcdef',
      'b0123456789abcdef',
      'a0123456789ABCDEF',
      'a0123456789abcde',
      'a0123456789abcdef0',
      'a-0123456789abcdef',
      'alabel0123456789abcdef',
      ' a0123456789abcdef',
      'a0123456789abcdef\n',
    ]) {
      expect(toAgentId(s), JSON.stringify(s)).toBeUndefined();
    }
  });

  it('casts trusted strings without changing them', () => {
    expect(asSessionId('s-1')).toBe('s-1');
    expect(asAgentId('whatever')).toBe('whatever');
  });

  it('keeps plain strings and the other brand out at compile time', () => {
    const plain = 'a0123456789abcdef';
    // @ts-expect-error a plain string is not a SessionId
    const s: SessionId = plain;
    // @ts-expect-error a plain string is not an AgentId
    const a: AgentId = plain;
    // @ts-expect-error an AgentId is not a SessionId
    const crossed: SessionId = createAgentId();
    expectTypeOf<SessionId>().toExtend<string>();
    expectTypeOf<AgentId>().not.toEqualTypeOf<SessionId>();
    expectTypeOf(toAgentId).returns.toEqualTypeOf<AgentId | undefined>();
    expect([s, a, crossed]).toHaveLength(3);
  });
});
