/**
 * The dashboard: greeting by time of day, stats cards per role, at most
 * two suggested next steps and quick actions, the last three products (supplier) or
 * projects, and the role's guide on the first visit. All from the local store.
 */
import { Button, Card, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowRightRegular, BoxRegular, BuildingRegular, VehicleTruckProfileRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { ComponentErrorBoundary } from '../../ui/ErrorBox';
import { PATHS } from '../../paths';
import { useSession } from '../../data/session';
import type { Profile, Role } from '../../data/types';
import { useFormat } from '../../i18n/format';
import { EmptyState, ListSkeleton } from '../../ui/ListStates';
import { StatusBadge } from '../../ui/StatusBadge';
import { greetingFor } from './greeting';
import { GuideDialog } from './GuideDialog';
import { QUICK_ACTIONS, nextSteps } from './nextSteps';
import { useDashboard, type DashboardData } from './queries';
import { accountIdOf } from '../../../shared/schemas/user';

const useStyles = makeStyles({
  root: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: tokens.spacingVerticalXL },
  title: { marginBlock: `0 ${tokens.spacingVerticalXS}`, fontSize: tokens.fontSizeBase600 },
  intro: { margin: 0, color: tokens.colorNeutralForeground2, lineHeight: '1.6' },
  h2: { margin: `0 0 ${tokens.spacingVerticalS}`, fontSize: tokens.fontSizeBase400 },
  stats: { display: 'grid', gap: tokens.spacingHorizontalM, gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 150px), 1fr))', margin: 0, padding: 0 },
  stat: { display: 'grid', gap: tokens.spacingVerticalXXS, padding: tokens.spacingHorizontalL, borderRadius: tokens.borderRadiusLarge, backgroundColor: tokens.colorNeutralBackground1, boxShadow: tokens.shadow4, margin: 0 },
  statValue: { fontSize: tokens.fontSizeHero700, fontWeight: tokens.fontWeightBold, color: tokens.colorBrandForeground1, lineHeight: tokens.lineHeightHero700, margin: 0 },
  statLabel: { color: tokens.colorNeutralForeground2 },
  columns: { display: 'grid', gap: tokens.spacingHorizontalXL, gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 320px), 1fr))' },
  steps: { display: 'grid', gap: tokens.spacingVerticalS },
  step: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  recent: { display: 'grid', gap: tokens.spacingVerticalS, listStyleType: 'none', margin: 0, padding: 0 },
  recentRow: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  muted: { color: tokens.colorNeutralForeground2 },
  name: { overflowWrap: 'anywhere' },
  flip: { ':dir(rtl)': { transform: 'scaleX(-1)' } },
});

export function DashboardScreen() {
  const styles = useStyles();
  const { t } = useTranslation(['dashboard', 'common']);
  const { session } = useSession();
  if (session.status !== 'signedIn') return null;
  const role: Role = session.profile?.role ?? 'contractor';
  const name = session.profile?.company_name || session.user.name || session.user.email;
  const greeting = greetingFor(new Date().getHours());
  return (
    <section className={styles.root} aria-labelledby="screen-title">
      <div>
        <h1 id="screen-title" className={styles.title} data-testid="dashboard-greeting">
          {t('greeting', { greeting: t(`greetings.${greeting}`), name })}
        </h1>
        <p className={styles.intro}>{t('signedInAs', { role: t(`common:roles.${role}.name`) })}</p>
      </div>
      <ComponentErrorBoundary>
        <DashboardBody role={role} me={accountIdOf(session.user)} profile={session.profile} />
      </ComponentErrorBoundary>
      <GuideDialog role={role} />
    </section>
  );
}

function DashboardBody({ role, me, profile }: { role: Role; me: string; profile: Profile | null }) {
  const styles = useStyles();
  const { t } = useTranslation('dashboard');
  const format = useFormat();
  const navigate = useNavigate();
  const data = useDashboard(role, me);
  if (!data) return <ListSkeleton label={t('loading')} rows={2} />;
  const steps = nextSteps(role, data.facts, profile);
  return (
    <>
      <section aria-labelledby="stats-title">
        <h2 id="stats-title" className={styles.h2}>
          {t('stats.title')}
        </h2>
        <dl className={styles.stats}>
          {data.stats.map((s) => (
            <div key={s.key} className={styles.stat} data-testid={`stat-${s.key}`}>
              <dt className={styles.statLabel}>{t(`stats.${s.key}`)}</dt>
              <dd className={styles.statValue} data-testid="stat-value">
                {format.number(s.value)}
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <div className={styles.columns}>
        <section aria-labelledby="next-title">
          <h2 id="next-title" className={styles.h2}>
            {t('next.title')}
          </h2>
          <div className={styles.steps}>
            {steps.length === 0 && <Text className={styles.muted}>{t('next.none')}</Text>}
            {steps.map((s) => (
              <Card key={s.key} data-testid="next-step">
                <div className={styles.step}>
                  <Text>{t(`next.${s.key}`)}</Text>
                  <Button appearance="primary" icon={<ArrowRightRegular className={styles.flip} />} iconPosition="after" onClick={() => navigate(s.path)}>
                    {t('next.go')}
                  </Button>
                </div>
              </Card>
            ))}
          </div>
        </section>
        <section aria-labelledby="quick-title">
          <h2 id="quick-title" className={styles.h2}>
            {t('quick.title')}
          </h2>
          <div className={styles.actions} data-testid="quick-actions">
            {QUICK_ACTIONS[role].map((a) => (
              <Button key={a.key} onClick={() => navigate(a.path)}>
                {t(`quick.${a.key}`)}
              </Button>
            ))}
            <Button onClick={() => navigate(PATHS.profile)} data-testid="quick-profile">
              {t('quick.profile')}
            </Button>
          </div>
        </section>
      </div>
      <Recent data={data} />
    </>
  );
}

function Recent({ data }: { data: DashboardData }) {
  const styles = useStyles();
  const { t } = useTranslation('dashboard');
  const format = useFormat();
  const kind = data.recentKind;
  const path = kind === 'products' ? PATHS.products : kind === 'projects' ? PATHS.projects : PATHS.transport;
  const icon = kind === 'products' ? <BoxRegular /> : kind === 'projects' ? <BuildingRegular /> : <VehicleTruckProfileRegular />;
  return (
    <section aria-labelledby="recent-title">
      <h2 id="recent-title" className={styles.h2}>
        {t(`recent.${kind}`)}
      </h2>
      {data.recent.length === 0 ? (
        <EmptyState icon={icon} title={t(`recent.empty.${kind}`)} action={<Link to={path}>{t('recent.open')}</Link>} />
      ) : (
        <ul className={styles.recent} data-testid="recent">
          {data.recent.map((item) => (
            <li key={item.id}>
              <Card data-testid="recent-item">
                <div className={styles.recentRow}>
                  <div>
                    <Text weight="semibold" className={styles.name}>
                      {item.route ? t('recent.route', { from: item.route.from, to: item.route.to }) : <bdi>{item.title}</bdi>}
                    </Text>
                    <br />
                    <Text size={200} className={styles.muted}>
                      {item.amount !== null
                        ? item.unit
                          ? t('recent.pricePerUnit', { price: format.sar(item.amount), unit: item.unit })
                          : format.sar(item.amount)
                        : format.date(item.created_at)}
                    </Text>
                  </div>
                  <StatusBadge label={t(`status.${item.status}`)} tone="brand" status={item.status} testId="recent-status" />
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {data.recent.length > 0 && <Link to={path}>{t('recent.all')}</Link>}
    </section>
  );
}
