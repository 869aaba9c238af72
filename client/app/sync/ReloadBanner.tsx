import { Button, MessageBar, MessageBarActions, MessageBarBody } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useLocalData } from '../../data/local/DataProvider';

/** A newer tab upgraded the local database: this tab closed its connection and must reload. */
export function ReloadBanner() {
  const { t } = useTranslation('sync');
  const { needsReload } = useLocalData();
  if (!needsReload) return null;
  return (
    <MessageBar layout="multiline" intent="warning" role="alert" data-testid="reload-banner">
      <MessageBarBody>{t('reload.message')}</MessageBarBody>
      <MessageBarActions>
        <Button onClick={() => window.location.reload()}>{t('reload.action')}</Button>
      </MessageBarActions>
    </MessageBar>
  );
}
