import { Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { Project } from '../../../shared/schemas/project';
import { useFormat } from '../../i18n/format';
import { bidValidUntil } from './bidForm';

/**
 * How a tender takes its bids, on its card: two envelopes (the technical ones opened and
 * evaluated first), and the bid bond it asks for, in percent of the amount, with the last
 * day it must stay valid (the bidding's close and the bid validity).
 */
export function EnvelopesLine({ project }: { project: Pick<Project, 'envelopes' | 'bid_bond_percent' | 'opens_at'> }) {
  const { t } = useTranslation('projects');
  const format = useFormat();
  const percent = project.bid_bond_percent;
  const until = bidValidUntil(project.opens_at);
  return (
    <>
      {project.envelopes === 2 && <Text data-testid="two-envelopes">{t('card.twoEnvelopes')}</Text>}
      {percent !== null && (
        <Text data-testid="bid-bond-required" data-percent={percent} data-until={until ?? ''}>
          {until
            ? t('card.bidBond', { percent: bondPercent(format, percent), date: format.date(`${until}T12:00:00Z`) })
            : t('card.bidBondNoDate', { percent: bondPercent(format, percent) })}
        </Text>
      )}
    </>
  );
}

/** A bond's percent as the reader writes one (٢٪ in Arabic). */
export function bondPercent(format: ReturnType<typeof useFormat>, percent: number): string {
  return format.number(percent / 100, { style: 'percent', maximumFractionDigits: 2 });
}
