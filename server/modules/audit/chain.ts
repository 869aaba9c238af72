/**
 * The audit trail's hash chain: each row's hash is sha256 over the hash of the row before it
 * and the row's own canonical content (RFC 8785 JSON, the `canonicalize` package: one byte
 * string for one content whatever the key order jsonb or a driver hands back), so changing,
 * removing or inserting a row anywhere breaks every hash from there on. The first row
 * chains to GENESIS. verifyChain is what `npm run audit:verify` runs.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import canonicalize from 'canonicalize';
import type { AuditChanges } from '../../../shared/schemas/audit';

export const GENESIS = '0'.repeat(64);

/** What a row's hash covers: everything it says, its place (id) among it. */
export interface ChainedContent {
  id: number;
  at: Date | string;
  actor_id: string | null;
  company_id: string | null;
  action: string;
  record_type: string;
  record_id: string;
  changes: AuditChanges;
  ip: string | null;
}

export function rowHash(prevHash: string, row: ChainedContent): string {
  const content = canonicalize({
    id: Number(row.id),
    at: new Date(row.at).toISOString(),
    actor_id: row.actor_id,
    company_id: row.company_id,
    action: row.action,
    record_type: row.record_type,
    record_id: row.record_id,
    changes: row.changes,
    ip: row.ip,
  });
  return crypto.createHash('sha256').update(`${prevHash}\n${content}`).digest('hex');
}

export type AuditVerification = { ok: true; count: number } | { ok: false; count: number; broken_id: number; reason: 'prev_hash' | 'hash' };

const BATCH = 1000;

/**
 * Walks the chain in id order, in batches: the first row whose prev_hash is not the hash
 * before it (a row removed or inserted before it) or whose hash is not its content's (a
 * row changed) is where it broke. `count`: the rows checked, up to and with that one.
 */
export async function verifyChain(knex: Knex): Promise<AuditVerification> {
  let prev = GENESIS;
  let after = 0;
  let count = 0;
  for (;;) {
    const rows: Array<ChainedContent & { prev_hash: string; hash: string }> = await knex('audit_log').where('id', '>', after).orderBy('id').limit(BATCH);
    for (const row of rows) {
      count++;
      if (row.prev_hash !== prev) return { ok: false, count, broken_id: Number(row.id), reason: 'prev_hash' };
      if (row.hash !== rowHash(prev, row)) return { ok: false, count, broken_id: Number(row.id), reason: 'hash' };
      prev = row.hash;
      after = Number(row.id);
    }
    if (rows.length < BATCH) return { ok: true, count };
  }
}
