import { BoxRegular, BuildingGovernmentRegular, WrenchRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { CardGrid, FeatureCard, Section } from './Section';

const ROLES = [
  { key: 'supplier', icon: <BoxRegular /> },
  { key: 'contractor', icon: <WrenchRegular /> },
  { key: 'government', icon: <BuildingGovernmentRegular /> },
] as const;

/** The three role cards: suppliers, contractors, government. */
export function RoleCards() {
  const { t } = useTranslation('landing');
  return (
    <Section id="roles" title={t('roles.title')}>
      <CardGrid>
        {ROLES.map((role) => (
          <FeatureCard
            key={role.key}
            testId="role-card"
            icon={role.icon}
            title={t(`roles.${role.key}.title`)}
            body={t(`roles.${role.key}.body`)}
          />
        ))}
      </CardGrid>
    </Section>
  );
}
