/**
 * "Commercial register / السجل التجاري" on the company's tax screen: the last check of the
 * company's CR against the commercial register (what it found, when, and when it is
 * checked again), and for the owner a button that checks it now. The check asks the
 * register, so it needs the network: offline the panel says so. A CR that does not verify
 * says why in the reader's language, with the register's own name and status under it.
 */
import { Badge, Button, Card, MessageBar, MessageBarBody, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../data/api';
import { useCrVerification, verifyCr } from '../../data/api/commercial-register';
import { useSession } from '../../data/session';
import { useFormat } from '../../i18n/format';
import { Identifier } from '../../ui/Identifier';
import { CR_CHECK_TONE } from '../../ui/statusTones';

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalM },
  head: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  title: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground2, lineHeight: '1.6' },
  facts: { margin: 0, display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}` },
  term: { color: tokens.colorNeutralForeground2 },
  value: { margin: 0, overflowWrap: 'anywhere' },
});

export function CrVerificationPanel({ canVerify, online }: { canVerify: boolean; online: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation('company');
  const format = useFormat();
  const { refresh } = useSession();
  const [reload, setReload] = useState(0);
  const check = useCrVerification(online, reload);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const view = check.data;

  const verify = async () => {
    setBusy(true);
    setRefusal(null);
    try {
      await verifyCr();
      // The tier the check left shows on the person's own profile (the session's) too.
      void refresh();
    } catch (error) {
      setRefusal(error instanceof ApiError ? error.message : t('failed'));
    } finally {
      setBusy(false);
      setReload((n) => n + 1);
    }
  };

  return (
    <Card className={styles.root} data-testid="cr-verification">
      <div className={styles.head}>
        <h2 className={styles.title}>{t('cr.title')}</h2>
        {view && (
          <Badge appearance="tint" color={CR_CHECK_TONE[view.result]} data-testid="cr-result" data-result={view.result}>
            {t(`cr.result.${view.result}`)}
          </Badge>
        )}
      </div>
      <Text className={styles.muted}>{t('cr.intro')}</Text>
      {!online || check.error?.code === 'network_error' ? (
        <MessageBar layout="multiline" intent="warning" data-testid="cr-offline">
          <MessageBarBody>{t('cr.offline')}</MessageBarBody>
        </MessageBar>
      ) : check.loading && view === undefined ? (
        <Spinner size="tiny" label={t('cr.loading')} />
      ) : (
        <>
          {check.error && (
            <MessageBar layout="multiline" intent="error">
              <MessageBarBody>{check.error.message}</MessageBarBody>
            </MessageBar>
          )}
          {view ? (
            <>
              <Text data-testid="cr-reason">{t(`cr.why.${view.result}`)}</Text>
              <dl className={styles.facts}>
                <dt className={styles.term}>{t('cr.number')}</dt>
                <dd className={styles.value}>
                  <Identifier>{view.cr_number}</Identifier>
                </dd>
                {view.register_name && (
                  <>
                    <dt className={styles.term}>{t('cr.registerName')}</dt>
                    <dd className={styles.value} data-testid="cr-register-name">
                      <bdi>{view.register_name}</bdi>
                    </dd>
                  </>
                )}
                {view.register_status && (
                  <>
                    <dt className={styles.term}>{t('cr.registerStatus')}</dt>
                    <dd className={styles.value}>
                      <bdi>{view.register_status}</bdi>
                    </dd>
                  </>
                )}
                <dt className={styles.term}>{t('cr.checkedAt')}</dt>
                <dd className={styles.value}>{format.dateTime(view.checked_at)}</dd>
                {view.next_check_on && (
                  <>
                    <dt className={styles.term}>{t('cr.nextCheck')}</dt>
                    <dd className={styles.value} data-testid="cr-next-check">
                      {format.date(view.next_check_on)}
                    </dd>
                  </>
                )}
              </dl>
            </>
          ) : (
            !check.error && <Text data-testid="cr-never">{t('cr.never')}</Text>
          )}
          {refusal && (
            <MessageBar layout="multiline" intent="error" role="alert" data-testid="cr-refusal">
              <MessageBarBody>{refusal}</MessageBarBody>
            </MessageBar>
          )}
          {canVerify ? (
            <div>
              <Button appearance={view?.result === 'verified' ? 'secondary' : 'primary'} disabled={busy} onClick={() => void verify()} data-testid="cr-verify">
                {busy ? t('cr.checking') : t(view ? 'cr.checkAgain' : 'cr.check')}
              </Button>
            </div>
          ) : (
            <Text className={styles.muted}>{t('cr.ownerChecks')}</Text>
          )}
        </>
      )}
    </Card>
  );
}
