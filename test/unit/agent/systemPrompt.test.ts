import { describe, expect, it } from 'vitest';
import { buildSystemPrompt } from '../../../extension/core/loop/query/systemPrompt';
import type { EnvironmentInfo, MemoryFile } from '../../../extension/core/contracts/environment';
import { offered } from './offeredTools';

const ALL_TOOLS = ['Bash', 'Edit', 'Glob', 'Grep', 'Read', 'ToolSearch', 'TodoWrite', 'Write'];

function env(overrides: Partial<EnvironmentInfo> = {}): EnvironmentInfo {
  return {
    cwd: '/work/app',
    platform: 'linux',
    osVersion: 'Linux 6.8.0',
    date: '2026-11-20',
    isGitRepo: true,
    gitBranch: 'feature/login',
    gitStatus: ' M src/index.ts\n?? notes.md',
    recentCommits: 'abc1234 Add login form\ndef5678 Initial commit',
    memoryFiles: [],
    ...overrides,
  };
}

const texts = (blocks: { text: string }[]) => blocks.map((b) => b.text);

describe('buildSystemPrompt', () => {
  it('returns identity, tool guidance, environment and memory blocks in that order', () => {
    const memory: MemoryFile[] = [{ path: '/work/app/CLAUDE.md', type: 'project', content: 'Use tabs.' }];
    const blocks = buildSystemPrompt({ env: env({ memoryFiles: memory }), tools: offered(ALL_TOOLS) });
    expect(blocks).toHaveLength(4);
    expect(blocks.every((b) => b.type === 'text' && b.cache_control === undefined)).toBe(true);
    const [identity, tools, environment, memoryBlock] = texts(blocks);
    expect(identity).toContain('You are Codewright');
    expect(identity).toContain('Visual Studio Code');
    expect(identity).toMatch(/malware/);
    expect(identity).toMatch(/data, not instructions/);
    expect(tools).toMatch(/^# Using tools/);
    expect(environment).toContain('<env>');
    expect(memoryBlock).toContain('Use tabs.');
  });

  it('describes the working directory, platform, OS and date inside an env block', () => {
    const [, , environment] = texts(buildSystemPrompt({ env: env(), tools: offered(ALL_TOOLS) }));
    expect(environment).toContain('Working directory: /work/app');
    expect(environment).toContain('Is a git repository: yes');
    expect(environment).toContain('Platform: linux');
    expect(environment).toContain('OS version: Linux 6.8.0');
    expect(environment).toContain("Today's date: 2026-11-20");
  });

  it('includes the branch, status lines and recent commits when the folder is a git repository', () => {
    const [, , environment] = texts(buildSystemPrompt({ env: env(), tools: offered(ALL_TOOLS) }));
    expect(environment).toContain('Current branch: feature/login');
    expect(environment).toContain(' M src/index.ts\n?? notes.md');
    expect(environment).toContain('abc1234 Add login form');
  });

  it('says the tree is clean when a repository has no status lines', () => {
    const [, environment] = texts(buildSystemPrompt({ env: env({ gitStatus: '' }), tools: offered([]) }));
    expect(environment).toContain('Status:\n(clean)');
  });

  it('leaves out the git snapshot when the folder is not a repository', () => {
    const notRepo = env({ isGitRepo: false, gitBranch: undefined, gitStatus: undefined, recentCommits: undefined });
    const environment = texts(buildSystemPrompt({ env: notRepo, tools: offered(ALL_TOOLS) }))[2] ?? '';
    expect(environment).toContain('Is a git repository: no');
    expect(environment).not.toMatch(/branch|Recent commits|Status:/i);
  });

  it('cuts a huge git status and says how many lines were left out', () => {
    const status = Array.from({ length: 500 }, (_, i) => ` M src/file${i}.ts`).join('\n');
    const environment = texts(buildSystemPrompt({ env: env({ gitStatus: status }), tools: offered([]) }))[1] ?? '';
    expect(environment).toContain(' M src/file0.ts');
    expect(environment).not.toContain(' M src/file499.ts');
    const omitted = Number(/… \((\d+) more lines not shown/.exec(environment)?.[1]);
    const shown = environment.split('\n').filter((l) => l.startsWith(' M src/file')).length;
    expect(shown + omitted).toBe(500);
  });

  it('produces byte-identical blocks for the same inputs, whatever order tools and memory files come in', () => {
    const memory: MemoryFile[] = [
      { path: '/work/app/AGENTS.md', type: 'agents', content: 'agents' },
      { path: '/home/u/.claude/CLAUDE.md', type: 'user', content: 'user' },
    ];
    const first = buildSystemPrompt({ env: env({ memoryFiles: memory }), tools: offered(ALL_TOOLS) });
    const second = buildSystemPrompt({ env: env({ memoryFiles: [...memory].reverse() }), tools: offered([...ALL_TOOLS].reverse()) });
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));
  });

  it('orders memory files user, project, local, agents and then by path, each with its path, type and precedence', () => {
    const memory: MemoryFile[] = [
      { path: '/work/app/AGENTS.md', type: 'agents', content: 'AGENTS body' },
      { path: '/work/app/CLAUDE.local.md', type: 'local', content: 'LOCAL body' },
      { path: '/work/app/CLAUDE.md', type: 'project', content: 'PROJECT root body' },
      { path: '/work/app/.claude/CLAUDE.md', type: 'project', content: 'PROJECT dotclaude body' },
      { path: '/home/u/.claude/CLAUDE.md', type: 'user', content: 'USER body' },
    ];
    const memoryBlock = texts(buildSystemPrompt({ env: env({ memoryFiles: memory }), tools: offered([]) })).at(-1) ?? '';
    const order = ['USER body', 'PROJECT dotclaude body', 'PROJECT root body', 'LOCAL body', 'AGENTS body'].map((s) =>
      memoryBlock.indexOf(s),
    );
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(memoryBlock).toContain('## User memory (user): /home/u/.claude/CLAUDE.md');
    expect(memoryBlock).toContain('## Project memory (project): /work/app/CLAUDE.md');
    expect(memoryBlock).toContain('## Local project memory (local): /work/app/CLAUDE.local.md');
    expect(memoryBlock).toContain('## Agent instructions (agents): /work/app/AGENTS.md');
    expect(memoryBlock.match(/take precedence over the default behaviour/g)).toHaveLength(5);
  });

  it('adds no memory block when there are no memory files or only blank ones', () => {
    const blank: MemoryFile[] = [{ path: '/work/app/CLAUDE.md', type: 'project', content: '  \n' }];
    const blocks = buildSystemPrompt({ env: env({ memoryFiles: blank }), tools: offered(ALL_TOOLS) });
    expect(blocks).toHaveLength(3);
    expect(texts(blocks).join('\n')).not.toContain('# Memory files');
  });

  it('replaces identity and tool guidance with a custom prompt but keeps environment and memory', () => {
    const memory: MemoryFile[] = [{ path: '/work/app/CLAUDE.md', type: 'project', content: 'Use tabs.' }];
    const blocks = texts(
      buildSystemPrompt({ env: env({ memoryFiles: memory }), tools: offered(ALL_TOOLS), customSystemPrompt: 'You are a reviewer.' }),
    );
    expect(blocks[0]).toBe('You are a reviewer.');
    expect(blocks.join('\n')).not.toContain('Codewright');
    expect(blocks.join('\n')).not.toContain('# Using tools');
    expect(blocks[1]).toContain('<env>');
    expect(blocks[2]).toContain('Use tabs.');
  });

  it('adds the appended prompt as the final block', () => {
    const blocks = texts(buildSystemPrompt({ env: env(), tools: offered(ALL_TOOLS), appendSystemPrompt: 'Answer in French.' }));
    expect(blocks.at(-1)).toBe('Answer in French.');
    expect(blocks[0]).toContain('Codewright');
  });

  it('mentions only the tools that are present', () => {
    const tools = texts(buildSystemPrompt({ env: env(), tools: offered(['Read', 'Grep']) }))[1];
    expect(tools).toContain('Read files with Read.');
    expect(tools).toContain('Search file contents with Grep.');
    expect(tools).not.toMatch(/\b(Bash|Edit|Write|Glob|ToolSearch|TodoWrite)\b/);
    expect(tools).toMatch(/in one message so they run in parallel/);
  });

  it('contrasts dedicated tools with shell commands and explains ToolSearch when those tools are present', () => {
    const tools = texts(buildSystemPrompt({ env: env(), tools: offered(ALL_TOOLS) }))[1];
    expect(tools).toContain('Read files with Read rather than cat, head or tail through Bash.');
    expect(tools).toContain('Search file contents with Grep rather than grep or rg through Bash.');
    expect(tools).toMatch(/call ToolSearch with "select:<name>"/);
    expect(tools).toContain('TodoWrite');
  });

  it('leaves out the tool guidance block when the session has no tools', () => {
    const blocks = texts(buildSystemPrompt({ env: env(), tools: offered([]) }));
    expect(blocks).toHaveLength(2);
    expect(blocks.join('\n')).not.toContain('# Using tools');
  });

  it('drops blank custom and appended prompts, which the API would reject as empty blocks', () => {
    const blocks = buildSystemPrompt({ env: env(), tools: offered(ALL_TOOLS), customSystemPrompt: ' ', appendSystemPrompt: '' });
    expect(blocks).toHaveLength(1);
    expect(blocks[0]?.text).toContain('<env>');
  });

  it('stays well under 8 KB for an empty environment with every tool', () => {
    const empty = env({ isGitRepo: false, gitBranch: undefined, gitStatus: undefined, recentCommits: undefined });
    const size = texts(buildSystemPrompt({ env: empty, tools: offered(ALL_TOOLS) })).join('').length;
    expect(size).toBeGreaterThan(1_000);
    expect(size).toBeLessThan(6_000);
  });
});

