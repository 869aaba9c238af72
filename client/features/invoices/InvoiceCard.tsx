import { Button, MessageBar, MessageBarBody, MessageBarTitle, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Invoice } from '../../../shared/schemas/invoice';
import { useFormat } from '../../i18n/format';
import { PATHS } from '../../paths';
import { Facts, type Fact } from '../../ui/Facts';
import { ItemCard } from '../../ui/ItemCard';
import { StatusBadge } from '../../ui/StatusBadge';
import type { InvoiceSide } from './queries';
import { Identifier } from '../../ui/Identifier';
import { issuerLabel, planLabel } from './issuer';
import { PaymentBadge } from '../payments/PaymentBadge';
import { MatchBadge } from './MatchBadge';
import { INVOICE_TONE } from '../../ui/statusTones';

const useStyles = makeStyles({
  messages: { margin: 0, paddingInlineStart: tokens.spacingHorizontalL, overflowWrap: 'anywhere' },
  issuer: { fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightRegular, color: tokens.colorNeutralForeground2 },
});

/** The kind, the status and the reader's side of a document, as badges. */
export function InvoiceBadges({ invoice, side }: { invoice: Invoice; side: InvoiceSide }) {
  const { t } = useTranslation('invoices');
  return (
    <>
      <StatusBadge label={t(`kind.${invoice.kind}`)} tone="brand" status={invoice.kind} testId="invoice-kind" />
      <StatusBadge label={t(`status.${invoice.status}`)} tone={INVOICE_TONE[invoice.status]} status={invoice.status} testId="invoice-status" />
      <StatusBadge label={t(`side.${side}`)} tone="subtle" status={side} testId="invoice-side" />
    </>
  );
}

/**
 * What ZATCA said of a rejected document (its rule codes and messages, kept as ZATCA
 * wrote them under a heading in the reader's language), or that a pending one waits.
 */
export function ClearanceNote({ invoice }: { invoice: Invoice }) {
  const styles = useStyles();
  const { t } = useTranslation('invoices');
  if (invoice.status === 'pending')
    return (
      <MessageBar intent="warning" layout="multiline" data-testid="invoice-pending">
        <MessageBarBody>{t('pending')}</MessageBarBody>
      </MessageBar>
    );
  if (invoice.status !== 'rejected') return null;
  return (
    <MessageBar intent="error" layout="multiline" data-testid="invoice-rejected">
      <MessageBarBody>
        <MessageBarTitle>{t('rejected.title')}</MessageBarTitle>
        {t('rejected.body')}
        {invoice.messages.length > 0 && (
          <ul className={styles.messages} data-testid="zatca-messages">
            {invoice.messages.map((m, i) => (
              <li key={`${m.code}-${i}`} data-code={m.code}>
                <bdi>{t('rejected.message', { type: m.type, code: m.code, message: m.message })}</bdi>
              </li>
            ))}
          </ul>
        )}
      </MessageBarBody>
    </MessageBar>
  );
}

/** One document of the list: number and who issued it, kind, status, payment status, the other party, total with VAT, issue date. */
export function InvoiceCard({ invoice, side }: { invoice: Invoice; side: InvoiceSide }) {
  const styles = useStyles();
  const { t } = useTranslation('invoices');
  const format = useFormat();
  const navigate = useNavigate();
  const other = side === 'seller' ? invoice.buyer : invoice.seller;
  const facts: Fact[] = [
    { term: side === 'seller' ? t('card.buyer') : t('card.seller'), value: <bdi>{other.legal_name}</bdi>, testId: 'invoice-counterparty' },
    { term: t('card.total'), value: format.sar(invoice.total), testId: 'invoice-card-total' },
    { term: t('card.issued'), value: format.dateTime(invoice.issued_at) },
    invoice.plan
      ? { term: t('card.plan'), value: planLabel(t, invoice.plan), testId: 'invoice-card-plan' }
      : { term: t('card.purchaseOrder'), value: <Identifier>{invoice.purchase_order_number}</Identifier> },
  ];
  if (invoice.original_invoice_number) facts.push({ term: t('card.original'), value: <Identifier>{invoice.original_invoice_number}</Identifier> });
  if (invoice.dispute_id) facts.push({ term: t('card.dispute'), value: t('card.fromDispute'), testId: 'invoice-card-dispute' });
  return (
    <ItemCard testId="invoice-card" id={invoice.id} heading={
        <>
          <Identifier testId="invoice-card-number">{invoice.number}</Identifier>{' '}
          <span className={styles.issuer} data-testid="invoice-card-issuer">
            {issuerLabel(t, invoice)}
          </span>
        </>
      } badges={
        <>
          <InvoiceBadges invoice={invoice} side={side} />
          <PaymentBadge invoice={invoice} />
          <MatchBadge invoice={invoice} />
        </>
      }
    >
      <Facts facts={facts} />
      <ClearanceNote invoice={invoice} />
      <div>
        <Button onClick={() => void navigate(`${PATHS.invoices}/${invoice.id}`)} data-testid="open-invoice">
          {t('actions.open')}
        </Button>
      </div>
    </ItemCard>
  );
}
