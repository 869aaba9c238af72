import { makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../data/session';
import { CompanyRequests } from './CompanyRequests';
import { RequesterRequests } from './RequesterRequests';
import { accountIdOf } from '../../../shared/schemas/user';

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalL },
  title: { marginBlock: `0 ${tokens.spacingVerticalS}`, fontSize: tokens.fontSizeBase600, lineHeight: tokens.lineHeightBase600 },
  intro: { margin: 0, color: tokens.colorNeutralForeground2, lineHeight: '1.6' },
});

/**
 * /transport: a transport company quotes on pending requests and moves
 * the ones assigned to it; everyone else requests transport and picks a quote. Reads the
 * local store, so it works offline; writes wait in the outbox, marked "waiting to send".
 */
export function TransportScreen() {
  const styles = useStyles();
  const { t } = useTranslation('transport');
  const { session } = useSession();
  if (session.status !== 'signedIn') return null;
  const company = session.profile?.role === 'transport';
  return (
    <section className={styles.root} aria-labelledby="screen-title">
      <div>
        <h1 id="screen-title" className={styles.title}>
          {t('title')}
        </h1>
        <p className={styles.intro}>{t(company ? 'intro.company' : 'intro.requester')}</p>
      </div>
      {company ? <CompanyRequests userId={accountIdOf(session.user)} /> : <RequesterRequests userId={accountIdOf(session.user)} />}
    </section>
  );
}
