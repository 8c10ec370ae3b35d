/** What the model is told about WebSearch (our own words; the behaviour mirrors Claude Code's WebSearch). */

export const WEB_SEARCH_DESCRIPTION = 'Search the web and get result links with a summary';

export const WEB_SEARCH_PROMPT = `Searches the web and returns the results' titles and links with a short summary of what they say. Use it for anything newer than your knowledge or that you need to check: current versions, release notes, error messages, documentation.

- query: what to search for (at least 2 characters). Put the current year in it when you want recent pages.
- allowed_domains: only results from these domains; blocked_domains: never results from these. Give one of the two, not both.
- After answering from the results, list the sources you used as markdown links ([title](url)).
- To read a page in full, call WebFetch with its URL.`;

/** The reminder after the results: the user should see where an answer came from. */
export const SOURCES_REMINDER = 'When you answer from these results, end your answer with a "Sources:" list of the links you used, as markdown links.';
