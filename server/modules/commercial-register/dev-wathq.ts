/**
 * A development commercial register served by the same server at /dev-wathq/v4 (config.ts
 * DEV_WATHQ_PREFIX), as the development ZATCA stands in for ZATCA and the development
 * Moyasar for Moyasar: Wathq's path, header and shape (wathq.ts), so companies verify end
 * to end on a fresh machine. It judges as Wathq does where Wathq says how:
 * - the key in the `apiKey` header, else 401 {code, message};
 * - the id a 10-digit CR number or unified number (starting with 7), else 400;
 * - a CR the register does not hold: 404 {code, message}.
 * Its register: every CR a company on this server has given is registered, active, under
 * the company's legal name (the tax profile's, else the profile's company name), with a
 * yearly confirmation date taken from the number; and four test numbers answer what a
 * real register can (DEV_REGISTER_NUMBERS): suspended, expired, not found, and active
 * under another name.
 * It cannot run in production: devWathqRouter refuses, and createApp mounts it only when
 * WATHQ_* are unset, which production refuses (config.ts).
 */
import crypto from 'node:crypto';
import Router from '@koa/router';
import type { Context } from 'koa';
import { DEV_WATHQ_PREFIX, type Config } from '../../config';
import { hijriOf } from './hijri';

/** The development register's test numbers, as a payment gateway's test cards are. */
export const DEV_REGISTER_NUMBERS = {
  suspended: '7000000002',
  expired: '7000000003',
  not_found: '7000000004',
  /** active, registered under «مؤسسة السجل التجريبية» */
  other_name: '7000000005',
} as const;
const OTHER_NAME = 'مؤسسة السجل التجريبية';

const STATUS = {
  active: { id: 'active', name: 'السجل التجاري قائم' },
  suspended: { id: 'suspended', name: 'السجل التجاري موقوف' },
  expired: { id: 'expired', name: 'السجل التجاري منتهي' },
};

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The CR's yearly date in Hijri, from its number (a month and a day of it), in the year
 * it next falls on or after `today`; or, expired, in the year before.
 */
function yearlyDate(number: string, today: Date, expired: boolean): string {
  const n = Number(number.slice(-6));
  const month = (n % 12) + 1;
  const day = (Math.floor(n / 12) % 29) + 1;
  const [y, m, d] = hijriOf(today);
  const passed = m > month || (m === month && d > day);
  const year = expired ? y - 1 : passed ? y + 1 : y;
  return `${year}/${pad(month)}/${pad(day)}`;
}

export function devWathqRouter(config: Config): Router {
  if (config.production) throw new Error('The development commercial register never runs in production');
  const router = new Router({ prefix: `${DEV_WATHQ_PREFIX}/v4` });
  const key = Buffer.from(config.wathq.apiKey);
  const refuse = (ctx: Context, status: number, message: string) => {
    ctx.status = status;
    ctx.body = { code: String(status), message };
  };

  router.get('/commercialregistration/info/:id', async (ctx) => {
    const given = Buffer.from(ctx.get('apiKey'));
    if (given.length !== key.length || !crypto.timingSafeEqual(given, key)) return refuse(ctx, 401, 'Invalid ApiKey');
    const id = ctx.params.id;
    if (!/^\d{10}$/.test(id)) return refuse(ctx, 400, 'Invalid commercial registration number');
    if (id === DEV_REGISTER_NUMBERS.not_found) return refuse(ctx, 404, 'Commercial registration not found');
    const today = new Date(`${ctx.deps.clock.now().toISOString().slice(0, 10)}T00:00:00Z`);
    const company =
      id === DEV_REGISTER_NUMBERS.other_name
        ? { name: OTHER_NAME }
        : await ctx.deps.knex('profiles as p')
            .leftJoin('company_tax_profiles as t', 't.company_id', 'p.user_id')
            .where((w) => w.where('p.cr_number', id).orWhere('t.cr_number', id))
            .first(ctx.deps.knex.raw('coalesce(t.legal_name, p.company_name) as name'));
    const status = id === DEV_REGISTER_NUMBERS.suspended ? STATUS.suspended : id === DEV_REGISTER_NUMBERS.expired ? STATUS.expired : STATUS.active;
    const name = company?.name ?? (status === STATUS.active ? null : OTHER_NAME);
    if (!name) return refuse(ctx, 404, 'Commercial registration not found');
    ctx.body = {
      cr_info: {
        cr_name: name,
        cr_number: Number(id),
        cr_entity_no: id.startsWith('7') ? Number(id) : null,
        cr_issue_date: yearlyDate(id, new Date(today.getTime() - 5 * 365 * 86_400_000), false),
        cr_expiry_date: yearlyDate(id, today, status === STATUS.expired),
        cr_main_number: null,
        cr_status: { ...status, name_en: status.name },
        cr_cancellation: null,
      },
    };
  });
  return router;
}
