/**
 * Imported first by main.tsx, before any module defines a schema. Zod decides at schema construction
 * whether to JIT-compile object parsers by probing `new Function`; the webview's CSP has no
 * 'unsafe-eval', so the probe fails and Chromium reports it as a CSP violation. Parsing without JIT
 * is plenty fast for chat events.
 */
import { z } from 'zod';

z.config({ jitless: true });
