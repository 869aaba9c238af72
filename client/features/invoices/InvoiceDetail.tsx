import { Button, Caption1, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, DocumentDismissRegular, PrintRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { isAccepted, type Invoice } from '../../../shared/schemas/invoice';
import { invoicePdfUrl, invoiceXmlUrl } from '../../data/api/invoices';
import { PATHS } from '../../paths';
import { BackLink } from '../../ui/BackLink';
import { EmptyState, ListSkeleton } from '../../ui/ListStates';
import { useOnline } from '../../ui/useOnline';
import { CreditNoteAction } from './CreditNoteAction';
import { ClearanceNote, InvoiceBadges } from './InvoiceCard';
import { InvoiceDocument } from './InvoiceDocument';
import { RetryClearance } from './RetryClearance';
import { InvoicePayments } from '../payments/InvoicePayments';
import { sideOfInvoice, useCreditNotes, useInvoice } from './queries';
import { Identifier } from '../../ui/Identifier';
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
  const online = useOnline();
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
        </div>
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
          {side === 'seller' && invoice.status === 'pending' && <RetryClearance invoice={invoice} />}
        </div>
        {!online && <Caption1 data-testid="invoice-downloads-offline">{t('downloadsOffline')}</Caption1>}
      </div>
      <div data-print-root>
        <InvoiceDocument invoice={invoice} />
      </div>
      {invoice.kind === 'invoice' && <InvoicePayments invoice={invoice} accountId={accountId} />}
      {invoice.kind === 'invoice' && <CreditNoteLinks invoice={invoice} />}
    </section>
  );
}

/** The credit notes against an invoice that this device holds, each a link to its page. */
function CreditNoteLinks({ invoice }: { invoice: Invoice }) {
  const styles = useStyles();
  const { t } = useTranslation('invoices');
  const notes = useCreditNotes(invoice.id);
  if (!notes?.length) return null;
  return (
    <section className={styles.related} aria-labelledby="credit-notes" data-testid="credit-notes">
      <h2 id="credit-notes" className={styles.h2}>
        {t('creditNotes')}
      </h2>
      <ul className={styles.notes}>
        {notes.map((note) => (
          <li key={note.id}>
            <RouterLink to={`${PATHS.invoices}/${note.id}`} data-testid="credit-note-link">
              <Identifier>{note.number}</Identifier>
            </RouterLink>{' '}
            {t(`status.${note.status}`)}
          </li>
        ))}
      </ul>
    </section>
  );
}
