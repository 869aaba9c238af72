import { Badge, Caption1, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { Profile, SessionUser } from '../../data/types';
import { Rating } from '../../ui/Rating';
import { TierBadge } from '../../ui/TierBadge';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minInlineSize: 0 },
  name: { fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  line: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

/** Who is signed in: company name or email, role, verification tier, rating, owner badge. */
export function UserSummary({ user, profile }: { user: SessionUser; profile: Profile | null }) {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <div className={styles.root} data-testid="user-summary">
      <Text className={styles.name}>
        <bdi>{profile?.company_name || user.email}</bdi>
      </Text>
      <div className={styles.line}>
        {profile && <Caption1 data-testid="user-role">{t(`roles.${profile.role}.name`)}</Caption1>}
        <TierBadge tier={profile?.verification_tier} />
        {user.is_owner && (
          <Badge appearance="filled" color="brand">
            {t('nav.ownerBadge')}
          </Badge>
        )}
      </div>
      {profile && (
        <Caption1>
          <Rating average={profile.average_rating} count={profile.total_reviews} />
        </Caption1>
      )}
    </div>
  );
}
