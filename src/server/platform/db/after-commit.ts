/**
 * Work kept by an open transaction until it commits: dropped if it rolls back. A savepoint (a
 * transaction opened inside another) hands its work to the one around it once it is released,
 * so the work waits for the outermost commit.
 */
const pending = new WeakMap<object, (() => void)[]>();

/** A database handle or an open transaction: both open (nested) transactions. */
interface Transactional {
  transaction<T>(run: (tx: Transactional) => Promise<T>, ...options: unknown[]): Promise<T>;
}

/**
 * Makes every transaction of `db`, and every savepoint inside one, keep the work given to
 * `afterCommit` and run it once it commits. Each database the platform opens is made so.
 */
export function withAfterCommit<D extends Transactional>(db: D): D {
  keepWork(db, (work) => {
    for (const run of work) run();
  });
  return db;
}

function keepWork(handle: Transactional, committed: (work: (() => void)[]) => void): void {
  const transaction = handle.transaction.bind(handle);
  handle.transaction = async <T>(
    run: (tx: Transactional) => Promise<T>,
    ...options: unknown[]
  ): Promise<T> => {
    const work: (() => void)[] = [];
    let opened: Transactional | undefined;
    let result: T;
    try {
      result = await transaction(
        (tx) => {
          opened = tx;
          pending.set(tx, work);
          keepWork(tx, (inner) => work.push(...inner));
          return run(tx);
        },
        ...options,
      );
    } finally {
      if (opened) pending.delete(opened);
    }
    committed(work);
    return result;
  };
}

/**
 * Runs `work` once the transaction `handle` belongs to has committed, never if it rolls back;
 * at once when `handle` is no open transaction (a statement run on it committed as it ran).
 * `work` must not throw: the transaction has committed by then.
 */
export function afterCommit(handle: object, work: () => void): void {
  const kept = pending.get(handle);
  if (kept) kept.push(work);
  else work();
}
