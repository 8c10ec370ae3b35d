/**
 * A strict JSON parser that remembers where each value sits, so a broken settings file can be reported
 * with its line: the line of a syntax error (Node 20's `JSON.parse` does not say where it failed), or of
 * the key or list entry a schema rejected.
 */

export class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
    this.name = 'JsonSyntaxError';
  }
}

export type JsonPath = readonly (string | number)[];

export interface PositionedJson {
  value: unknown;
  /** Offset of the member's key (object members) or of the value (list entries, the root). */
  offsetOf(path: JsonPath): number | undefined;
}

/** 1-based line of `offset` in `text`. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** The line of `path`, or of its nearest ancestor that has one. */
export function lineOfPath(json: PositionedJson, text: string, path: JsonPath): number {
  for (let n = path.length; n >= 0; n--) {
    const offset = json.offsetOf(path.slice(0, n));
    if (offset !== undefined) return lineAt(text, offset);
  }
  return 1;
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
// JSON forbids raw control characters inside strings, so the class must name them.
// eslint-disable-next-line no-control-regex
const STRING = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;

/** Parses `text` (a leading BOM allowed); throws `JsonSyntaxError` with the offset of the problem. */
export function parseJsonWithPositions(text: string): PositionedJson {
  return new PositionedReader(text).document();
}

/** One parse: the cursor in the text, and the offset of each value read so far by its path. */
class PositionedReader {
  private i: number;
  private readonly positions = new Map<string, number>();

  constructor(private readonly text: string) {
    this.i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  }

  /** The whole text: one value, nothing after it but white space. */
  document(): PositionedJson {
    this.skipSpace();
    this.positions.set(JSON.stringify([]), this.i);
    const root = this.value([]);
    this.skipSpace();
    if (this.i < this.text.length) this.fail('Unexpected text after the JSON value');
    const positions = this.positions;
    return { value: root, offsetOf: (path) => positions.get(JSON.stringify(path)) };
  }

  private value(path: (string | number)[]): unknown {
    this.skipSpace();
    const c = this.text[this.i];
    if (c === '{') return this.object(path);
    if (c === '[') return this.list(path);
    if (c === '"') return this.readString();
    return this.literal();
  }

  /** An object; each member's position is its key's. */
  private object(path: (string | number)[]): Record<string, unknown> {
    const text = this.text;
    this.i++;
    const out: Record<string, unknown> = {};
    this.skipSpace();
    if (text[this.i] === '}') return this.i++, out;
    for (;;) {
      this.skipSpace();
      const keyAt = this.i;
      const key = this.readString();
      this.positions.set(JSON.stringify([...path, key]), keyAt);
      this.skipSpace();
      if (text[this.i] !== ':') this.fail(`Expected ':' after "${key}"`);
      this.i++;
      out[key] = this.value([...path, key]);
      this.skipSpace();
      if (text[this.i] === ',') {
        this.i++;
        continue;
      }
      if (text[this.i] === '}') return this.i++, out;
      this.fail(`Expected ',' or '}' after the value of "${key}"`);
    }
  }

  /** A list; each entry's position is its value's. */
  private list(path: (string | number)[]): unknown[] {
    const text = this.text;
    this.i++;
    const out: unknown[] = [];
    this.skipSpace();
    if (text[this.i] === ']') return this.i++, out;
    for (;;) {
      this.skipSpace();
      this.positions.set(JSON.stringify([...path, out.length]), this.i);
      out.push(this.value([...path, out.length]));
      this.skipSpace();
      if (text[this.i] === ',') {
        this.i++;
        continue;
      }
      if (text[this.i] === ']') return this.i++, out;
      this.fail("Expected ',' or ']' in a list");
    }
  }

  /** `true`, `false`, `null` or a number. */
  private literal(): unknown {
    for (const [word, v] of [['true', true], ['false', false], ['null', null]] as const) {
      if (this.text.startsWith(word, this.i)) return (this.i += word.length), v;
    }
    NUMBER.lastIndex = this.i;
    const m = NUMBER.exec(this.text);
    if (m) return (this.i += m[0].length), Number(m[0]);
    return this.fail('Expected a value');
  }

  private readString(): string {
    STRING.lastIndex = this.i;
    const m = STRING.exec(this.text);
    if (!m) this.fail(this.text[this.i] === '"' ? 'Unterminated or invalid string' : 'Expected a string');
    this.i += m![0].length;
    return JSON.parse(m![0]) as string;
  }

  private skipSpace(): void {
    const text = this.text;
    while (this.i < text.length && (text[this.i] === ' ' || text[this.i] === '\t' || text[this.i] === '\n' || text[this.i] === '\r')) this.i++;
  }

  private fail(what: string): never {
    const found = this.i < this.text.length ? `'${this.text[this.i]}'` : 'the end of the file';
    throw new JsonSyntaxError(`${what}, found ${found}`, Math.min(this.i, this.text.length));
  }
}
