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
  const positions = new Map<string, number>();
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;

  const fail = (what: string): never => {
    const found = i < text.length ? `'${text[i]}'` : 'the end of the file';
    throw new JsonSyntaxError(`${what}, found ${found}`, Math.min(i, text.length));
  };
  const skipSpace = () => {
    while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++;
  };
  const readString = (): string => {
    STRING.lastIndex = i;
    const m = STRING.exec(text);
    if (!m) fail(text[i] === '"' ? 'Unterminated or invalid string' : 'Expected a string');
    i += m![0].length;
    return JSON.parse(m![0]) as string;
  };
  const value = (path: (string | number)[]): unknown => {
    skipSpace();
    const c = text[i];
    if (c === '{') {
      i++;
      const out: Record<string, unknown> = {};
      skipSpace();
      if (text[i] === '}') return i++, out;
      for (;;) {
        skipSpace();
        const keyAt = i;
        const key = readString();
        positions.set(JSON.stringify([...path, key]), keyAt);
        skipSpace();
        if (text[i] !== ':') fail(`Expected ':' after "${key}"`);
        i++;
        out[key] = value([...path, key]);
        skipSpace();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === '}') return i++, out;
        fail(`Expected ',' or '}' after the value of "${key}"`);
      }
    }
    if (c === '[') {
      i++;
      const out: unknown[] = [];
      skipSpace();
      if (text[i] === ']') return i++, out;
      for (;;) {
        skipSpace();
        positions.set(JSON.stringify([...path, out.length]), i);
        out.push(value([...path, out.length]));
        skipSpace();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') return i++, out;
        fail("Expected ',' or ']' in a list");
      }
    }
    if (c === '"') return readString();
    for (const [word, v] of [['true', true], ['false', false], ['null', null]] as const) {
      if (text.startsWith(word, i)) return (i += word.length), v;
    }
    NUMBER.lastIndex = i;
    const m = NUMBER.exec(text);
    if (m) return (i += m[0].length), Number(m[0]);
    return fail('Expected a value');
  };

  skipSpace();
  positions.set(JSON.stringify([]), i);
  const root = value([]);
  skipSpace();
  if (i < text.length) fail('Unexpected text after the JSON value');
  return { value: root, offsetOf: (path) => positions.get(JSON.stringify(path)) };
}
