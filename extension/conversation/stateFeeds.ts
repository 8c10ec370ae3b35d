/**
 * Tells the view when the current agent session's background tasks, todo list or work list change. Follows
 * one app state store at a time; a replaced session is announced by the chat's `reset`, whose snapshot
 * carries its tasks, todos and work list, so following a new store notifies nobody by itself.
 */
import type { AppStateStore, TodoItem } from '../core/contracts/appState';
import type { TaskView, WorkItemView } from '../protocol/messages';
import { taskViews } from './history';
import { workListViews } from './workList';

export class StateFeeds {
  private readonly taskListeners = new Set<(tasks: TaskView[]) => void>();
  private readonly todoListeners = new Set<(todos: TodoItem[]) => void>();
  private readonly workListListeners = new Set<(workList: WorkItemView[]) => void>();
  private unwatch: () => void = () => {};

  onTasks(listener: (tasks: TaskView[]) => void): () => void {
    this.taskListeners.add(listener);
    return () => this.taskListeners.delete(listener);
  }

  onTodos(listener: (todos: TodoItem[]) => void): () => void {
    this.todoListeners.add(listener);
    return () => this.todoListeners.delete(listener);
  }

  /** The session's work list (TaskCreate …), shared by every agent of the session. */
  onWorkList(listener: (workList: WorkItemView[]) => void): () => void {
    this.workListListeners.add(listener);
    return () => this.workListListeners.delete(listener);
  }

  /**
   * Follows `store` from now on; `todos` reads the list the view shows (the main agent's), `tasks` the task
   * list (the store's tasks and what the chat merges in, such as scheduled jobs).
   */
  follow(store: AppStateStore, todos: () => TodoItem[], tasks: () => TaskView[] = () => taskViews(store.getState().tasks)): void {
    this.unwatch();
    this.unwatch = store.subscribe((state, prev) => {
      if (state.todos !== prev.todos) for (const l of this.todoListeners) l(todos());
      if (state.workList !== prev.workList) for (const l of this.workListListeners) l(workListViews(state.workList));
      if (state.tasks !== prev.tasks) this.announceTasks(tasks());
    });
  }

  /** Tells the task listeners the list (also when something outside the store changed it: a scheduled job). */
  announceTasks(tasks: TaskView[]): void {
    for (const l of this.taskListeners) l(tasks);
  }
}
