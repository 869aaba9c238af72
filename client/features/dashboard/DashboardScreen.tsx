import { makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../data/session';
import { isolate } from '../../i18n/format';
import { greetingFor } from './greeting';

const useStyles = makeStyles({
  title: { marginBlock: `0 ${tokens.spacingVerticalS}`, fontSize: tokens.fontSizeBase600 },
  intro: { margin: 0, color: tokens.colorNeutralForeground2, lineHeight: '1.6' },
});

/** The dashboard: for now the greeting by time of day and the role (the rest comes with the data issue). */
export function DashboardScreen() {
  const styles = useStyles();
  const { t } = useTranslation(['screens', 'common']);
  const { session } = useSession();
  if (session.status !== 'signedIn') return null;
  const name = session.profile?.company_name || session.user.name || session.user.email;
  const greeting = greetingFor(new Date().getHours());
  return (
    <section aria-labelledby="dashboard-title">
      <h1 id="dashboard-title" className={styles.title} data-testid="dashboard-greeting">
        {t('dashboard.greeting', { greeting: t(`dashboard.greetings.${greeting}`), name: isolate(name) })}
      </h1>
      {session.profile && (
        <p className={styles.intro}>{t('dashboard.signedInAs', { role: t(`common:roles.${session.profile.role}.name`) })}</p>
      )}
    </section>
  );
}
