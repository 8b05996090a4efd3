import type { Db } from '../platform/db/database.js';

/** An open transaction: what `db.transaction(async (tx) => …)` hands its callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A database handle or an open transaction: reads and writes that work inside either. */
export type DbOrTx = Db | Tx;
