// Draws the extension's Marketplace icon (media/icon.png, 128×128, `icon` in package.json) from the activity-bar
// glyph media/codewright.svg: the same strokes in white on a rounded blue square, so it reads on the light and
// dark backgrounds of the Extensions view. Rendered by rsvg-convert (Debian: apt-get install librsvg2-bin).
// Run it again when the glyph changes: `node scripts/make-icon.mjs`; the PNG is committed.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const GLYPH = path.join(ROOT, 'media', 'codewright.svg');
const OUT = path.join(ROOT, 'media', 'icon.png');
const SIZE = 128;

const glyph = readFileSync(GLYPH, 'utf8');
const paths = [...glyph.matchAll(/<path\b[^>]*\/>/g)].map((m) => m[0]);
if (paths.length === 0) throw new Error(`${GLYPH} has no <path> elements to draw.`);

// The glyph is drawn on a 24-unit grid; it is scaled by 4 and centred on its bounding box (x 4–21, y 4–20).
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#1f6fd1"/>
      <stop offset="1" stop-color="#0b4a9b"/>
    </linearGradient>
  </defs>
  <rect width="${SIZE}" height="${SIZE}" rx="24" fill="url(#bg)"/>
  <g transform="translate(14 16) scale(4)" fill="none" stroke="#ffffff" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round">
    ${paths.join('\n    ')}
  </g>
</svg>
`;

const r = spawnSync('rsvg-convert', ['--width', String(SIZE), '--height', String(SIZE), '--format', 'png', '--output', OUT], { input: svg });
if (r.error || r.status !== 0) {
  console.error(r.error ? `rsvg-convert could not run (${r.error.message}): apt-get install librsvg2-bin` : r.stderr.toString());
  process.exit(1);
}
console.log(`wrote ${path.relative(ROOT, OUT)} (${SIZE}×${SIZE})`);
