/**
 * A person's exports: start one (one prepares at a time per person), read the latest,
 * open a ready one's ZIP. Only its person sees an export: any other id is a 404.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { SessionUser } from '../../auth/session-user';
import type { ObjectStore } from '../../storage';
import { notFound } from '../../../shared/errors';
import { ACCOUNT_EXPORT_KEEP_DAYS, type AccountExport } from '../../../shared/schemas/account-export';
import { exportKey } from './worker';

const COLUMNS = ['id', 'status', 'progress', 'bytes', 'created_at', 'finished_at', 'expires_at'];

function present(row: Record<string, unknown>): AccountExport {
  const at = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());
  return {
    id: row.id as string,
    status: row.status as AccountExport['status'],
    progress: Number(row.progress),
    bytes: row.bytes == null ? null : Number(row.bytes),
    created_at: at(row.created_at)!,
    finished_at: at(row.finished_at),
    expires_at: at(row.expires_at)!,
  };
}

/** Starts an export, or answers the one this person has preparing; `created` says which. */
export async function startExport(trx: Knex.Transaction, user: SessionUser, now: Date): Promise<{ created: boolean; job: AccountExport }> {
  const expires = new Date(now.getTime() + ACCOUNT_EXPORT_KEEP_DAYS * 86_400_000);
  // The partial unique index holds one preparing job per person, also against two starts at once.
  const inserted = await trx.raw(
    `insert into account_exports (id, user_id, expires_at) values (?, ?, ?)
       on conflict (user_id) where status = 'preparing' do nothing returning id`,
    [crypto.randomUUID(), user.id, expires],
  );
  const row = await trx('account_exports').where({ user_id: user.id, status: 'preparing' }).first(COLUMNS);
  return { created: inserted.rows.length > 0, job: present(row) };
}

/** The person's latest export, or null before any. */
export async function latestExport(db: Knex, user: SessionUser): Promise<AccountExport | null> {
  const row = await db('account_exports').where({ user_id: user.id }).orderBy('created_at', 'desc').first(COLUMNS);
  return row ? present(row) : null;
}

/** A ready export's ZIP, for its person only. */
export async function openExport(db: Knex, store: ObjectStore, user: SessionUser, id: string) {
  const row = await db('account_exports').where({ id, user_id: user.id, status: 'ready' }).first('id', 'created_at');
  const object = row ? await store.get(exportKey(row.id)) : null;
  if (!object) throw notFound('Export');
  return { object, name: `binaa-data-${new Date(row.created_at).toISOString().slice(0, 10)}.zip` };
}
