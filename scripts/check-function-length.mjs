// No function in extension/ or webview/ runs over MAX_LINES lines (CONTRIBUTING.md, Style): a long function
// does several jobs, and the next change to one of them has to read all of them. Counts the lines from a
// function's first line to its last, nested functions included. `--probe` checks the checker on a made-up file.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const MAX_LINES = 80;
const ROOTS = ['extension', 'webview'];

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) yield full;
  }
}

function nameOf(node, source) {
  if (node.name) return node.name.getText(source);
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText(source);
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText(source);
  if (parent && ts.isCallExpression(parent)) return `${parent.expression.getText(source).slice(0, 40)}(…)`;
  return '(anonymous)';
}

/** Functions longer than `max` lines in one file's text, as `file:line name (N lines)`. */
export function longFunctions(file, text, max = MAX_LINES) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found = [];
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > max) found.push(`${file}:${first + 1} ${nameOf(node, source)} (${lines} lines)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

if (process.argv.includes('--probe')) {
  const body = Array.from({ length: MAX_LINES }, (_, i) => `  const a${i} = ${i};`).join('\n');
  const long = longFunctions('probe.ts', `export function tooLong() {\n${body}\n}\n`);
  const short = longFunctions('probe.ts', `export const fine = () => {\n  return 1;\n};\n`);
  const ok = long.length === 1 && long[0].includes('tooLong') && short.length === 0;
  console.log(ok ? 'probe: an 82-line function is reported, a short one is not' : `probe failed: ${JSON.stringify({ long, short })}`);
  process.exit(ok ? 0 : 1);
}

const found = ROOTS.flatMap((root) => [...sourceFiles(root)].flatMap((file) => longFunctions(file, readFileSync(file, 'utf8'))));
for (const line of found) console.log(line);
console.log(found.length ? `${found.length} function(s) over ${MAX_LINES} lines` : `no function over ${MAX_LINES} lines`);
process.exit(found.length ? 1 : 0);
