/**
 * The Vertex AI region of a request. Claude models are not offered in every region, so as in Claude Code a
 * model may have a region of its own, `VERTEX_REGION_CLAUDE_<major>_<minor>_<FAMILY>` (`VERTEX_REGION_CLAUDE_3_5_HAIKU`,
 * `VERTEX_REGION_CLAUDE_4_0_OPUS`, `VERTEX_REGION_CLAUDE_4_5_SONNET`; the family-first spelling
 * `VERTEX_REGION_CLAUDE_HAIKU_4_5` is read too), over `CLOUD_ML_REGION` for every other model.
 */
import type { ProviderEnv } from './select';

/** The variables that set `model`'s own region, first match wins; none for an id that names no Claude version. */
export function vertexRegionVariables(model: string): string[] {
  const id = model.toLowerCase().replace(/@.*$/, '');
  const old = /^claude-(\d+)-(\d+)-(opus|sonnet|haiku)(?![a-z])/.exec(id);
  if (old) return [`VERTEX_REGION_CLAUDE_${old[1]}_${old[2]}_${old[3]!.toUpperCase()}`];
  const m = /^claude-(opus|sonnet|haiku)-(\d+)(?:-(\d{1,2})(?!\d))?/.exec(id);
  if (!m) return [];
  const family = m[1]!.toUpperCase();
  const [major, minor] = [m[2]!, m[3] ?? '0'];
  return [`VERTEX_REGION_CLAUDE_${major}_${minor}_${family}`, `VERTEX_REGION_CLAUDE_${family}_${major}_${minor}`];
}

/** The region requests for `model` (its Vertex AI id) go to; undefined when neither kind of variable is set. */
export function vertexRegionFor(model: string, env: ProviderEnv): string | undefined {
  for (const name of vertexRegionVariables(model)) {
    const region = env[name]?.trim();
    if (region) return region;
  }
  return env.CLOUD_ML_REGION?.trim() || undefined;
}
