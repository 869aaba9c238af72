import { MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../data/session';

const useStyles = makeStyles({
  title: { marginBlock: `0 ${tokens.spacingVerticalS}`, fontSize: tokens.fontSizeBase600 },
  body: { margin: 0, color: tokens.colorNeutralForeground2, lineHeight: '1.6' },
});

/** The admin panel; non-admins see the not-authorized message (SPEC section 6). */
export function AdminScreen() {
  const styles = useStyles();
  const { t } = useTranslation('screens');
  const { session } = useSession();
  const isAdmin = session.status === 'signedIn' && (session.user.is_admin || session.profile?.role === 'admin');
  return (
    <section aria-labelledby="screen-title">
      <h1 id="screen-title" className={styles.title}>
        {t('admin.title')}
      </h1>
      {isAdmin ? (
        <p className={styles.body}>{t('admin.description')}</p>
      ) : (
        <MessageBar intent="warning" role="alert" data-testid="admin-not-authorized">
          <MessageBarBody>{t('admin.notAuthorized')}</MessageBarBody>
        </MessageBar>
      )}
    </section>
  );
}
