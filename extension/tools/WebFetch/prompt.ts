/** What the model is told about WebFetch (our own words; the behaviour mirrors Claude Code's WebFetch). */
import { MAX_MARKDOWN_CHARS } from './constants';

export const WEB_FETCH_DESCRIPTION = 'Fetch a web page and answer a question about it';

export const WEB_FETCH_PROMPT = `Fetches a URL, turns the page into markdown, and has a small fast model answer your prompt from it. The result is that answer, with the URL, HTTP status and size of what was fetched.

- url: a full http(s) URL; http is upgraded to https (except on localhost). The user is asked once per domain unless a rule allows it.
- prompt: what you want to know from the page ("list the CLI flags it documents", "what changed in 2.0?"). Ask for exact quotes where the wording matters.
- offset: the character where the page text starts for the model, for pages longer than ${MAX_MARKDOWN_CHARS.toLocaleString('en-US')} characters (the answer says when a page was cut).
- A redirect to another host is not followed: the result names the target; call WebFetch again with that URL if you want it.
- Pages are kept for 15 minutes, so more questions about the same URL are cheap.
- PDFs are read; images and other binary files are not.
- Read-only; it cannot log in or read pages behind authentication. Prefer an MCP tool for a service that offers one.`;
