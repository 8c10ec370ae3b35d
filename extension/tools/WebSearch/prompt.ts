/** What the model is told about WebSearch (our own words; the behaviour mirrors Claude Code's WebSearch). */

export const WEB_SEARCH_DESCRIPTION = 'Search the web and get result links with a summary';

export const WEB_SEARCH_PROMPT = `Searches the web and returns result titles and links with a short summary. Use it for anything newer than your knowledge or worth checking: current versions, release notes, error messages, documentation.

- Put the current year in the query when you want recent pages.
- Give allowed_domains or blocked_domains, not both.
- After answering, list the sources you used as markdown links ([title](url)). To read a page in full, use WebFetch.`;

/** The reminder after the results: the user should see where an answer came from. */
export const SOURCES_REMINDER = 'When you answer from these results, end your answer with a "Sources:" list of the links you used, as markdown links.';
