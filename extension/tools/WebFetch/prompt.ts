/** What the model is told about WebFetch (our own words; the behaviour mirrors Claude Code's WebFetch). */
import { MAX_MARKDOWN_CHARS } from './constants';

export const WEB_FETCH_DESCRIPTION = 'Fetch a web page and answer a question about it';

export const WEB_FETCH_PROMPT = `Fetches a URL, turns the page into markdown, and has a small fast model answer your prompt from it.

- http is upgraded to https (except on localhost). The user is asked once per domain unless a rule allows it.
- In prompt, ask for exact quotes where wording matters.
- offset pages through text over ${MAX_MARKDOWN_CHARS.toLocaleString('en-US')} characters (the answer says when a page was cut).
- A redirect to another host is not followed: the result names the target; fetch that URL if you want it.
- Pages are cached for 15 minutes. PDFs are read; images and other binary files are not.
- It cannot log in or read pages behind authentication; prefer an MCP tool for a service that offers one.`;
