/** The CLI's argument parser in the two outcomes the args tests expect (cli/args.ts). */
import { parseCliArgs, type CliOptions } from '../../../extension/cli/args';

/** The options `argv` parses to; throws the parser's error when it refuses them. */
export function ok(argv: string[]): CliOptions {
  const parsed = parseCliArgs(argv);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.options;
}

/** The error the parser refuses `argv` with; throws when it accepts them. */
export function error(argv: string[]): string {
  const parsed = parseCliArgs(argv);
  if (parsed.ok) throw new Error(`accepted: ${argv.join(' ')}`);
  return parsed.error;
}
