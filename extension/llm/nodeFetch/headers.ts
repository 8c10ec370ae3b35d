/**
 * A WHATWG `Headers` that does not load undici. Node's global `Headers`, `fetch` and `Response` all live in
 * its bundled undici, which costs about 11 MB of resident memory the moment any of them is touched; the CLI
 * bundle's Anthropic SDK builds a `Headers` for every request. The CLI build puts this class in place of the
 * bundle's free `Headers` (./inject.ts), and `nodeFetch` sends it over `node:http`.
 *
 * Names are kept lower-case; `get` joins repeated values with ", " and iteration is sorted, as the standard
 * says. `instanceof` accepts any object with Headers' methods, so undici's own `Headers` (from a global
 * `fetch` that a lazily loaded library still calls) passes the SDK's `instanceof Headers` checks.
 */
export type HeadersLike = Iterable<readonly [string, string]> | Record<string, string | readonly string[] | undefined>;

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

function checkName(name: string): string {
  if (!TOKEN.test(name)) throw new TypeError(`Invalid header name: "${name}"`);
  return name.toLowerCase();
}

function checkValue(name: string, value: unknown): string {
  const v = String(value).replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, '');
  if (/[\0\r\n]/.test(v)) throw new TypeError(`Invalid value for header "${name}"`);
  return v;
}

export class NodeHeaders implements Iterable<[string, string]> {
  readonly #values = new Map<string, string[]>();

  constructor(init?: HeadersLike | null) {
    if (init === undefined || init === null) return;
    if (typeof (init as Iterable<unknown>)[Symbol.iterator] === 'function') {
      for (const pair of init as Iterable<readonly [string, string]>) {
        if (!Array.isArray(pair) || pair.length !== 2) throw new TypeError('Header pairs must be [name, value]');
        this.append(pair[0], pair[1]);
      }
      return;
    }
    if (typeof init !== 'object') throw new TypeError('Headers must be pairs, a record or Headers');
    for (const [name, value] of Object.entries(init)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) this.append(name, v as string);
    }
  }

  static [Symbol.hasInstance](value: unknown): boolean {
    if (typeof value !== 'object' || value === null) return false;
    const h = value as Record<string, unknown>;
    return ['get', 'set', 'append', 'delete', 'has', 'entries'].every((m) => typeof h[m] === 'function');
  }

  append(name: string, value: string): void {
    const key = checkName(name);
    const list = this.#values.get(key);
    const v = checkValue(name, value);
    if (list) list.push(v);
    else this.#values.set(key, [v]);
  }

  set(name: string, value: string): void {
    this.#values.set(checkName(name), [checkValue(name, value)]);
  }

  delete(name: string): void {
    this.#values.delete(checkName(name));
  }

  has(name: string): boolean {
    return this.#values.has(checkName(name));
  }

  get(name: string): string | null {
    const list = this.#values.get(checkName(name));
    return list ? list.join(', ') : null;
  }

  getSetCookie(): string[] {
    return [...(this.#values.get('set-cookie') ?? [])];
  }

  forEach(callback: (value: string, name: string, headers: NodeHeaders) => void, thisArg?: unknown): void {
    for (const [name, value] of this) callback.call(thisArg, value, name, this);
  }

  *entries(): IterableIterator<[string, string]> {
    for (const name of [...this.#values.keys()].sort()) {
      // Set-Cookie values cannot be joined (a cookie's date has a comma); they come one by one.
      if (name === 'set-cookie') for (const v of this.#values.get(name)!) yield [name, v];
      else yield [name, this.#values.get(name)!.join(', ')];
    }
  }

  *keys(): IterableIterator<string> {
    for (const [name] of this.entries()) yield name;
  }

  *values(): IterableIterator<string> {
    for (const [, value] of this.entries()) yield value;
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }

  get [Symbol.toStringTag](): string {
    return 'Headers';
  }
}
