/**
 * /sites/{id}: a site, its budget lines and its approval rules, from the local store. At
 * a phone's width each budget line is a card of stacked rows (every figure within the
 * screen); from a desk's, a table. Where every riyal stands is SiteBudgetStanding.tsx;
 * the owner edits the rules (ApprovalRules.tsx).
 */
import { Button, Caption1, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format';
import { PATHS } from '../../paths';
import { BackLink } from '../../ui/BackLink';
import { CARD_SURFACE } from '../../ui/ItemCard';
import { Facts } from '../../ui/Facts';
import { EmptyState } from '../../ui/ListStates';
import { RefusalNote } from '../../ui/RefusalNote';
import { useWide } from '../../ui/useWide';
import { useCategoryLabel } from '../rfqs/useCategoryLabel';
import { ApprovalRules } from './ApprovalRules';
import { useSiteMembers } from './members';
import { budgetTotal, siteKey, useSite, type ShownSite } from './queries';
import { SiteBadges, useSiteDates } from './SiteCard';
import { SiteBudgetStanding } from './SiteBudgetStanding';

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalL, minWidth: 0 },
  head: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  title: { margin: 0, fontSize: tokens.fontSizeBase600, lineHeight: tokens.lineHeightBase600, overflowWrap: 'anywhere' },
  panel: { display: 'grid', gap: tokens.spacingVerticalM, ...CARD_SURFACE },
  h2: { margin: 0, fontSize: tokens.fontSizeBase500 },
  muted: { color: tokens.colorNeutralForeground2 },
  lines: { display: 'grid', gap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyle: 'none' },
  card: { display: 'grid', gap: tokens.spacingVerticalXXS, padding: tokens.spacingHorizontalS, borderRadius: tokens.borderRadiusMedium, border: `1px solid ${tokens.colorNeutralStroke2}`, minWidth: 0 },
  cardHead: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'baseline', fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  // One row per figure, its name at the start and the value at the end: nothing off the screen.
  rows: { display: 'grid', margin: 0 },
  row: { display: 'flex', justifyContent: 'space-between', gap: tokens.spacingHorizontalM, paddingBlock: tokens.spacingVerticalXXS, borderBlockEndWidth: '1px', borderBlockEndStyle: 'dotted', borderBlockEndColor: tokens.colorNeutralStroke2 },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, textAlign: 'end', overflowWrap: 'anywhere' },
  money: { margin: 0, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
  table: { borderCollapse: 'collapse', width: '100%' },
  caption: { textAlign: 'start', paddingBlockEnd: tokens.spacingVerticalXS },
  cell: { padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`, textAlign: 'start', borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, overflowWrap: 'anywhere' },
  num: { padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`, textAlign: 'end', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  total: { fontWeight: tokens.fontWeightSemibold },
  totalRow: { display: 'flex', justifyContent: 'space-between', gap: tokens.spacingHorizontalM, fontWeight: tokens.fontWeightSemibold },
});

export function SiteDetail({ id }: { id: string }) {
  const styles = useStyles();
  const { t } = useTranslation('sites');
  const site = useSite(id);
  const dates = useSiteDates();
  const members = useSiteMembers();
  const navigate = useNavigate();
  if (site === undefined) return <Spinner label={t('loading')} />;
  if (site === null) {
    return (
      <section className={styles.root}>
        <BackLink to={PATHS.sites} label={t('back')} />
        {/* A site the server refused to create is gone from the device: the refusal says why. */}
        <RefusalNote rowKey={siteKey(id)} />
        <EmptyState title={t('detail.notFound')} testId="site-not-found" />
      </section>
    );
  }
  return (
    <section className={styles.root} aria-labelledby="screen-title" data-testid="site-detail" data-id={site.id} data-status={site.status} data-pending={site.pending || undefined}>
      <BackLink to={PATHS.sites} label={t('back')} />
      <div className={styles.head}>
        <h1 id="screen-title" className={styles.title}>
          <bdi>{site.name}</bdi>
        </h1>
        <SiteBadges site={site} />
        {site.status === 'active' && (
          // Any member raises a purchase request on an active site: the form opens on this site.
          <Button appearance="primary" icon={<AddRegular />} onClick={() => void navigate(`${PATHS.purchaseRequests}/new?site_id=${site.id}`)} data-testid="site-new-request">
            {t('detail.newRequest')}
          </Button>
        )}
      </div>
      {site.pending && <Text className={styles.muted}>{t('detail.waiting')}</Text>}
      <div className={styles.panel} role="group" aria-label={t('detail.facts')}>
        <Facts
          facts={[
            { term: t('card.location'), value: <bdi>{site.location}</bdi> },
            { term: t('card.dates'), value: dates(site) },
            { term: t('card.manager'), value: site.manager_id ? <bdi>{site.manager_name ?? members.nameOf(site.manager_id) ?? t('someone')}</bdi> : t('card.noManager'), testId: 'site-manager' },
          ]}
        />
      </div>
      <Budget site={site} />
      <SiteBudgetStanding siteId={site.id} />
      <ApprovalRules site={site} members={members} />
    </section>
  );
}

