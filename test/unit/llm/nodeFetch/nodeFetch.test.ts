/** llm/nodeFetch: the CLI's fetch over node:http, against a loopback server that does what an API may. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeFetch } from '../../../../extension/llm/nodeFetch/fetch';
import { NodeHeaders } from '../../../../extension/llm/nodeFetch/headers';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

describe('llm/nodeFetch', () => {
  let server: Server;
  let base: string;
  const seen: Seen[] = [];
  let release: (() => void) | undefined;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let body = '';
    for await (const c of req) body += String(c);
    seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
    const url = new URL(req.url!, base);
    switch (url.pathname) {
      case '/echo':
        res.writeHead(201, { 'content-type': 'application/json', 'x-multi': ['a', 'b'], 'set-cookie': ['s=1; Expires=Wed, 21 Oct 2026 07:28:00 GMT', 't=2'] });
        res.end(JSON.stringify({ method: req.method, body }));
        return;
      case '/gzip':
        res.writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'text/plain' });
        res.end(gzipSync('unzipped text'));
        return;
      case '/stream':
        // The first chunk now, the rest only when the test says: the reader must see it before the end.
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('data: one\n\n');
        release = () => res.end('data: two\n\n');
        return;
      case '/hang':
        res.writeHead(200);
        res.write('partial');
        return;
      case '/cut':
        res.writeHead(200, { 'content-length': '100' });
        res.write('only part');
        setTimeout(() => res.socket?.destroy(), 20);
        return;
      case '/307':
        res.writeHead(307, { location: '/echo' });
        res.end();
        return;
      case '/303':
        res.writeHead(303, { location: `http://localhost:${(server.address() as AddressInfo).port}/echo` });
        res.end();
        return;
      case '/loop':
        res.writeHead(302, { location: '/loop' });
        res.end();
        return;
      case '/empty':
        res.writeHead(204);
        res.end();
        return;
      default:
        res.writeHead(404);
        res.end('no such path');
    }
  }

  beforeAll(async () => {
    server = createServer((req, res) => void handle(req, res));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it('sends the method, headers and body, and answers status, headers and JSON', async () => {
    const res = await nodeFetch(`${base}/echo`, { method: 'post', headers: new NodeHeaders({ 'X-Api-Key': 'k1', 'Content-Type': 'application/json' }), body: '{"a":1}' });
    expect(res.status).toBe(201);
    expect(res.ok).toBe(true);
    expect(res.statusText).toBe('Created');
    expect(res.url).toBe(`${base}/echo`);
    expect(res.headers.get('Content-Type')).toBe('application/json');
    expect(res.headers.get('x-multi')).toBe('a, b');
    expect(res.headers.getSetCookie()).toEqual(['s=1; Expires=Wed, 21 Oct 2026 07:28:00 GMT', 't=2']);
    expect(await res.json()).toEqual({ method: 'POST', body: '{"a":1}' });
    expect(res.bodyUsed).toBe(true);
    await expect(res.text()).rejects.toThrow(/already been read/);
    const sent = seen.at(-1)!;
    expect(sent.headers['x-api-key']).toBe('k1');
    expect(sent.headers['content-length']).toBe('7');
  });

  it('takes a record, pairs or bytes, and reports a 404 as a response, not an error', async () => {
    const res = await nodeFetch(new URL(`${base}/nope`), { method: 'PUT', headers: [['x-one', '1']], body: new TextEncoder().encode('bytes') });
    expect(res.status).toBe(404);
    expect(res.ok).toBe(false);
    expect(await res.text()).toBe('no such path');
    expect(seen.at(-1)).toMatchObject({ method: 'PUT', body: 'bytes' });
    expect(seen.at(-1)!.headers['x-one']).toBe('1');
  });

  it('streams the body as it arrives', async () => {
    const res = await nodeFetch(`${base}/stream`);
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(Buffer.from(first.value!).toString()).toBe('data: one\n\n');
    release!();
    let rest = '';
    for (let r = await reader.read(); !r.done; r = await reader.read()) rest += Buffer.from(r.value).toString();
    expect(rest).toBe('data: two\n\n');
  });

  it('decodes a gzip body', async () => {
    expect(await (await nodeFetch(`${base}/gzip`)).text()).toBe('unzipped text');
  });

  it('follows a 307 with its body and a 303 as a GET, dropping authorization on another origin', async () => {
    const kept = await nodeFetch(`${base}/307`, { method: 'POST', headers: { authorization: 'Bearer t' }, body: 'again' });
    expect(await kept.json()).toEqual({ method: 'POST', body: 'again' });
    expect(kept.redirected).toBe(true);
    expect(seen.at(-1)!.headers.authorization).toBe('Bearer t');
    const changed = await nodeFetch(`${base}/303`, { method: 'POST', headers: { authorization: 'Bearer t', 'content-type': 'text/plain' }, body: 'dropped' });
    expect(await changed.json()).toEqual({ method: 'GET', body: '' });
    expect(seen.at(-1)!.headers.authorization).toBeUndefined();
    expect(seen.at(-1)!.headers['content-type']).toBeUndefined();
    await expect(nodeFetch(`${base}/loop`)).rejects.toThrow(TypeError);
  });

  it('answers a 204 with a null body', async () => {
    const res = await nodeFetch(`${base}/empty`, { method: 'DELETE' });
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    expect(await res.text()).toBe('');
  });

  it('rejects with an AbortError before the headers, and breaks off a body being read', async () => {
    const early = new AbortController();
    early.abort();
    await expect(nodeFetch(`${base}/echo`, { signal: early.signal })).rejects.toMatchObject({ name: 'AbortError' });
    const late = new AbortController();
    const res = await nodeFetch(`${base}/hang`, { signal: late.signal });
    const reader = res.body!.getReader();
    expect(Buffer.from((await reader.read()).value!).toString()).toBe('partial');
    const pending = reader.read();
    late.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('fails a body cut off mid-way, and a refused connection with a TypeError and its cause', async () => {
    const res = await nodeFetch(`${base}/cut`);
    await expect(res.text()).rejects.toThrow(/aborted|terminated|premature|ECONNRESET/i);
    const refused = await nodeFetch('http://127.0.0.1:1/').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TypeError);
    expect((refused as TypeError).cause).toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('hands a body it does not send itself (a stream) to the global fetch', async () => {
    const body = new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode('streamed'));
        c.close();
      },
    });
    const res = await nodeFetch(`${base}/echo`, { method: 'POST', body, duplex: 'half' } as never);
    expect(await res.json()).toEqual({ method: 'POST', body: 'streamed' });
  });
});

describe('llm/nodeFetch NodeHeaders', () => {
  it('is case-insensitive, joins repeats, iterates sorted, and refuses bad names and values', () => {
    const h = new NodeHeaders({ B: '2', a: ['1', '3'] });
    h.append('A', '4');
    expect(h.get('a')).toBe('1, 3, 4');
    expect([...h]).toEqual([
      ['a', '1, 3, 4'],
      ['b', '2'],
    ]);
    expect([...h.keys()]).toEqual(['a', 'b']);
    h.set('b', ' trimmed ');
    expect(h.get('B')).toBe('trimmed');
    h.delete('A');
    expect(h.has('a')).toBe(false);
    expect(h.get('missing')).toBeNull();
    expect(() => h.set('bad name', 'x')).toThrow(/Invalid header name/);
    expect(() => h.set('x', 'a\r\nInjected: 1')).toThrow(/Invalid value/);
  });

  it('copies another Headers, and counts any Headers-shaped object (undici\'s too) as an instance', () => {
    const global = new Headers({ 'x-from': 'undici' });
    const copy = new NodeHeaders(global);
    expect(copy.get('x-from')).toBe('undici');
    expect(global instanceof NodeHeaders).toBe(true);
    expect({ get: 1 } instanceof NodeHeaders).toBe(false);
    expect(Object.prototype.toString.call(copy)).toBe('[object Headers]');
  });
});
