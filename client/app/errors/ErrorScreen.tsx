import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { ErrorCircleRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalM,
    paddingBlock: '15vh',
    paddingInline: tokens.spacingHorizontalXL,
    textAlign: 'center',
  },
  icon: { fontSize: '48px', color: tokens.colorPaletteRedForeground1 },
  title: { margin: 0, fontSize: tokens.fontSizeBase600 },
  message: { margin: 0, color: tokens.colorNeutralForeground2 },
});

/** The generic error screen: 'حدث خطأ', a message, and retry. */
export function ErrorScreen({ message, onRetry }: { message?: string; onRetry: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <main className={styles.root} role="alert">
      <ErrorCircleRegular className={styles.icon} aria-hidden />
      <h1 className={styles.title}>{t('errorScreen.title')}</h1>
      <p className={styles.message}>{message ?? t('errorScreen.message')}</p>
      <Button appearance="primary" onClick={onRetry}>
        {t('actions.retry')}
      </Button>
    </main>
  );
}
