import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { enqueue, enqueueFrom } from './jobs.js';
import type { DbOrTx } from './transaction.js';

/**
 * What happened that someone may need to hear of. A feature declares the kinds of event it
 * records in its own folder (`notifyEvent`: a name and the fields it carries) and records one in
 * the transaction of the write itself (`notifyLater`: a durable job); the notifications feature,
 * handed the declared kinds by the app, decides off the request path who is told and how: a
 * reply answers as fast in a thread with 10,000 watchers as in one with none.
 */

/** The job every event is recorded as, whatever its kind. */
export const notifyJobKind = 'notify';

/** The members an event names (a text's mentions): 50 at most. */
export const eventMemberIds = z.array(z.string()).max(50);
/** A row an event is about. */
export const eventRowId = z.number().int().positive();

/**
 * A declared kind of event: its name, and its fields as recorded (`In`) and as read back
 * (`Out`, defaults filled in).
 */
export interface NotifyEventType<K extends string, Out, In = Out> {
  readonly kind: K;
  readonly fields: z.ZodType<Out, In>;
  /** True when an event of this kind would tell nobody (an edit naming no new member). */
  tellsNobody?(fields: In): boolean;
}

/** Declares a kind of event with the schema of its fields (`kind` is added to them). */
export function notifyEvent<const K extends string, Out extends object, In extends object>(
  kind: K,
  fields: z.ZodType<Out, In>,
  options: { tellsNobody?: (fields: In) => boolean } = {},
): NotifyEventType<K, Out, In> {
  return { kind, fields, ...options };
}

/**
 * Records an event of `type` in the write's transaction `tx`; it is handled once that commits,
 * or at `runAt` (a scheduled article's publishing time).
 */
export async function notifyLater<In extends object>(
  tx: DbOrTx,
  type: NotifyEventType<string, unknown, In>,
  fields: NoInfer<In>,
  options: { runAt?: Date } = {},
): Promise<void> {
  if (type.tellsNobody?.(fields)) return;
  await enqueue(tx, { kind: notifyJobKind, payload: { kind: type.kind, ...fields }, ...options });
}

/**
 * An event recorded inside the statement that writes what it tells of: `fields` is a jsonb
 * object of the event's fields made from the rows `inserted` names (a CTE of the rows just
 * written). Run the statement with `queryEnqueuing` (core/jobs.ts).
 */
export function notifyLaterFrom(
  type: NotifyEventType<string, unknown>,
  fields: SQL,
  inserted: SQL,
): SQL {
  return enqueueFrom(
    notifyJobKind,
    sql`jsonb_build_object('kind', ${type.kind}::text) || ${fields}`,
    inserted,
  );
}

/** How one kind of recorded event is handled: its fields, read back, and what is done with them. */
export interface NotifyEventHandler<Args extends unknown[], R> {
  readonly kind: string;
  handle(payload: unknown, ...args: Args): R;
}

/** Handles the events of `type` with `handle`, given their fields read back. */
export function onNotifyEvent<Out, Args extends unknown[], R>(
  type: NotifyEventType<string, Out, unknown>,
  handle: (fields: Out, ...args: Args) => R,
): NotifyEventHandler<Args, R> {
  return {
    kind: type.kind,
    handle: (payload, ...args) => handle(type.fields.parse(payload), ...args),
  };
}

/**
 * The handlers of every kind of event, by name: `handlerOf(payload)` finds the one for a
 * recorded event and throws for a kind nobody handles (the job is then retried, then kept as
 * dead). Two handlers of one kind stop the start.
 */
export function notifyEventHandlers<Args extends unknown[], R>(
  handlers: readonly NotifyEventHandler<Args, R>[],
): (payload: unknown) => (...args: Args) => R {
  const byKind = new Map<string, NotifyEventHandler<Args, R>>();
  for (const handler of handlers) {
    if (byKind.has(handler.kind)) throw new Error(`The event ${handler.kind} is handled twice`);
    byKind.set(handler.kind, handler);
  }
  const recorded = z.object({ kind: z.string() });
  return (payload) => {
    const { kind } = recorded.parse(payload);
    const handler = byKind.get(kind);
    if (!handler) throw new Error(`No handler for the event ${kind}`);
    return (...args) => handler.handle(payload, ...args);
  };
}
