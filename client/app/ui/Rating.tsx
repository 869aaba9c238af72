import { makeStyles, tokens } from '@fluentui/react-components';
import { StarFilled } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format';

const useStyles = makeStyles({
  root: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, color: tokens.colorNeutralForeground2 },
  star: { color: tokens.colorPaletteMarigoldForeground1 },
});

/** Average rating with the review count, e.g. ★ 4.5 (12 reviews). */
export function Rating({ average, count }: { average: number | null | undefined; count: number | null | undefined }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const format = useFormat();
  const total = count ?? 0;
  if (!total) return <span className={styles.root}>{t('rating.none')}</span>;
  return (
    <span className={styles.root}>
      <StarFilled className={styles.star} aria-hidden />
      {t('rating.summary', { rating: format.rating(average ?? 0), count: total })}
    </span>
  );
}
