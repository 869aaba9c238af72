import { ErrorCircleRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { PlainButton } from '../../ui/PlainButton';

/**
 * The generic error screen: 'حدث خطأ', a message, and retry. Plain elements (app/public.css):
 * it is part of the app's first JavaScript, so that it shows even when no other chunk loads.
 */
export function ErrorScreen({ message, onRetry }: { message?: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <main className="error-screen" role="alert">
      <ErrorCircleRegular className="error-screen__icon" aria-hidden />
      <h1 className="error-screen__title">{t('errorScreen.title')}</h1>
      <p className="error-screen__message">{message ?? t('errorScreen.message')}</p>
      <PlainButton appearance="primary" onClick={onRetry}>
        {t('actions.retry')}
      </PlainButton>
    </main>
  );
}
