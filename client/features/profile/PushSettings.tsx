/**
 * Notifications on this device: push on or off for this browser, and which kinds of news
 * are pushed (offers; bids and awards; deliveries; account), for every device of the user.
 */
import { Button, Card, MessageBar, MessageBarBody, Switch, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { disablePush, enablePush, pushState, usePushPreferences, type PushState } from '../../data/live/push';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  title: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  muted: { color: tokens.colorNeutralForeground3 },
});

export function PushSettings() {
  const styles = useStyles();
  const { t } = useTranslation('live');
  const [state, setState] = useState<PushState | undefined>();
  const [busy, setBusy] = useState(false);
  const { prefs, error, save, categories } = usePushPreferences();
  useEffect(() => {
    void pushState().then(setState);
  }, []);

  const toggleDevice = async () => {
    setBusy(true);
    try {
      if (state === 'on') {
        await disablePush();
        setState('off');
      } else setState(await enablePush());
    } catch {
      setState(await pushState());
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className={styles.root} data-testid="push-settings">
      <h2 className={styles.title}>{t('settings.title')}</h2>
      <div className={styles.row}>
        <Text>{t(`settings.device.${state ?? 'off'}`)}</Text>
        {(state === 'on' || state === 'off') && (
          <Button onClick={() => void toggleDevice()} disabled={busy} data-testid="push-device-toggle">
            {t(state === 'on' ? 'settings.turnOff' : 'settings.turnOn')}
          </Button>
        )}
      </div>
      <Text size={200} className={styles.muted}>
        {t('settings.categoriesHint')}
      </Text>
      {categories.map((c) => (
        <Switch
          key={c}
          label={t(`categories.${c}`)}
          checked={prefs?.[c] ?? true}
          disabled={!prefs}
          onChange={(_, d) => prefs && void save({ ...prefs, [c]: d.checked })}
          data-testid={`push-category-${c}`}
        />
      ))}
      {error !== undefined && (
        <MessageBar layout="multiline" intent="error">
          <MessageBarBody>{(error as Error).message}</MessageBarBody>
        </MessageBar>
      )}
    </Card>
  );
}
