// Preloaded (`node --import`) into the MCP conformance suite by scripts/test/conformance.mjs, and nowhere else.
// The suite (@modelcontextprotocol/conformance 0.1.x) imports `globSync` from "fs", which Node 22 added; on
// Node 20 its module fails to link. A resolve hook gives the suite's own imports of "fs" a module that is
// node:fs plus `globSync` (conformance-fs.mjs, on tinyglobby); nothing else in the process sees it. On Node 22
// and later the hook changes nothing (conformance-fs.mjs passes the real `globSync` on).
import { register } from 'node:module';

const fsShim = new URL('./conformance-fs.mjs', import.meta.url).href;
const hook = `
export async function resolve(specifier, context, next) {
  const fromSuite = context.parentURL?.includes('/@modelcontextprotocol/conformance/');
  if (fromSuite && (specifier === 'fs' || specifier === 'node:fs')) return { url: ${JSON.stringify(fsShim)}, shortCircuit: true };
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`);

