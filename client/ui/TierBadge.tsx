import { Badge } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { VerificationTier } from '../data/types';

const COLOR: Record<Exclude<VerificationTier, 'unverified'>, 'brand' | 'success' | 'informative' | 'warning' | 'important'> = {
  verified: 'success',
  silver: 'informative',
  gold: 'warning',
  platinum: 'brand',
  diamond: 'important',
};

/** The verification badge; the unverified tier shows none. */
export function TierBadge({ tier }: { tier: VerificationTier | null | undefined }) {
  // No badge, no translation hook: a list renders many cards of unverified suppliers.
  if (!tier || tier === 'unverified' || !(tier in COLOR)) return null;
  return <ShownTierBadge tier={tier} />;
}

function ShownTierBadge({ tier }: { tier: Exclude<VerificationTier, 'unverified'> }) {
  const { t } = useTranslation();
  return (
    <Badge appearance="tint" color={COLOR[tier]} data-testid="tier-badge">
      {t(`tiers.${tier}`)}
    </Badge>
  );
}
