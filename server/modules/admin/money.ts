/**
 * The admin panel's read-only view of the money on the platform: every purchase order,
 * tax invoice (and credit note) and payment, newest first, paged, searchable and filtered
 * by status. The admin watches and answers questions from these; nothing here changes a
 * document, which stays its parties' (orders and payments) or ZATCA's (cleared invoices).
 * Rows are lean, the columns a list shows, not the parties' whole documents.
 */
import type { Knex } from 'knex';
import type { SessionUser } from '../../auth/session-user';
import type {
  AdminInvoice,
  AdminInvoiceQuery,
  AdminPayment,
  AdminPaymentQuery,
  AdminPurchaseOrder,
  AdminPurchaseOrderQuery,
} from '../../../shared/schemas/admin';
import { page, type Page } from '../../db/page';
import { assertAdmin, newestFirst, whereSearch } from './lists';
import { partyNameSql } from '../../db/party-name';

/** The one status asked for, or every status. */
function whereStatus(q: Knex.QueryBuilder, column: string, status: string | undefined): Knex.QueryBuilder {
  return status ? q.where(column, status) : q;
}

export async function listAdminPurchaseOrders(knex: Knex, user: SessionUser, query: AdminPurchaseOrderQuery): Promise<Page<AdminPurchaseOrder>> {
  assertAdmin(user);
  const q = knex('purchase_orders as po')
    .join('users as bu', 'bu.id', 'po.buyer_id')
    .join('users as su', 'su.id', 'po.seller_id')
    .leftJoin('profiles as bp', 'bp.user_id', 'po.buyer_id')
    .leftJoin('profiles as sp', 'sp.user_id', 'po.seller_id')
    .select(
      'po.id',
      'po.number',
      'po.title',
      knex.raw(`${partyNameSql('bp', 'bu')} as buyer_name`),
      knex.raw(`${partyNameSql('sp', 'su')} as seller_name`),
      'po.total',
      'po.status',
      'po.issued_at',
    );
  whereStatus(q, 'po.status', query.status);
  whereSearch(q, query.search, ['po.number', 'po.title', 'bp.company_name', 'bu.name', 'sp.company_name', 'su.name']);
  return page(q, { ...query, orderBy: [{ column: 'po.issued_at', order: 'desc' }, { column: 'po.id', order: 'desc' }] });
}

/** Invoices and credit notes, the platform's own plan invoices among them; names as the document states them. */
export async function listAdminInvoices(knex: Knex, user: SessionUser, query: AdminInvoiceQuery): Promise<Page<AdminInvoice>> {
  assertAdmin(user);
  const q = knex('invoices as inv').select(
    'inv.id',
    'inv.kind',
    'inv.number',
    knex.raw(`inv.seller ->> 'legal_name' as seller_name`),
    knex.raw(`inv.buyer ->> 'legal_name' as buyer_name`),
    'inv.total',
    'inv.status',
    'inv.issued_at',
  );
  whereStatus(q, 'inv.status', query.status);
  whereSearch(q, query.search, ['inv.number', `inv.seller ->> 'legal_name'`, `inv.buyer ->> 'legal_name'`]);
  return page(q, { ...query, orderBy: [{ column: 'inv.issued_at', order: 'desc' }, { column: 'inv.id', order: 'desc' }] });
}

export async function listAdminPayments(knex: Knex, user: SessionUser, query: AdminPaymentQuery): Promise<Page<AdminPayment>> {
  assertAdmin(user);
  const q = knex('payments as pay')
    .join('invoices as inv', 'inv.id', 'pay.invoice_id')
    .join('users as pu', 'pu.id', 'pay.payer_id')
    .join('users as eu', 'eu.id', 'pay.payee_id')
    .leftJoin('profiles as pp', 'pp.user_id', 'pay.payer_id')
    .leftJoin('profiles as ep', 'ep.user_id', 'pay.payee_id')
    .select(
      'pay.id',
      'pay.invoice_id',
      'inv.number as invoice_number',
      knex.raw(`${partyNameSql('pp', 'pu')} as payer_name`),
      knex.raw(`${partyNameSql('ep', 'eu')} as payee_name`),
      'pay.method',
      'pay.amount',
      'pay.refunded',
      'pay.status',
      knex.raw(`to_char(pay.paid_on, 'YYYY-MM-DD') as paid_on`),
      'pay.reference',
      'pay.created_at',
    );
  whereStatus(q, 'pay.status', query.status);
  whereSearch(q, query.search, ['inv.number', 'pay.reference', 'pp.company_name', 'pu.name', 'ep.company_name', 'eu.name']);
  return page(q, { ...query, orderBy: newestFirst('pay') });
}
