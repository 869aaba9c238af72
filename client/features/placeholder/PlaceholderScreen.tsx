import { makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  title: { marginBlock: `0 ${tokens.spacingVerticalS}`, fontSize: tokens.fontSizeBase600 },
  body: { margin: 0, color: tokens.colorNeutralForeground2, lineHeight: '1.6' },
});

export type PlaceholderKey = 'products' | 'projects' | 'instantOrders' | 'transport' | 'notifications' | 'pricing';

/** A signed-in screen whose content arrives with the offline data issue: its title and purpose. */
export function PlaceholderScreen({ screen }: { screen: PlaceholderKey }) {
  const styles = useStyles();
  const { t } = useTranslation('screens');
  return (
    <section aria-labelledby="screen-title">
      <h1 id="screen-title" className={styles.title}>
        {t(`${screen}.title`)}
      </h1>
      <p className={styles.body}>{t(`${screen}.description`)}</p>
    </section>
  );
}
