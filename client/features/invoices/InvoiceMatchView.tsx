import { Caption1, MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { Invoice, InvoiceMatch } from '../../../shared/schemas/invoice';
import { useFormat } from '../../i18n/format';
import { Facts } from '../../ui/Facts';
import { MatchBadge } from './MatchBadge';
import { matchReasons } from './rules';

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalS, minWidth: 0 },
  head: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  h2: { margin: 0, fontSize: tokens.fontSizeBase400 },
  lines: { display: 'grid', gap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyleType: 'none' },
  line: { display: 'grid', gap: tokens.spacingVerticalXS, padding: tokens.spacingHorizontalM, borderRadius: tokens.borderRadiusMedium, border: `1px solid ${tokens.colorNeutralStroke2}`, minWidth: 0 },
  off: { borderInlineStartWidth: '4px', borderInlineStartColor: tokens.colorPaletteMarigoldBorderActive },
  title: { fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  reasons: { margin: 0, paddingInlineStart: tokens.spacingHorizontalL, color: tokens.colorPaletteMarigoldForeground2 },
});

/**
 * An invoice's three-way match on its page: the badge (matched, or exception with the
 * reasons), the seller's reason for invoicing above the receipts, who paid it in exception
 * and when, then each line as a stacked card whose figures all stay within a phone's
 * width: ordered, received, rejected, invoiced (this invoice and before it), the order's
 * price against the invoice's, the difference, and why the line does not match.
 * Without the server's match (offline) the row's one word stands, with a note.
 */
export function InvoiceMatchView({ invoice, match }: { invoice: Invoice; match: InvoiceMatch | null }) {
  const styles = useStyles();
  const { t } = useTranslation('invoices');
  const format = useFormat();
  if (invoice.kind !== 'invoice' || !invoice.match_status) return null;
  const status = match?.status ?? invoice.match_status;
  return (
    <section className={styles.root} aria-labelledby="invoice-match-title" data-testid="invoice-match" data-match-status={status}>
      <div className={styles.head}>
        <h2 id="invoice-match-title" className={styles.h2}>
          {t('match.title')}
        </h2>
        <MatchBadge invoice={{ ...invoice, match_status: status }} reasons={match ? matchReasons(match) : undefined} />
      </div>
      {(match?.over_receipt_reason ?? invoice.over_receipt_reason) && (
        <Caption1 data-testid="invoice-over-reason">{t('match.overReason', { reason: match?.over_receipt_reason ?? invoice.over_receipt_reason })}</Caption1>
      )}
      {match?.exception_accepted_at && (
        <MessageBar layout="multiline" data-testid="invoice-paid-in-exception">
          <MessageBarBody>{t('match.paidInException', { who: match.exception_accepted_by ?? t('match.theBuyer'), at: format.dateTime(match.exception_accepted_at) })}</MessageBarBody>
        </MessageBar>
      )}
      {!match && <Caption1>{t('match.offline')}</Caption1>}
      {match && (
        <ol className={styles.lines}>
          {[...match.lines]
            .sort((a, b) => a.position - b.position)
            .map((l) => (
              <li key={l.invoice_line_id} className={l.exceptions.length ? `${styles.line} ${styles.off}` : styles.line} data-testid="match-line" data-exceptions={l.exceptions.join(' ')}>
                <span className={styles.title}>
                  {l.position}. <bdi>{l.description}</bdi>
                </span>
                <Facts
                  facts={[
                    { term: t('match.ordered'), value: `${format.number(l.ordered)} ${l.unit}`, testId: 'match-ordered' },
                    { term: t('match.received'), value: `${format.number(l.received)} ${l.unit}`, testId: 'match-received' },
                    { term: t('match.rejected'), value: `${format.number(l.rejected)} ${l.unit}`, testId: 'match-rejected' },
                    { term: t('match.invoiced'), value: `${format.number(l.invoiced)} ${l.unit}`, testId: 'match-invoiced' },
                    { term: t('match.invoicedBefore'), value: `${format.number(l.invoiced_before)} ${l.unit}` },
                    { term: t('match.orderPrice'), value: format.sar(l.order_unit_price), money: true },
                    { term: t('match.invoicePrice'), value: format.sar(l.invoice_unit_price), money: true },
                    { term: t('match.difference'), value: format.sar(l.difference), money: true, testId: 'match-difference' },
                  ]}
                />
                {l.exceptions.length > 0 && (
                  <ul className={styles.reasons}>
                    {l.exceptions.map((e) => (
                      <li key={e} data-testid="match-exception" data-exception={e}>
                        {t(`match.exception.${e}`)}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
        </ol>
      )}
    </section>
  );
}
