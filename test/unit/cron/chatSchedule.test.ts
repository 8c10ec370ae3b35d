import { describe, expect, it } from 'vitest';
import { ChatSession } from '../../../extension/conversation/chatSession';
import { CronScheduler } from '../../../extension/core/engines/cron/scheduler';
import { TaskViewSchema, type TaskView } from '../../../extension/protocol/messages';
import { agentDeps, keyed, RecordingLogger, ScriptedModel, sequentialIds, until } from '../support';
import { FakeClock, MemoryCronStore } from './fakeClock';

const MINUTE = 60_000;
const start = new Date(2025, 0, 6, 10, 0).getTime();

function setup(replies: string[][], manual = false) {
  const clock = new FakeClock(start);
  let n = 0;
  const cron = new CronScheduler({ clock, store: new MemoryCronStore(), newId: () => `job${++n}` });
  const model = new ScriptedModel(replies, manual);
  const deps = agentDeps(model);
  const log = new RecordingLogger();
  const chat = new ChatSession({ agent: { ...deps, toolPorts: { ...deps.toolPorts, cron } }, credentials: keyed, log, newId: sequentialIds('s') });
  return { clock, cron, model, chat, log };
}

const userTexts = (chat: ChatSession) => chat.messages().filter((m) => m.role === 'user').map((m) => m.text);
const lastUserText = (model: ScriptedModel) => JSON.stringify(model.requests.at(-1)?.messages.at(-1)?.content);

describe('scheduled prompts in the chat', () => {
  it('starts a turn with the prompt when a job fires while the chat is idle', async () => {
    const { clock, cron, model, chat } = setup([['Build is green.']]);
    cron.create({ cron: '5 10 * * *', prompt: 'Check the build', recurring: false, durable: false });
    clock.advance(5 * MINUTE);
    await until(() => !chat.busy && model.requests.length === 1 && chat.messages().length === 2);
    expect(lastUserText(model)).toContain('Check the build');
    expect(userTexts(chat)).toEqual(['Check the build']);
    expect(chat.messages()[1]).toMatchObject({ role: 'assistant', text: 'Build is green.', status: 'done' });
  });

  it('queues the prompt, marked as scheduled, when a job fires during a turn; it goes out after the turn', async () => {
    const { clock, cron, model, chat, log } = setup([['working'], ['scheduled reply']], true);
    cron.create({ cron: '*/10 * * * *', prompt: 'Poll the queue', recurring: true, durable: false });
    const turn = chat.submit('Refactor the parser');
    await until(() => model.waiting === 1);
    clock.advance(10 * MINUTE);
    expect(chat.queue.queued()).toEqual([{ id: expect.any(String), text: 'Poll the queue', imageCount: 0 }]);
    expect(log.lines).toContainEqual({ level: 'info', message: 'Scheduled job job1 (*/10 * * * *) fired.' });
    expect(model.requests).toHaveLength(1);
    model.step();
    await until(() => model.waiting === 1 && model.requests.length === 2);
    expect(lastUserText(model)).toContain('Poll the queue');
    model.step();
    await turn;
    expect(userTexts(chat)).toEqual(['Refactor the parser', 'Poll the queue']);
  });

  it('shows jobs in the task list with type, detail and next run, and Stop deletes the job', async () => {
    const { cron, chat } = setup([]);
    const seen: TaskView[][] = [];
    chat.feeds.onTasksChanged((tasks) => seen.push(tasks));
    const job = cron.create({ cron: '0 12 * * mon-fri', prompt: 'Lunch\nreport', recurring: true, durable: true });
    const view = { id: job.id, description: 'Lunch report', status: 'scheduled', type: 'cron', startTime: start, detail: '0 12 * * mon-fri', nextRunAt: start + 2 * 60 * MINUTE };
    expect(chat.feeds.tasks()).toEqual([view]);
    expect(TaskViewSchema.parse(view)).toEqual(view);
    expect(seen.at(-1)).toEqual([view]);
    await chat.feeds.stopTask(job.id);
    expect(cron.list()).toEqual([]);
    expect(seen.at(-1)).toEqual([]);
  });

  it('drops session-only jobs with the conversation and keeps durable ones', () => {
    const { cron, chat } = setup([]);
    cron.create({ cron: '0 12 * * *', prompt: 'session', recurring: true, durable: false });
    cron.create({ cron: '0 12 * * *', prompt: 'durable', recurring: true, durable: true });
    chat.sessions.reset();
    expect(cron.list().map((j) => j.prompt)).toEqual(['durable']);
  });
});
