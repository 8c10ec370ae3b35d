// `npm run test:<layer>`: builds when the layer runs the bundles, then runs it (`--no-build` skips the build).
import { build, layerNamed, runLayer } from './layers.mjs';

// Anything after the layer's name goes to its runner, e.g. `npm run test:unit -- test/unit/foo.test.ts`.
const [name, ...extra] = process.argv.slice(2).filter((a) => a !== '--no-build');
const layer = layerNamed(name);
if (layer.build && !process.argv.includes('--no-build')) build();
const { code } = await runLayer(name, { extraArgs: extra });
process.exit(code);