describe('buildSystemPrompt: skills', () => {
  const skills = [
    { name: 'ship', description: 'Deploy the app\n  to production' },
    { name: 'pdf', description: 'Fill PDF forms' },
  ];

  it('lists the skills by name after the tool guidance and before the environment, naming the Skill tool', () => {
    const blocks = texts(buildSystemPrompt({ env: env(), tools: offered(['Read', 'Skill']), skills }));
    expect(blocks).toHaveLength(4);
    expect(blocks[1]).toMatch(/^# Using tools/);
    expect(blocks[2]).toBe(
      '# Skills\nSkills are instructions (often with scripts and reference files) for particular kinds of task. When the task fits one below, load it with the Skill tool before you start, and follow what it says.\n- pdf: Fill PDF forms\n- ship: Deploy the app to production',
    );
    expect(blocks[3]).toContain('<env>');
  });

  it('is byte-identical whatever order the skills arrive in, and lists a name once', () => {
    const a = buildSystemPrompt({ env: env(), tools: offered(['Skill']), skills });
    const b = buildSystemPrompt({ env: env(), tools: offered(['Skill']), skills: [...skills].reverse().concat([{ name: 'pdf', description: 'Fill PDF forms' }]) });
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
  });

  it('leaves the section out without skills or without the Skill tool', () => {
    const none = texts(buildSystemPrompt({ env: env(), tools: offered(['Skill']), skills: [] }));
    const noTool = texts(buildSystemPrompt({ env: env(), tools: offered(['Read']), skills }));
    expect(none.some((t) => t.startsWith('# Skills'))).toBe(false);
    expect(noTool.some((t) => t.startsWith('# Skills'))).toBe(false);
  });

  it('cuts a very long description', () => {
    const [, , section] = texts(buildSystemPrompt({ env: env(), tools: offered(['Skill']), skills: [{ name: 'big', description: 'x'.repeat(400) }] }));
    expect(section!.split('\n').pop()).toBe(`- big: ${'x'.repeat(249)}…`);
  });
});
