import { describe, expect, expectTypeOf, it } from 'vitest';
import type { AgentId } from '../../../extension/core/base/ids';
import type { DeepImmutable } from '../../../extension/core/base/deepImmutable';

type Callback = (value: string, options: { force: boolean }) => Promise<void>;

interface Sample {
  name: string;
  count: number;
  nested: { list: string[]; deeper: { flag: boolean }[] };
  map: Map<string, { hits: number[] }>;
  set: Set<{ id: string }>;
  pair: [string, { n: number }];
  callback: Callback;
  payload: unknown;
  id: AgentId;
  maybe?: { x: number } | null;
}

type Frozen = DeepImmutable<Sample>;

describe('core/base/deepImmutable', () => {
  it('leaves values unchanged at run time (it is only a type)', () => {
    const sample = { name: 'n', nested: { list: ['a'] } };
    const frozen: DeepImmutable<typeof sample> = sample;
    expect(frozen).toBe(sample);
    expect(Object.isFrozen(frozen)).toBe(false);
  });

  it('makes objects, arrays, tuples, maps and sets readonly all the way down', () => {
    expectTypeOf<Frozen['nested']['list']>().toEqualTypeOf<readonly string[]>();
    expectTypeOf<Frozen['nested']['deeper']>().toEqualTypeOf<readonly { readonly flag: boolean }[]>();
    expectTypeOf<Frozen['map']>().toEqualTypeOf<ReadonlyMap<string, { readonly hits: readonly number[] }>>();
    expectTypeOf<Frozen['set']>().toEqualTypeOf<ReadonlySet<{ readonly id: string }>>();
    expectTypeOf<Frozen['pair']>().toEqualTypeOf<readonly [string, { readonly n: number }]>();
    expectTypeOf<Frozen['maybe']>().toEqualTypeOf<{ readonly x: number } | null | undefined>();

    const f = {} as Frozen;
    const compileOnly = () => {
      // @ts-expect-error top-level properties are readonly
      f.name = 'x';
      // @ts-expect-error nested properties are readonly
      f.nested.deeper[0]!.flag = true;
      // @ts-expect-error arrays have no push
      f.nested.list.push('x');
      // @ts-expect-error array elements cannot be assigned
      f.nested.list[0] = 'x';
      // @ts-expect-error maps have no set
      f.map.set('k', { hits: [] });
      // @ts-expect-error sets have no add
      f.set.add({ id: 'x' });
      // @ts-expect-error tuples are readonly
      f.pair[0] = 'x';
    };
    expect(typeof compileOnly).toBe('function');
  });

  it('passes functions, unknown, primitives and branded ids through unchanged', () => {
    expectTypeOf<Frozen['callback']>().toEqualTypeOf<Callback>();
    expectTypeOf<Frozen['payload']>().toEqualTypeOf<unknown>();
    expectTypeOf<Frozen['id']>().toEqualTypeOf<AgentId>();
    expectTypeOf<DeepImmutable<string>>().toEqualTypeOf<string>();
    expectTypeOf<DeepImmutable<number | null>>().toEqualTypeOf<number | null>();
    expectTypeOf<DeepImmutable<'a' | 'b'>>().toEqualTypeOf<'a' | 'b'>();
  });

  it('is idempotent and keeps discriminated unions narrowable', () => {
    expectTypeOf<DeepImmutable<Frozen>>().toEqualTypeOf<Frozen>();
    type Shape = { kind: 'circle'; r: number } | { kind: 'poly'; points: number[] };
    const shape = { kind: 'poly', points: [1, 2] } as DeepImmutable<Shape>;
    if (shape.kind === 'poly') expectTypeOf(shape.points).toEqualTypeOf<readonly number[]>();
    expect(shape.kind).toBe('poly');
  });
});
