/**
 * Where the database's own time may decide something. Every time rule takes `now` from
 * the app's clock (server/clock.ts), so the test clock moves them all; a rule that asked
 * SQL for now() instead would keep the real time under a moved clock and part from the
 * device that computes the same rule. The database's time stays only where the real
 * wall clock is what is meant: audit timestamps (when a row was written, deleted,
 * rendered) and infrastructure between processes and browsers (sessions, login codes,
 * leases, retries, heartbeats, log compaction). Each such file is listed here with its
 * reason and how many uses it has; a new use anywhere else, or one more in a listed file,
 * fails until it takes `now` as a parameter or is listed with its reason.
 *
 * The migrations are not scanned: they are history, never edited once run. Their now()
 * are column defaults of audit timestamps (created_at, updated_at, received_at), the
 * clearance and scorecard queues' wake-up triggers (infrastructure, as below), and the default of
 * instant_orders.expires_at, which no insert relies on: the service writes
 * instantOrderExpiry at the app's `now`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '..');

/** now(), current_timestamp and their kin, in SQL text (a string or template literal). */
const SQL_NOW = /(?<![.\w])now\(\)|\b(?:current_timestamp|current_date|localtimestamp|transaction_timestamp|statement_timestamp|clock_timestamp)\b/gi;
/** knex's fn.now(), which writes now() into the statement. */
const KNEX_NOW = /\bfn\.now\(\)/g;
const STRINGS = /'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g;

const AUDIT = 'audit timestamp: when the row was written, on the real time';
const ALLOWED: Record<string, { uses: number; why: string }> = {
  'server/db/replica.ts': { uses: 1, why: "the read replica's replay lag, on the database's own clock: an operator's measure of infrastructure" },
  'server/modules/data-export/worker.ts': { uses: 5, why: 'leases between server processes on an export job, and when it finished: infrastructure and an audit timestamp' },
  'server/modules/account/deletion.ts': { uses: 2, why: AUDIT },
  'server/modules/invoices/clearance-queue.ts': { uses: 7, why: 'leases and retry times between server processes: wall-clock infrastructure, not a rule a user meets' },
  'server/modules/scorecards/queue.ts': { uses: 5, why: 'leases and retry times between server processes: wall-clock infrastructure, not a rule a user meets' },
  'server/modules/push/send.ts': { uses: 1, why: "whether a browser's foreground heartbeat is fresh: the real time of that browser" },
  'server/modules/push/service.ts': { uses: 1, why: "the foreground heartbeat's own time stamp (read by push/send.ts)" },
  'server/modules/sync/maintenance.ts': { uses: 1, why: 'compacting the change log after real days: infrastructure' },
  'server/modules/metrics/queues.ts': { uses: 5, why: "how long queued rows have waited, on the database's time that wrote them: an operator's measure, not a rule a user meets" },
  'server/auth/session-store.ts': { uses: 3, why: 'session and login-code expiry: infrastructure of signing in' },
  'server/auth/login-codes.ts': { uses: 2, why: 'login-code expiry and use: infrastructure of signing in' },
  'server/auth/users.ts': { uses: 1, why: AUDIT },
  'server/modules/admin/users.ts': { uses: 1, why: AUDIT },
  'server/modules/admin/moderation.ts': { uses: 2, why: AUDIT },
  'server/modules/invoices/pdf-service.ts': { uses: 1, why: AUDIT },
  'server/modules/profiles/service.ts': { uses: 1, why: AUDIT },
  'server/modules/company/tax-profile.ts': { uses: 2, why: AUDIT },
  'server/modules/sync/push.ts': { uses: 2, why: AUDIT },
  'server/modules/products/price-list.ts': { uses: 2, why: AUDIT },
  'server/modules/products/service.ts': { uses: 1, why: AUDIT },
  'server/modules/sites/service.ts': { uses: 1, why: AUDIT },
  'server/test/invoice-rows.ts': { uses: 1, why: `${AUDIT} (a test's fixture)` },
};

/** Source files under `dir`, tests and comments aside. */
function sources(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'))
    .map((f) => path.join(dir, f).split(path.sep).join('/'));
}

/** The text of a file without its comments, so a comment may name now(). */
const code = (file: string): string =>
  fs
    .readFileSync(path.join(ROOT, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

function sqlNowUses(text: string): number {
  const inSql = (text.match(STRINGS) ?? []).reduce((n, literal) => n + (literal.match(SQL_NOW)?.length ?? 0), 0);
  return inSql + (text.match(KNEX_NOW)?.length ?? 0);
}

describe("the database's now()", () => {
  it('appears only where the list says why: audit timestamps and infrastructure, never a rule', () => {
    const found: Record<string, number> = {};
    for (const file of [...sources('server'), ...sources('shared')]) {
      const uses = sqlNowUses(code(file));
      if (uses) found[file] = uses;
    }
    expect(found).toEqual(Object.fromEntries(Object.entries(ALLOWED).map(([file, { uses }]) => [file, uses])));
  });

  it('is told from the app clock and from Date.now()', () => {
    expect(sqlNowUses("trx.raw('expires_at <= now()')")).toBe(1);
    expect(sqlNowUses('.where(x, trx.fn.now())')).toBe(1);
    expect(sqlNowUses('db.raw("select current_timestamp")')).toBe(1);
    expect(sqlNowUses('`case when ${x} then now() end`')).toBe(1);
    expect(sqlNowUses('clock.now(); Date.now(); deps.clock.now(); const now = () => 1; now();')).toBe(0);
  });
});
