/**
 * The arguments of `codewright mcp add|add-json|remove|…`, read as Claude Code's `claude mcp` reads them:
 * options anywhere before `--` (`-t/--transport`, `-s/--scope`, `-e/--env KEY=value`, `-H/--header "K: V"`,
 * `--client-id`, `--callback-port`, `--opt=value` too; `-e` and `-H` take one value or several in a row, and repeat), the positionals in order,
 * and everything after `--` the server's own arguments. An option this command does not know before `--` is
 * a usage error saying to put the server's options after `--`.
 */
import { MCP_SCOPES, type McpScope } from '../host/node/mcp/configFiles';

export const TRANSPORTS = ['stdio', 'http', 'sse'] as const;
export type McpTransport = (typeof TRANSPORTS)[number];

export interface McpArgs {
  positionals: string[];
  /** After `--`. */
  rest: string[];
  transport?: McpTransport;
  scope?: McpScope;
  env: Record<string, string>;
  headers: Record<string, string>;
  /** `--client-id` / `--callback-port`: the server's `oauth` entry (a client registered beforehand). */
  clientId?: string;
  callbackPort?: number;
}

type Spec = { key: 'transport' | 'scope' | 'env' | 'header' | 'clientId' | 'callbackPort'; many: boolean };
const OPTIONS: Record<string, Spec> = {
  '-t': { key: 'transport', many: false },
  '--transport': { key: 'transport', many: false },
  '-s': { key: 'scope', many: false },
  '--scope': { key: 'scope', many: false },
  '-e': { key: 'env', many: true },
  '--env': { key: 'env', many: true },
  '-H': { key: 'header', many: true },
  '--header': { key: 'header', many: true },
  '--client-id': { key: 'clientId', many: false },
  '--callback-port': { key: 'callbackPort', many: false },
};

const ENV = /^[A-Za-z_][A-Za-z0-9_]*=/;
/** `Name: value`; not a URL's `https://`. */
const HEADER = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+:(?!\/\/)/;

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/** Reads `args`; `allowed` are the option keys this command takes (the others are usage errors). */
export function parseMcpArgs(args: readonly string[], allowed: readonly Spec['key'][]): Parsed<McpArgs> {
  const out: McpArgs = { positionals: [], rest: [], env: {}, headers: {} };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') {
      out.rest = args.slice(i + 1);
      break;
    }
    if (!arg.startsWith('-') || arg === '-') {
      out.positionals.push(arg);
      continue;
    }
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const flag = eq > 0 ? arg.slice(0, eq) : arg;
    const spec = OPTIONS[flag];
    if (!spec || !allowed.includes(spec.key)) return { ok: false, error: `unknown option ${flag}${allowed.includes('env') ? "; put the server's own options after --, e.g. codewright mcp add my-server -- npx -y my-mcp-server" : ''}` };
    const values = eq > 0 ? [arg.slice(eq + 1)] : takeValues(args, i, spec);
    if (values.length === 0) return { ok: false, error: `${flag} needs a value` };
    if (eq <= 0) i += values.length;
    const error = apply(out, spec.key, values);
    if (error) return { ok: false, error };
  }
  return { ok: true, value: out };
}

/** The value after `args[i]`, or for `-e` / `-H` every following word that looks like one. */
function takeValues(args: readonly string[], i: number, spec: Spec): string[] {
  const first = args[i + 1];
  if (first === undefined || first === '--') return [];
  if (!spec.many) return [first];
  const looks = spec.key === 'env' ? ENV : HEADER;
  const values = [first];
  for (let j = i + 2; j < args.length && looks.test(args[j]!); j++) values.push(args[j]!);
  return values;
}

function apply(out: McpArgs, key: Spec['key'], values: string[]): string | undefined {
  const value = values[0]!;
  if (key === 'transport') {
    if (!(TRANSPORTS as readonly string[]).includes(value)) return `Invalid transport type: ${value}. Must be one of: ${TRANSPORTS.join(', ')}`;
    out.transport = value as McpTransport;
    return undefined;
  }
  if (key === 'scope') {
    if (!(MCP_SCOPES as readonly string[]).includes(value)) return `Invalid scope: ${value}. Must be one of: ${MCP_SCOPES.join(', ')}`;
    out.scope = value as McpScope;
    return undefined;
  }
  if (key === 'clientId') {
    out.clientId = value;
    return undefined;
  }
  if (key === 'callbackPort') {
    const port = Number(value);
    if (!Number.isInteger(port) || port < 1 || port > 65_535) return `Invalid callback port: ${value}. Give a port number from 1 to 65535`;
    out.callbackPort = port;
    return undefined;
  }
  for (const v of values) {
    if (key === 'env') {
      if (!ENV.test(v)) return `Invalid environment variable format: ${v}; give them as -e KEY1=value1 -e KEY2=value2`;
      const at = v.indexOf('=');
      out.env[v.slice(0, at)] = v.slice(at + 1);
    } else {
      const at = v.indexOf(':');
      const name = at > 0 ? v.slice(0, at).trim() : '';
      if (!name || /\s/.test(name)) return `Invalid header format: "${v}". Expected format: "Header-Name: value"`;
      out.headers[name] = v.slice(at + 1).trim();
    }
  }
  return undefined;
}
