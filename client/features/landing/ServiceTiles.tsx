import { FlashRegular, HeadsetRegular, ShieldCheckmarkRegular, VehicleTruckProfileRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { CardGrid, FeatureCard, Section } from './Section';

const SERVICES = [
  { key: 'instantOrders', icon: <FlashRegular /> },
  { key: 'transport', icon: <VehicleTruckProfileRegular /> },
  { key: 'quality', icon: <ShieldCheckmarkRegular /> },
  { key: 'support', icon: <HeadsetRegular /> },
] as const;

/** The four service tiles: instant orders, transport, quality guarantee, 24/7 support. */
export function ServiceTiles() {
  const { t } = useTranslation('landing');
  return (
    <Section id="services" title={t('services.title')} tinted>
      <CardGrid small>
        {SERVICES.map((service) => (
          <FeatureCard
            key={service.key}
            testId="service-tile"
            icon={service.icon}
            title={t(`services.${service.key}.title`)}
            body={t(`services.${service.key}.body`)}
          />
        ))}
      </CardGrid>
    </Section>
  );
}
