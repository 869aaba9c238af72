import { useTranslation } from 'react-i18next';
import { PlainSpinner } from '../../ui/PlainSpinner';

/** Shown while the session or a lazily loaded screen is on its way (app/public.css). */
export function FullPageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="full-page-spinner" role="status">
      <PlainSpinner size="large" label={t('status.loading')} />
    </div>
  );
}
