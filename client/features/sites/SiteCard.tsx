import { Button, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useFormat } from '../../i18n/format';
import { PATHS } from '../../paths';
import { Facts } from '../../ui/Facts';
import { ItemCard } from '../../ui/ItemCard';
import { PendingBadge } from '../../ui/PendingBadge';
import { StatusBadge } from '../../ui/StatusBadge';
import { SITE_TONE } from '../../ui/statusTones';
import { budgetTotal, type ShownSite } from './queries';

/** A site's status, and whether it waits to be sent. */
export function SiteBadges({ site }: { site: ShownSite }) {
  const { t } = useTranslation('sites');
  return (
    <>
      <StatusBadge label={t(`status.${site.status}`)} tone={SITE_TONE[site.status]} status={site.status} testId="site-status" />
      {site.pending && <PendingBadge />}
    </>
  );
}

/** A site's dates as one phrase: both, one of them, or none. */
export function useSiteDates() {
  const { t } = useTranslation('sites');
  const format = useFormat();
  return (site: Pick<ShownSite, 'starts_on' | 'ends_on'>) =>
    site.starts_on && site.ends_on
      ? t('card.range', { start: format.date(site.starts_on), end: format.date(site.ends_on) })
      : site.starts_on
        ? t('card.from', { date: format.date(site.starts_on) })
        : site.ends_on
          ? t('card.until', { date: format.date(site.ends_on) })
          : t('card.noDates');
}

/** One site of the list: where, when, who runs it, its budget. */
export function SiteCard({ site }: { site: ShownSite }) {
  const { t } = useTranslation('sites');
  const format = useFormat();
  const navigate = useNavigate();
  const dates = useSiteDates();
  return (
    <ItemCard testId="site-card" id={site.id} heading={<bdi>{site.name}</bdi>} badges={<SiteBadges site={site} />}>
      <Facts
        facts={[
          { term: t('card.location'), value: <bdi>{site.location}</bdi> },
          { term: t('card.dates'), value: dates(site) },
          { term: t('card.manager'), value: site.manager_id ? <bdi>{site.manager_name ?? t('someone')}</bdi> : t('card.noManager'), testId: 'site-manager' },
          { term: t('card.budget'), value: format.sar(budgetTotal(site.budget_lines)), money: true, testId: 'site-budget' },
        ]}
      />
      <Text size={200}>{t('card.lines', { count: site.budget_lines.length })}</Text>
      <div>
        <Button onClick={() => void navigate(`${PATHS.sites}/${site.id}`)} data-testid="open-site">
          {t('card.open')}
        </Button>
      </div>
    </ItemCard>
  );
}
