/**
 * An invoice's three-way match in one word, as a badge: matched, or exception with its
 * reasons when the reader's screen has them (the match's lines; in a list, the seller's
 * over-receipt reason says it bills goods not received). Only an invoice has a match: a note's row carries
 * match_status null and shows none.
 */
import { useTranslation } from 'react-i18next';
import type { Invoice, MatchException } from '../../../shared/schemas/invoice';
import { StatusBadge } from '../../ui/StatusBadge';

export function MatchBadge({ invoice, reasons }: { invoice: Pick<Invoice, 'kind' | 'match_status' | 'over_receipt_reason'>; reasons?: readonly MatchException[] }) {
  const { t } = useTranslation('invoices');
  if (invoice.kind !== 'invoice' || !invoice.match_status) return null;
  if (invoice.match_status === 'matched') return <StatusBadge label={t('match.matched')} tone="success" status="matched" testId="match-status" />;
  const why = reasons?.length ? reasons.map((r) => t(`match.exception.${r}`)) : invoice.over_receipt_reason ? [t('match.exception.not_received')] : [];
  // A badge is one line of fixed height: the first reason and how many more, so it stays within a phone's width (the match lists each line's reasons).
  const label = why.length ? t('match.exceptionWith', { reasons: why.length > 1 ? `${why[0]} ${t('match.more', { n: why.length - 1 })}` : why[0] }) : t('match.exceptionPlain');
  return <StatusBadge label={label} tone="warning" status="exception" testId="match-status" />;
}
