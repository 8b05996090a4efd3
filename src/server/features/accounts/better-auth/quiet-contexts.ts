import { AsyncLocalStorage } from 'node:async_hooks';
import { whileRunning } from '../../../../shared/while-running.js';

/*
 * Better Auth keeps each call's context in AsyncLocalStorage. On Node 20 the first `run()` of
 * any such storage turns on promise hooks for the whole process, and they stay on while one
 * storage is enabled: from the first sign-in on, every promise of every request paid an init
 * hook (8% of what a thread read allocated; a member's random thread read 3,852 a second
 * against 4,410 without, measured alternately). Better Auth's calls are rare (signing in or up,
 * a session's hourly slide), so once none is running its storages are disabled again, which
 * turns the hooks off (when no page is being rendered either, entry-server.tsx); the next
 * call's `run()` enables them (decision 031).
 */

/** Where Better Auth keeps its storages: one global, shared by every copy of the library. */
const betterAuthGlobal = Symbol.for('better-auth:global');

/** Better Auth's AsyncLocalStorage instances, as far as they have been created. */
export function betterAuthStorages(): AsyncLocalStorage<unknown>[] {
  const global = (globalThis as Record<symbol, { context?: Record<string, unknown> } | undefined>)[
    betterAuthGlobal
  ];
  return Object.values(global?.context ?? {}).filter(
    (value): value is AsyncLocalStorage<unknown> => value instanceof AsyncLocalStorage,
  );
}

/**
 * `api` with each method counted while it runs; when the last running one settles, Better
 * Auth's storages are disabled. Nothing of Better Auth runs after its call settles (no
 * background tasks are configured: `runInBackgroundOrAwait` awaits them within the call).
 */
export function quietContexts<T extends object>(api: T): T {
  const running = whileRunning(() => {
    for (const storage of betterAuthStorages()) storage.disable();
  });
  const wrapped = new Map<PropertyKey, unknown>();
  return new Proxy(api, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      let method = wrapped.get(property);
      if (!method) {
        method = (...args: unknown[]) =>
          running(async () => (await Reflect.apply(value, target, args)) as unknown);
        wrapped.set(property, method);
      }
      return method;
    },
  });
}
