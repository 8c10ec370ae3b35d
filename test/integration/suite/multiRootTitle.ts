/** The multi-root suite's title: the runner (test/integration/run.ts) and suite/index.ts pick its launch by it. */
export const MULTI_ROOT_TITLE = 'a multi-root workspace in the real extension host';
