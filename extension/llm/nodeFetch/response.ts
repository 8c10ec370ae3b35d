/** The `Response` that `nodeFetch` resolves with: what the SDKs read of one, over a Node byte stream. */
import { Readable } from 'node:stream';
import type { NodeHeaders } from './headers';

const STATUS_TEXT: Record<number, string> = { 200: 'OK', 201: 'Created', 204: 'No Content', 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 408: 'Request Timeout', 413: 'Payload Too Large', 429: 'Too Many Requests', 500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable', 529: 'Overloaded' };

export class NodeFetchResponse {
  readonly ok: boolean;
  readonly statusText: string;
  readonly redirected: boolean;
  readonly type = 'basic';
  /** A web ReadableStream of the (decoded) body, or null for a body-less status; read once. */
  readonly body: ReadableStream<Uint8Array> | null;
  #used = false;

  constructor(
    readonly status: number,
    readonly headers: NodeHeaders,
    readonly url: string,
    source: Readable | null,
    statusText?: string,
    redirected = false,
  ) {
    this.ok = status >= 200 && status < 300;
    this.statusText = statusText || STATUS_TEXT[status] || '';
    this.redirected = redirected;
    this.body = source ? (Readable.toWeb(source) as ReadableStream<Uint8Array>) : null;
  }

  get bodyUsed(): boolean {
    return this.#used;
  }

  async bytes(): Promise<Uint8Array> {
    if (this.#used) throw new TypeError('Body is unusable: Body has already been read');
    this.#used = true;
    if (!this.body) return new Uint8Array(0);
    const chunks: Uint8Array[] = [];
    for await (const chunk of this.body as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
    return Buffer.concat(chunks);
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    const b = await this.bytes();
    return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
  }

  async text(): Promise<string> {
    return new TextDecoder().decode(await this.bytes());
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }

  async blob(): Promise<Blob> {
    return new Blob([await this.arrayBuffer()], { type: this.headers.get('content-type') ?? '' });
  }

  clone(): never {
    throw new TypeError('nodeFetch responses cannot be cloned; read the body once');
  }
}
