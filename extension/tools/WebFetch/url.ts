/**
 * The URL WebFetch will fetch: http(s) only, no credentials in it, and http upgraded to https — except on
 * loopback hosts, where a local server (a dev server, the tests' fixture) rarely speaks TLS and nothing
 * leaves the machine.
 */

export type PreparedUrl = { ok: true; url: URL } | { ok: false; message: string };

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK.test(hostname);
}

export function prepareUrl(raw: string): PreparedUrl {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false, message: `"${raw}" is not a valid URL. Give a full URL such as https://example.com/page.` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, message: `WebFetch reads http and https URLs only, not ${url.protocol}. Use Read for local files.` };
  }
  if (url.username || url.password) {
    return { ok: false, message: 'The URL carries a user name or password; WebFetch does not send credentials. Remove them from the URL.' };
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) url.protocol = 'https:';
  return { ok: true, url };
}