function Budget({ site }: { site: ShownSite }) {
  const styles = useStyles();
  const { t } = useTranslation('sites');
  const format = useFormat();
  const wide = useWide();
  const categoryName = useCategoryLabel();
  const lines = [...site.budget_lines].sort((a, b) => a.position - b.position);
  const total = format.sar(budgetTotal(lines));
  return (
    <section className={styles.panel} aria-labelledby="budget-title" data-testid="site-budget-lines">
      <h2 id="budget-title" className={styles.h2}>
        {t('detail.budget')}
      </h2>
      {lines.length === 0 ? (
        <Text className={styles.muted}>{t('detail.noLines')}</Text>
      ) : wide ? (
        <table className={styles.table}>
          <caption className={styles.caption}>
            <Caption1>{t('card.lines', { count: lines.length })}</Caption1>
          </caption>
          <thead>
            <tr>
              <th className={styles.num}>{t('detail.position')}</th>
              <th className={styles.cell}>{t('form.code')}</th>
              <th className={styles.cell}>{t('form.description')}</th>
              <th className={styles.num}>{t('form.quantity')}</th>
              <th className={styles.cell}>{t('form.unit')}</th>
              <th className={styles.cell}>{t('form.category')}</th>
              <th className={styles.num}>{t('form.budget_amount')}</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l) => (
              <tr key={l.id} data-testid="budget-line" data-id={l.id}>
                <td className={styles.num}>{format.number(l.position)}</td>
                <td className={styles.cell}>{l.code ? <bdi>{l.code}</bdi> : null}</td>
                <td className={styles.cell}>
                  <bdi>{l.description}</bdi>
                </td>
                <td className={styles.num}>{format.number(l.quantity)}</td>
                <td className={styles.cell}>
                  <bdi>{l.unit}</bdi>
                </td>
                <td className={styles.cell}>{l.category_id ? <bdi>{categoryName(l.category_id)}</bdi> : null}</td>
                <td className={styles.num} data-testid="budget-line-amount" data-value={l.budget_amount} data-money>
                  {format.sar(l.budget_amount)}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className={styles.total}>
              <td className={styles.cell} colSpan={6}>
                {t('detail.budgetTotal')}
              </td>
              <td className={styles.num} data-testid="budget-total" data-money>
                {total}
              </td>
            </tr>
          </tfoot>
        </table>
      ) : (
        <>
          <ol className={styles.lines}>
            {lines.map((l) => (
              <li key={l.id} className={styles.card} data-testid="budget-line" data-id={l.id}>
                <div className={styles.cardHead}>
                  <span>{l.code ? <bdi>{l.code}</bdi> : format.number(l.position)}</span>
                  <bdi>{l.description}</bdi>
                </div>
                <dl className={styles.rows}>
                  <div className={styles.row}>
                    <dt className={styles.term}>{t('form.quantity')}</dt>
                    <dd className={styles.money}>
                      {format.number(l.quantity)} <bdi>{l.unit}</bdi>
                    </dd>
                  </div>
                  {l.category_id && (
                    <div className={styles.row}>
                      <dt className={styles.term}>{t('form.category')}</dt>
                      <dd className={styles.value}>
                        <bdi>{categoryName(l.category_id)}</bdi>
                      </dd>
                    </div>
                  )}
                  <div className={styles.row}>
                    <dt className={styles.term}>{t('card.budget')}</dt>
                    <dd className={styles.money} data-testid="budget-line-amount" data-value={l.budget_amount} data-money>
                      {format.sar(l.budget_amount)}
                    </dd>
                  </div>
                </dl>
              </li>
            ))}
          </ol>
          <div className={styles.totalRow}>
            <span>{t('detail.budgetTotal')}</span>
            <span className={styles.money} data-testid="budget-total" data-money>
              {total}
            </span>
          </div>
        </>
      )}
    </section>
  );
}
