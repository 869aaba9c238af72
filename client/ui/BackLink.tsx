import { makeStyles, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular, ArrowRightRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { dirOf } from '../i18n/languages';

const useStyles = makeStyles({
  back: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, justifySelf: 'start' },
});

/** A link back to a list, its arrow pointing back in the reading direction and held with its words. */
export function BackLink({ to, label, testId }: { to: string; label: string; testId?: string }) {
  const styles = useStyles();
  const { i18n } = useTranslation();
  const Arrow = dirOf(i18n.resolvedLanguage) === 'rtl' ? ArrowRightRegular : ArrowLeftRegular;
  return (
    <RouterLink className={styles.back} to={to} data-testid={testId}>
      <Arrow aria-hidden />
      {label}
    </RouterLink>
  );
}
