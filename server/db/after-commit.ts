/**
 * Work that must wait until a transaction's writes are visible to others: a queue's worker
 * woken for the rows the transaction queued. The callback runs once the outermost
 * transaction has committed (a savepoint's release is not a commit: the push's savepoints
 * still roll back with it), and never when it rolls back. It runs after the commit, so it
 * cannot fail the transaction; its errors are its own.
 */
import type { Knex } from 'knex';

function afterCommit(trx: Knex.Transaction, fn: () => void): void {
  let root = trx;
  while (root.parentTransaction) root = root.parentTransaction;
  root.executionPromise.then(fn, () => {});
}

/** A queue's worker in this process (absent where none runs: a script, the bench), woken once `trx` commits. */
export function wakeAfterCommit(trx: Knex.Transaction, worker: { kick(): Promise<void> } | undefined): void {
  if (worker) afterCommit(trx, () => void worker.kick());
}
