/**
 * While an admin has suspended the signed-in person's company: on every screen, what
 * happened, the admin's reason, what they cannot do and what they still can. It reads the
 * company's profile row from the local store (it syncs to every member), so it shows
 * offline too; before the first sync, the session's copy of the row.
 */
import { MessageBar, MessageBarBody, MessageBarTitle, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { accountIdOf } from '../../../shared/schemas/user';
import { useSession } from '../../data/session';
import { useMyProfile } from './queries';

const useStyles = makeStyles({
  bar: { marginBlockEnd: tokens.spacingVerticalM },
  body: { display: 'grid', gap: tokens.spacingVerticalXS },
  reason: { overflowWrap: 'anywhere', fontWeight: tokens.fontWeightSemibold },
});

export function SuspensionBanner() {
  const styles = useStyles();
  const { t } = useTranslation('common');
  const { session } = useSession();
  const accountId = session.status === 'signedIn' ? accountIdOf(session.user) : '';
  const local = useMyProfile(accountId);
  if (session.status !== 'signedIn') return null;
  const profile = local ?? session.profile;
  if (!profile?.suspended_at) return null;
  return (
    <MessageBar className={styles.bar} layout="multiline" intent="error" data-testid="suspension-banner">
      <MessageBarBody className={styles.body}>
        <MessageBarTitle>{t('suspension.title')}</MessageBarTitle>
        {profile.suspension_reason && (
          <Text block className={styles.reason} data-testid="suspension-reason">
            {t('suspension.reason', { reason: profile.suspension_reason })}
          </Text>
        )}
        <Text block>{t('suspension.cannot')}</Text>
        <Text block>{t('suspension.can')}</Text>
      </MessageBarBody>
    </MessageBar>
  );
}
