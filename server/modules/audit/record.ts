/**
 * Appends one row to the audit trail, INSIDE the action's own transaction: the row commits
 * with the action or not at all (no action without its row, no row without its action).
 * Called by the service functions REST and the sync push share, after the action's checks,
 * so a refused action writes nothing.
 *
 * The chain stays one line under concurrency: the append takes a transaction-level advisory
 * lock on the chain (held to commit), then reads the last hash and takes the next id, so the
 * next appender waits for this row to commit and chains to it. Call it late in the action:
 * the chain's lock is held from here until the transaction ends.
 *
 * What is kept: the fields that changed, [before, after]; never a secret: a field whose name
 * says cookie, token, password, secret, key, signature, private, csr or otp is dropped
 * whatever a caller passes (an invoice's signed XML and the unit's key never reach here).
 */
import type { Knex } from 'knex';
import type { SessionUser } from '../../auth/session-user';
import type { AuditAction, AuditChanges } from '../../../shared/schemas/audit';
import { GENESIS, rowHash } from './chain';

/** Who acted: a person as the session sees them (with the request's address), or null for the system. */
export type AuditActor = Pick<SessionUser, 'id' | 'company_id'> & { ip?: string | null };

export interface AuditInput {
  actor: AuditActor | null;
  /** The company the action belongs to, when it is not the actor's (an admin's or the system's action on a company's record). */
  company_id?: string | null;
  action: AuditAction;
  record_type: string;
  record_id: string;
  changes?: Record<string, [unknown, unknown]>;
}

const SECRET_FIELD = /cookie|token|passw|secret|(^|_)keys?($|_)|signature|private|csr|otp/i;

/** A value as JSON keeps it (a Date as its ISO string, undefined as null). */
const asJson = (value: unknown): unknown => (value === undefined ? null : JSON.parse(JSON.stringify(value)));

/** The fields that changed, as JSON, secrets left out. */
function changedFields(changes: AuditInput['changes']): AuditChanges {
  const kept: AuditChanges = {};
  for (const [field, [before, after]] of Object.entries(changes ?? {})) {
    if (SECRET_FIELD.test(field)) continue;
    const pair: [unknown, unknown] = [asJson(before), asJson(after)];
    if (JSON.stringify(pair[0]) !== JSON.stringify(pair[1])) kept[field] = pair;
  }
  return kept;
}

/** A chain per schema: tests (and tenants, were there any) never wait on another's. */
const CHAIN_LOCK_SQL = "select pg_advisory_xact_lock(hashtext(current_schema() || '.audit_log'))";

export async function recordAudit(trx: Knex.Transaction, input: AuditInput): Promise<void> {
  await lockForChain(trx);
  const last = await trx('audit_log').orderBy('id', 'desc').first('hash');
  const [{ id }] = (await trx.raw("select nextval(pg_get_serial_sequence('audit_log', 'id')) as id")).rows as Array<{ id: number | string }>;
  const row = {
    id: Number(id),
    at: new Date(),
    actor_id: input.actor?.id ?? null,
    company_id: input.company_id !== undefined ? input.company_id : (input.actor?.company_id ?? null),
    action: input.action,
    record_type: input.record_type,
    record_id: input.record_id,
    changes: changedFields(input.changes),
    ip: input.actor?.ip ?? null,
  };
  const prevHash: string = last?.hash ?? GENESIS;
  await trx('audit_log').insert({ ...row, changes: JSON.stringify(row.changes), prev_hash: prevHash, hash: rowHash(prevHash, row) });
}

const locked = new WeakSet<Knex.Transaction>();

/** The chain's lock, once per transaction (lockForTransaction's habit; its key is per schema here). */
async function lockForChain(trx: Knex.Transaction): Promise<void> {
  if (locked.has(trx)) return;
  await trx.raw(CHAIN_LOCK_SQL);
  locked.add(trx);
}
