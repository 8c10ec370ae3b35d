// Preloaded into a child process by the CLI benchmark: reports its peak resident memory on exit.
process.on('exit', () => {
  process.stderr.write(`\nBENCH_MAX_RSS_KB=${process.resourceUsage().maxRSS}\n`);
});
