import { describe, expect, it } from 'vitest';
import { parseSkillFile } from '../../../extension/core/loop/skills/skillFile';
import { fakeCommandContext } from '../commands/fakeRunTool';

const info = { path: '/home/u/.claude/skills/pdf/SKILL.md', directory: '/home/u/.claude/skills/pdf', folderName: 'pdf', source: 'user' as const };

describe('core/loop/skills/skillFile', () => {
  it('makes a prompt command named after the folder, whose prompt starts with its base directory', async () => {
    const r = parseSkillFile('---\ndescription: Fill PDF forms\nallowed-tools: Read, Bash(python3:*)\n---\nRun scripts/fill.py on $ARGUMENTS.\n', info);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.skill).toMatchObject({ type: 'prompt', name: 'pdf', description: 'Fill PDF forms', whenToUse: 'Fill PDF forms', source: 'user', allowedTools: ['Read', 'Bash(python3:*)'], loadedFrom: info.path });
    const blocks = await r.skill.getPromptForCommand('form.pdf', fakeCommandContext(() => ({ ok: true, text: '' })).ctx);
    expect(blocks).toEqual([{ type: 'text', text: 'Base directory for this skill: /home/u/.claude/skills/pdf\n\nRun scripts/fill.py on form.pdf.' }]);
  });

  it('takes the name from the front matter when given', () => {
    const r = parseSkillFile('---\nname: pdf-forms\ndescription: d\n---\nbody', info);
    expect(r.ok && r.skill.name).toBe('pdf-forms');
  });

  it('requires a description, front matter, a body and a typeable name, naming the line', () => {
    expect(parseSkillFile('---\nname: x\n---\nbody', info)).toEqual({
      ok: false,
      problem: { kind: 'skill', path: info.path, line: 1, message: 'description is required: say what the skill does and when to use it' },
    });
    expect(parseSkillFile('just text', info)).toMatchObject({ ok: false, problem: { line: 1, message: expect.stringContaining('no front matter') } });
    expect(parseSkillFile('---\ndescription: d\n---\n', info)).toMatchObject({ ok: false, problem: { line: 4 } });
    expect(parseSkillFile('---\ndescription: d\nname: bad name\n---\nb', info)).toMatchObject({ ok: false, problem: { line: 3 } });
    expect(parseSkillFile('---\ndescription: d\nfoo\n---\nb', info)).toMatchObject({ ok: false, problem: { kind: 'skill', line: 3 } });
  });

  it('reads context: fork (and inline), and names the line of any other value', () => {
    const fork = parseSkillFile('---\ndescription: d\ncontext: fork\n---\nb', info);
    expect(fork.ok && fork.skill.context).toBe('fork');
    const inline = parseSkillFile('---\ndescription: d\ncontext: inline\n---\nb', info);
    expect(inline.ok && inline.skill.context).toBe('inline');
    const none = parseSkillFile('---\ndescription: d\n---\nb', info);
    expect(none.ok && none.skill.context).toBeUndefined();
    expect(parseSkillFile('---\ndescription: d\ncontext: forked\n---\nb', info)).toMatchObject({ ok: false, problem: { line: 3, message: 'context must be "inline" or "fork", not "forked"' } });
  });
});
