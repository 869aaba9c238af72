import { Button, Caption1, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, DocumentDismissRegular, PrintRegular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { isAccepted, type Invoice } from '../../../shared/schemas/invoice';
import { invoicePdfUrl, invoiceXmlUrl } from '../../data/api/invoices';
import { PATHS } from '../../paths';
import { BackLink } from '../../ui/BackLink';
import { EmptyState, ListSkeleton } from '../../ui/ListStates';
import { useOnline } from '../../ui/useOnline';
import { CreditNoteAction } from './CreditNoteAction';
import { DebitNoteAction } from './DebitNoteAction';
import { InvoiceMatchView } from './InvoiceMatchView';
import { useInvoiceMatch } from './useInvoiceMatch';
import { MatchBadge } from './MatchBadge';
import { ClearanceNote, InvoiceBadges } from './InvoiceCard';
import { InvoiceDocument } from './InvoiceDocument';
import { RetryClearance } from './RetryClearance';
import { InvoicePayments } from '../payments/InvoicePayments';
import { sideOfInvoice, useCreditNotes, useInvoice } from './queries';
import { Identifier } from '../../ui/Identifier';
import { useFormat } from '../../i18n/format';
import { matchReasons } from './rules';
import './print.css';

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalL, minWidth: 0 },
  head: { display: 'grid', gap: tokens.spacingVerticalS },
  title: { margin: 0, fontSize: tokens.fontSizeBase600, lineHeight: tokens.lineHeightBase600, overflowWrap: 'anywhere' },
  badges: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  related: { display: 'grid', gap: tokens.spacingVerticalXS },
  h2: { margin: 0, fontSize: tokens.fontSizeBase400 },
  notes: { margin: 0, paddingInlineStart: tokens.spacingHorizontalL },
});

/** /invoices/{id}: one document as issued, with its clearance state, its downloads and, for the seller of an invoice ZATCA accepted (cleared or reported), the credit note. */
export function InvoiceDetail({ id, accountId }: { id: string; accountId: string }) {
  const styles = useStyles();
  const { t } = useTranslation('invoices');
  const invoice = useInvoice(id);
  const back = <BackLink to={PATHS.invoices} label={t('back')} testId="back-to-invoices" />;

  if (invoice === undefined) return <ListSkeleton rows={2} label={t('loading')} />;
  if (invoice === null)
    return (
      <section className={styles.root} aria-labelledby="screen-title">
        {back}
        <h1 id="screen-title" className={styles.title}>
          {t('missing.title')}
        </h1>
        <EmptyState icon={<DocumentDismissRegular />} title={t('missing.title')} body={t('missing.body')} testId="invoice-missing" />
      </section>
    );
  return <InvoiceFound invoice={invoice} accountId={accountId} back={back} />;
}

function InvoiceFound({ invoice, accountId, back }: { invoice: Invoice; accountId: string; back: ReactNode }) {
  const styles = useStyles();
  const { t } = useTranslation('invoices');
  const online = useOnline();
  const match = useInvoiceMatch(invoice);
  const side = sideOfInvoice(invoice, accountId);
  return (
    <section className={styles.root} aria-labelledby="screen-title" data-testid="invoice-detail" data-invoice-id={invoice.id} data-status={invoice.status}>
      {back}
      <div className={styles.head}>
        <h1 id="screen-title" className={styles.title}>
          {t(`kind.${invoice.kind}`)} <Identifier>{invoice.number}</Identifier>
        </h1>
        <div className={styles.badges}>
          <InvoiceBadges invoice={invoice} side={side} />
          <MatchBadge invoice={match ? { ...invoice, match_status: match.status } : invoice} reasons={match ? matchReasons(match) : undefined} />
        </div>
        <NoteOrigin invoice={invoice} />
        <ClearanceNote invoice={invoice} />
        <div className={styles.actions}>
          <Button icon={<PrintRegular />} onClick={() => window.print()} data-testid="invoice-print">
            {t('actions.print')}
          </Button>
          <Button as="a" href={invoicePdfUrl(invoice.id)} disabled={!online} download={`${invoice.number}.pdf`} icon={<ArrowDownloadRegular />} data-testid="invoice-pdf">
            {t('actions.pdf')}
          </Button>
          <Button as="a" href={invoiceXmlUrl(invoice.id)} disabled={!online} download={`${invoice.number}.xml`} icon={<ArrowDownloadRegular />} data-testid="invoice-xml">
            {t('actions.xml')}
          </Button>
          {side === 'seller' && invoice.kind === 'invoice' && isAccepted(invoice.status) && <CreditNoteAction invoice={invoice} />}
          {side === 'seller' && invoice.kind === 'invoice' && isAccepted(invoice.status) && <DebitNoteAction invoice={invoice} />}
          {side === 'seller' && invoice.status === 'pending' && <RetryClearance invoice={invoice} />}
        </div>
        {!online && <Caption1 data-testid="invoice-downloads-offline">{t('downloadsOffline')}</Caption1>}
      </div>
      <div data-print-root>
        <InvoiceDocument invoice={invoice} />
      </div>
      <InvoiceMatchView invoice={invoice} match={match} />
      {invoice.kind !== 'credit_note' && <InvoicePayments invoice={invoice} accountId={accountId} match={match} />}
      {invoice.kind === 'invoice' && <CreditNoteLinks invoice={invoice} />}
    </section>
  );
}

/** The credit and debit notes against an invoice that this device holds, each a link to its page with its kind, state and total; a credit note that settles a dispute says so. */
function CreditNoteLinks({ invoice }: { invoice: Invoice }) {
  const styles = useStyles();
  const { t } = useTranslation('invoices');
  const format = useFormat();
  const notes = useCreditNotes(invoice.id);
  if (!notes?.length) return null;
  return (
    <section className={styles.related} aria-labelledby="credit-notes" data-testid="credit-notes">
      <h2 id="credit-notes" className={styles.h2}>
        {t('notesAgainst')}
      </h2>
      <ul className={styles.notes}>
        {notes.map((note) => (
          <li key={note.id}>
            <RouterLink to={`${PATHS.invoices}/${note.id}`} data-testid="credit-note-link">
              {t(`kind.${note.kind}`)} <Identifier>{note.number}</Identifier>
            </RouterLink>{' '}
            {t(`status.${note.status}`)} · <span data-money>{format.sar(note.total)}</span>
            {note.dispute_id && <> · {t('fromDispute')}</>}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A note says what it adjusts: the invoice it is against (a link) and, for a credit note settling a dispute, the dispute on its order. */
function NoteOrigin({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation('invoices');
  if (invoice.kind === 'invoice' || !invoice.original_invoice_id) return null;
  return (
    <Caption1 data-testid="note-origin">
      {t('againstInvoice')}{' '}
      <RouterLink to={`${PATHS.invoices}/${invoice.original_invoice_id}`}>
        <Identifier>{invoice.original_invoice_number ?? ''}</Identifier>
      </RouterLink>
      {invoice.reason && <> · {t('noteReason', { reason: invoice.reason })}</>}
      {invoice.dispute_id && invoice.purchase_order_id && (
        <>
          {' · '}
          <RouterLink to={`${PATHS.purchaseOrders}/${invoice.purchase_order_id}`} data-testid="note-dispute" data-dispute-id={invoice.dispute_id}>
            {t('settlesDispute', { order: invoice.purchase_order_number ?? '' })}
          </RouterLink>
        </>
      )}
    </Caption1>
  );
}
