import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebError } from '../../../../extension/core/contracts/web';
import { NodeWeb } from '../../../../extension/host/node/web';
import { startPageServer, type PageServer } from '../../tools/WebFetch/support';

let pages: PageServer;
beforeAll(async () => {
  pages = await startPageServer();
});
afterAll(() => pages.close());

const web = new NodeWeb();
const opts = (over: { maxBytes?: number; timeoutMs?: number; signal?: AbortSignal } = {}) => ({
  signal: over.signal ?? new AbortController().signal,
  maxBytes: over.maxBytes ?? 1_000_000,
  timeoutMs: over.timeoutMs ?? 5_000,
});

async function failure(promise: Promise<unknown>): Promise<WebError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(WebError);
  return err as WebError;
}

describe('host/node/web', () => {
  it('returns status, bare content type and body of a page', async () => {
    pages.route('/hello', (_req, res) => void res.writeHead(200, { 'content-type': 'text/HTML; charset=utf-8' }).end('<p>hi</p>'));
    const res = await web.fetch(`${pages.origin}/hello`, opts());
    expect(res).toMatchObject({ url: `${pages.origin}/hello`, status: 200, statusText: 'OK', contentType: 'text/html' });
    expect(Buffer.from(res.body).toString()).toBe('<p>hi</p>');
  });

  it('does not follow a redirect and gives its target resolved against the URL', async () => {
    pages.route('/r', (_req, res) => void res.writeHead(302, { location: '/target?x=1' }).end());
    pages.route('/target', (_req, res) => void res.end('target'));
    const res = await web.fetch(`${pages.origin}/r`, opts());
    expect(res).toMatchObject({ status: 302, location: `${pages.origin}/target?x=1` });
    expect(pages.hits.get('/target')).toBeUndefined();
  });

  it('fails with tooLarge on a declared length over the cap, and on a streamed body passing it', async () => {
    pages.route('/declared', (_req, res) => void res.writeHead(200, { 'content-length': '5000' }).end('y'.repeat(5000)));
    pages.route('/streamed', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      for (let i = 0; i < 10; i++) res.write('z'.repeat(1000));
      res.end();
    });
    expect((await failure(web.fetch(`${pages.origin}/declared`, opts({ maxBytes: 4000 })))).kind).toBe('tooLarge');
    expect((await failure(web.fetch(`${pages.origin}/streamed`, opts({ maxBytes: 4000 })))).kind).toBe('tooLarge');
  });

  it('fails with timeout when the server does not answer in time', async () => {
    pages.route('/slow', (_req, res) => void setTimeout(() => res.end('late'), 2_000));
    const err = await failure(web.fetch(`${pages.origin}/slow`, opts({ timeoutMs: 200 })));
    expect(err.kind).toBe('timeout');
    expect(err.message).toContain('did not answer within');
  });

  it('fails with aborted when the caller cancels, and network when nothing listens', async () => {
    pages.route('/hang', (_req, res) => void setTimeout(() => res.end('late'), 2_000));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    expect((await failure(web.fetch(`${pages.origin}/hang`, opts({ signal: controller.signal })))).kind).toBe('aborted');
    const gone = await startPageServer();
    await gone.close();
    const closed = await failure(web.fetch(`${gone.origin}/`, opts()));
    expect(closed.kind).toBe('network');
    expect(closed.message).toContain('ECONNREFUSED');
  });
});
