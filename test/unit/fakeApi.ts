/** The fake Anthropic API (test/fixtures/fake-anthropic) for the unit tests that run against it over loopback. */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startFakeAnthropic, type FakeAnthropic, type FakeAnthropicOptions } from '../fixtures/fake-anthropic';

/**
 * One fake API for the describe block (started before its tests, closed after them), its script emptied before
 * each test. Filled in by that beforeAll, so use it inside the tests only.
 */
export function useSharedFake(opts: FakeAnthropicOptions = {}): FakeAnthropic {
  const fake = {} as FakeAnthropic;
  beforeAll(async () => {
    Object.assign(fake, await startFakeAnthropic(opts));
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.setScript([]));
  return fake;
}

/** Runs `test` against a fake API started with `opts` for it alone, and closes that fake however it ends. */
export async function withFake(opts: FakeAnthropicOptions, test: (fake: FakeAnthropic) => Promise<void>): Promise<void> {
  const fake = await startFakeAnthropic(opts);
  try {
    await test(fake);
  } finally {
    await fake.close();
  }
}
