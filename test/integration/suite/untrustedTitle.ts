/** The Restricted Mode suite's title: the runner (test/integration/run.ts) and suite/index.ts pick its launch by it. */
export const UNTRUSTED_TITLE = 'an untrusted folder in Restricted Mode in the real extension host';
