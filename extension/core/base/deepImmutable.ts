/**
 * `DeepImmutable<T>`: a compile-time guarantee that state handed out by the store is not mutated in place.
 * State changes only through `setState(prev => next)`, so listeners can compare by reference; a stray
 * `state.x.push(...)` would change state without anyone being told.
 */

type Primitive = string | number | boolean | bigint | symbol | null | undefined;

/**
 * Recursively readonly: object properties, arrays and tuples (readonly), Maps (`ReadonlyMap`), Sets
 * (`ReadonlySet`). Functions pass through unchanged, since a readonly function type is still callable and
 * rewriting its parameters would make callbacks unassignable. Primitives and branded primitives pass through.
 * Distributes over unions, so discriminated unions keep narrowing.
 */
export type DeepImmutable<T> =
  // `unknown` (and `any`) would otherwise map to `{}`, losing the "anything" meaning.
  unknown extends T
    ? T
    : T extends Primitive
      ? T
      : T extends (...args: never[]) => unknown
        ? T
        : T extends ReadonlyMap<infer K, infer V>
          ? ReadonlyMap<DeepImmutable<K>, DeepImmutable<V>>
          : T extends ReadonlySet<infer V>
            ? ReadonlySet<DeepImmutable<V>>
            : // Homomorphic over the type parameter, so arrays become readonly arrays and tuples stay tuples.
              { readonly [K in keyof T]: DeepImmutable<T[K]> };
