import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ToolPermissionContext } from '../../../extension/core/contracts/permissions';
import { createAppStateStore, getDefaultAppState, type AppState } from '../../../extension/core/contracts/appState';
import type { TaskStateBase } from '../../../extension/core/contracts/tasks';

const verbose = (prev: AppState): AppState => ({ ...prev, verbose: !prev.verbose });

describe('core/contracts/appState', () => {
  it('starts from the default state with no rules, tasks or servers', () => {
    const state = getDefaultAppState();
    expect(state).toMatchObject({ mainLoopModel: null, verbose: false, todos: {}, tasks: {} });
    expect(state.toolPermissionContext.mode).toBe('default');
    expect(state.mcp).toEqual({ clients: [], tools: [], commands: [], resources: {} });
    expect(state.plugins).toEqual({ enabled: [], disabled: [], errors: [] });
    expect(getDefaultAppState().tasks).not.toBe(state.tasks);
  });

  it('uses the initial state it is given', () => {
    const initial = { ...getDefaultAppState(), mainLoopModel: 'claude-test' };
    expect(createAppStateStore(initial).getState()).toBe(initial);
  });

  it('replaces the state and notifies listeners with the new and previous state', () => {
    const store = createAppStateStore();
    const before = store.getState();
    const calls: [AppState, AppState][] = [];
    store.subscribe((s, p) => calls.push([s, p]));
    store.setState(verbose);
    expect(store.getState().verbose).toBe(true);
    expect(calls).toEqual([[store.getState(), before]]);
    expect(before.verbose).toBe(false);
  });

  it('does not notify when the updater returns the same object', () => {
    const store = createAppStateStore();
    let calls = 0;
    store.subscribe(() => calls++);
    store.setState((prev) => prev);
    expect(calls).toBe(0);
    store.setState(verbose);
    expect(calls).toBe(1);
  });

  it('stops notifying a listener once it unsubscribes', () => {
    const store = createAppStateStore();
    let calls = 0;
    const unsubscribe = store.subscribe(() => calls++);
    store.setState(verbose);
    unsubscribe();
    unsubscribe();
    store.setState(verbose);
    expect(calls).toBe(1);
  });

  it('keeps notifying the others when a listener throws, then rethrows its error', () => {
    const store = createAppStateStore();
    const seen: string[] = [];
    store.subscribe(() => seen.push('first'));
    store.subscribe(() => {
      throw new Error('broken listener');
    });
    store.subscribe(() => seen.push('third'));
    expect(() => store.setState(verbose)).toThrow('broken listener');
    expect(seen).toEqual(['first', 'third']);
    expect(store.getState().verbose).toBe(true);
  });

  it('rethrows every listener error together when several throw', () => {
    const store = createAppStateStore();
    store.subscribe(() => {
      throw new Error('a');
    });
    store.subscribe(() => {
      throw new Error('b');
    });
    let thrown: unknown;
    try {
      store.setState(verbose);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(AggregateError);
    expect((thrown as AggregateError).errors.map((e: Error) => e.message)).toEqual(['a', 'b']);
  });

  it('hands listener errors to onListenerError instead of throwing when one is given', () => {
    const errors: unknown[] = [];
    const store = createAppStateStore(undefined, { onListenerError: (e) => errors.push(e) });
    let after = 0;
    store.subscribe(() => {
      throw new Error('x');
    });
    store.subscribe(() => after++);
    store.setState(verbose);
    expect(errors).toEqual([new Error('x')]);
    expect(after).toBe(1);
  });

  it('handles unsubscribing during notification', () => {
    const store = createAppStateStore();
    const seen: string[] = [];
    let unsubscribeThird = (): void => undefined;
    const unsubscribeFirst = store.subscribe(() => {
      seen.push('first');
      unsubscribeFirst();
    });
    store.subscribe(() => {
      seen.push('second');
      unsubscribeThird();
    });
    unsubscribeThird = store.subscribe(() => seen.push('third'));
    store.subscribe(() => seen.push('fourth'));
    store.setState(verbose);
    expect(seen).toEqual(['first', 'second', 'fourth']);
    store.setState(verbose);
    expect(seen).toEqual(['first', 'second', 'fourth', 'second', 'fourth']);
  });

  it('notifies a listener subscribed during notification only from the next change', () => {
    const store = createAppStateStore();
    let late = 0;
    const unsubscribe = store.subscribe(() => {
      unsubscribe();
      store.subscribe(() => late++);
    });
    store.setState(verbose);
    expect(late).toBe(0);
    store.setState(verbose);
    expect(late).toBe(1);
  });

  it('treats the same function subscribed twice as two subscriptions', () => {
    const store = createAppStateStore();
    let calls = 0;
    const listener = () => calls++;
    const unsubscribe = store.subscribe(listener);
    store.subscribe(listener);
    unsubscribe();
    store.setState(verbose);
    expect(calls).toBe(1);
  });

  it('forbids editing the immutable part in place but allows the task and registry parts', () => {
    const state = getDefaultAppState();
    const task: TaskStateBase = {
      id: 'b12345678',
      type: 'local_bash',
      status: 'running',
      description: 'npm test',
      startTime: 1,
      outputFile: '/tmp/out',
      outputOffset: 0,
      notified: false,
    };
    const compileOnly = () => {
      // @ts-expect-error the permission context is replaced through setState, not edited
      state.toolPermissionContext.mode = 'plan';
      // @ts-expect-error top-level immutable fields are readonly
      state.verbose = true;
      // @ts-expect-error todo lists are readonly arrays
      state.todos['main']?.push({ content: 'x', status: 'pending', activeForm: 'Doing x' });
      // @ts-expect-error todo items are readonly
      state.todos['main']![0]!.status = 'completed';
      // @ts-expect-error rule lists are readonly
      state.toolPermissionContext.alwaysDenyRules.projectSettings?.push('Bash');
    };
    state.tasks[task.id] = task;
    state.tasks[task.id]!.status = 'completed';
    state.mcp.clients.push({ name: 'github', type: 'pending' });
    state.plugins.errors.push('bad manifest');
    expect(state.tasks[task.id]?.status).toBe('completed');
    expect(state.mcp.clients).toHaveLength(1);
    expect(typeof compileOnly).toBe('function');

    expectTypeOf<AppState['toolPermissionContext']>().toEqualTypeOf<ToolPermissionContext>();
    expectTypeOf<AppState['tasks']>().toEqualTypeOf<Record<string, TaskStateBase>>();
    expectTypeOf<AppState['todos'][string][number]['status']>().toEqualTypeOf<'pending' | 'in_progress' | 'completed'>();
  });
});
