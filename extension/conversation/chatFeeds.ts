/**
 * The lists beside the chat and their feeds (docs/ARCHITECTURE.md, Background tasks): the current session's
 * background tasks with the window's scheduled jobs, the main agent's todo list and the session's work list.
 * Each is read when the view asks and announced when it changes within a session (stateFeeds.ts); a new
 * session comes with the chat's `reset` event instead.
 */
import type { TodoItem } from '../core/contracts/appState';
import { taskRegistry } from '../core/engines/tasks/registry';
import type { TaskView, WorkItemView } from '../protocol/messages';
import type { ChatState } from './chatState';
import { taskViews } from './history';
import { cronTaskViews } from './scheduledJobs';
import { StateFeeds } from './stateFeeds';
import { workListViews } from './workList';

export class ChatFeeds {
  private readonly feeds = new StateFeeds();

  constructor(private readonly state: ChatState) {
    state.cron?.onChange(() => this.feeds.announceTasks(this.tasks()));
  }

  /** Follows the current agent session's store (again after a switch: chatSessions.ts). */
  follow(): void {
    this.feeds.follow(this.state.agent.appState, () => this.todos(), () => this.tasks());
  }

  /** Background tasks of the session (Bash `run_in_background`, monitors), oldest first, then the scheduled jobs. */
  tasks(): TaskView[] {
    return [...taskViews(this.state.agent.appState.getState().tasks), ...cronTaskViews(this.state.cron?.list() ?? [])];
  }

  /** Called with the task list whenever it changes within a session (a new session comes with `reset`). */
  onTasksChanged(listener: (tasks: TaskView[]) => void): () => void {
    return this.feeds.onTasks(listener);
  }

  /** The main agent's TodoWrite list (kept under its agent id, else the session id; sub-agents keep their own). */
  todos(): TodoItem[] {
    const key = this.state.deps.agent.agentId ?? this.state.agent.sessionId;
    return (this.state.agent.appState.getState().todos[key] ?? []).map((t) => ({ ...t }));
  }

  /** Called with the todo list whenever it changes within a session (a new session comes with `reset`). */
  onTodosChanged(listener: (todos: TodoItem[]) => void): () => void {
    return this.feeds.onTodos(listener);
  }

  /** A task's transcript file and description, for the task panel's "Open transcript"; undefined when it has none. */
  taskTranscript(taskId: string): { path: string; description: string } | undefined {
    const task = this.state.agent.appState.getState().tasks[taskId];
    return task?.transcriptPath ? { path: task.transcriptPath, description: task.description } : undefined;
  }

  /** The session's work list (TaskCreate …), one for the main agent, its sub-agents and teammates. */
  workList(): WorkItemView[] {
    return workListViews(this.state.agent.appState.getState().workList);
  }

  /** Called with the work list whenever it changes within a session (a new session comes with `reset`). */
  onWorkListChanged(listener: (workList: WorkItemView[]) => void): () => void {
    return this.feeds.onWorkList(listener);
  }

  /** Kills one background task or deletes a scheduled job; unknown or finished tasks are ignored. */
  async stopTask(taskId: string): Promise<void> {
    if (this.state.cron?.delete(taskId)) return;
    const store = this.state.agent.appState;
    await taskRegistry.killTask(taskId, { getAppState: () => store.getState(), setAppState: (f) => store.setState(f) });
  }
}
