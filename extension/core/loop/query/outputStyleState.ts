/**
 * A session's output styles (docs/ARCHITECTURE.md, Output styles): the built-ins and the custom styles the host
 * reads, the `outputStyle` setting that wins (local over project over user), and a session's own choice made
 * with `/output-style <name>`, which goes over the setting and is saved to the local settings. An unknown
 * name in the setting is a `ConfigProblem` naming its file, and the session falls back to `default`.
 */
import type { ConfigProblem } from '../../base/configProblems';
import { DEFAULT_OUTPUT_STYLE, type OutputStyle, type OutputStylesPort } from '../../contracts/outputStyles';
import { DEFAULT_STYLE, findOutputStyle, mergeOutputStyles } from './outputStyles';

/** What the host read: the custom styles, in the order they override one another, and the setting. */
export interface OutputStyleSources {
  /** Plugins', the user's, the project's: a later one wins a name. */
  styles: readonly OutputStyle[];
  /** The `outputStyle` of the settings file of highest precedence that sets one, that file and the key's line. */
  setting?: { name: string; path: string; line?: number };
  /** Style files that were skipped. */
  problems: readonly ConfigProblem[];
}

export interface OutputStylesOptions {
  /** Reads the style files and the setting. */
  load(): Promise<OutputStyleSources>;
  /** Writes `outputStyle` to the local settings, keeping every other key; resolves with the file written. */
  save?(name: string): Promise<string>;
  /** Told after each read what was skipped (style files, an unknown `outputStyle`); an empty list clears it. */
  onProblems?(problems: readonly ConfigProblem[]): void;
}

/** The style the setting names; an unknown one is a problem and `default`. */
export function settingStyle(styles: readonly OutputStyle[], setting: OutputStyleSources['setting']): { style: OutputStyle; problem?: ConfigProblem } {
  if (!setting || !setting.name.trim()) return { style: DEFAULT_STYLE };
  const found = findOutputStyle(styles, setting.name);
  if (found) return { style: found };
  const names = styles.map((s) => s.name).join(', ');
  return {
    style: DEFAULT_STYLE,
    problem: {
      kind: 'outputStyle',
      path: setting.path,
      line: setting.line ?? 0,
      message: `outputStyle: there is no output style named "${setting.name}" (there are: ${names}); using ${DEFAULT_OUTPUT_STYLE}`,
    },
  };
}

/** The port over a host's `load` and `save`: every call reads the files and the setting afresh. */
export function createOutputStyles(opts: OutputStylesOptions): OutputStylesPort {
  /** The name chosen with `/output-style` in this session; it goes over the setting while it exists. */
  let chosen: string | undefined;
  const read = async () => {
    // A host that fails to read leaves the built-ins: a turn never fails for want of a style.
    const sources = await opts.load().catch(
      (err: unknown): OutputStyleSources => ({ styles: [], problems: [{ kind: 'outputStyle', path: 'output styles', line: 0, message: `cannot be read (${err instanceof Error ? err.message : String(err)})` }] }),
    );
    const styles = mergeOutputStyles(sources.styles);
    const picked = settingStyle(styles, sources.setting);
    opts.onProblems?.([...sources.problems, ...(picked.problem ? [picked.problem] : [])]);
    const current = (chosen !== undefined ? findOutputStyle(styles, chosen) : undefined) ?? picked.style;
    return { styles, current };
  };
  return {
    read,
    current: async () => (await read()).current,
    set: async (name) => {
      const { styles } = await read();
      const style = findOutputStyle(styles, name);
      if (!style) return { ok: false, error: `There is no output style named "${name.trim()}". Available: ${styles.map((s) => s.name).join(', ')}.` };
      chosen = style.name;
      if (!opts.save) return { ok: true, style };
      try {
        return { ok: true, style, savedTo: await opts.save(style.name) };
      } catch (err) {
        return { ok: true, style, saveError: err instanceof Error ? err.message : String(err) };
      }
    },
  };
}
