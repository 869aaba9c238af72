import {
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { INSTALL_PROMPT_DELAY_MS } from '../../../shared/constants';
import { installPromptDelay, isInstalled, rememberDismissal, wasDismissed } from './installPrompt';
import { getPwaState, setPwaState, subscribePwa } from './pwaStore';

const useStyles = makeStyles({
  dock: {
    position: 'fixed',
    insetInline: tokens.spacingHorizontalM,
    insetBlockEnd: tokens.spacingVerticalM,
    zIndex: 20,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    maxInlineSize: '560px',
    marginInline: 'auto',
  },
});

/** The update prompt (a new version is waiting) and the install prompt, docked at the bottom. */
export function PwaPrompts() {
  const styles = useStyles();
  const { t } = useTranslation();
  const pwa = useSyncExternalStore(subscribePwa, getPwaState);
  const [showInstall, setShowInstall] = useState(false);

  useEffect(() => {
    const delay = installPromptDelay(pwa.installEventAt, Date.now(), INSTALL_PROMPT_DELAY_MS, isInstalled(), wasDismissed());
    if (delay === null) return;
    const timer = window.setTimeout(() => setShowInstall(true), delay);
    return () => window.clearTimeout(timer);
  }, [pwa.installEventAt]);

  const install = async () => {
    const event = pwa.installEvent;
    setShowInstall(false);
    if (!event) return;
    await event.prompt();
    const choice = await event.userChoice;
    if (choice.outcome === 'dismissed') rememberDismissal();
    setPwaState({ installEvent: null });
  };

  const dismissInstall = () => {
    rememberDismissal();
    setShowInstall(false);
  };

  if (!pwa.updateReady && !(showInstall && pwa.installEvent)) return null;
  return (
    <div className={styles.dock}>
      {pwa.updateReady && (
        <MessageBar intent="info" layout="multiline" data-testid="update-prompt">
          <MessageBarBody>
            <MessageBarTitle>{t('pwa.update.title')}</MessageBarTitle>
            {t('pwa.update.body')}
          </MessageBarBody>
          <MessageBarActions>
            <Button appearance="primary" onClick={() => pwa.applyUpdate?.()}>
              {t('pwa.update.reload')}
            </Button>
            <Button onClick={() => setPwaState({ updateReady: false })}>{t('pwa.update.later')}</Button>
          </MessageBarActions>
        </MessageBar>
      )}
      {showInstall && pwa.installEvent && (
        <MessageBar intent="success" layout="multiline" data-testid="install-prompt">
          <MessageBarBody>
            <MessageBarTitle>{t('pwa.install.title')}</MessageBarTitle>
            {t('pwa.install.body')}
          </MessageBarBody>
          <MessageBarActions>
            <Button appearance="primary" onClick={install}>
              {t('pwa.install.install')}
            </Button>
            <Button onClick={dismissInstall}>{t('pwa.install.dismiss')}</Button>
          </MessageBarActions>
        </MessageBar>
      )}
    </div>
  );
}
