/**
 * "E-invoicing / الفوترة الإلكترونية" on the company screen of a supplier: the unit's
 * status with ZATCA, and for the owner the onboarding: the six-digit code from the Fatoora
 * portal and one button. Onboarding talks to ZATCA and the keys stay on the server, so it
 * needs the network: offline the panel says so and the button waits. A refusal shows the
 * reason in the reader's language and ZATCA's own messages under it.
 */
import { Badge, Button, Card, Field, Input, MessageBar, MessageBarBody, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { onboardSchema, type ZatcaMessage } from '../../../shared/schemas/einvoicing';
import { ApiError } from '../../data/api';
import { onboardEinvoicing, useEinvoicingStatus } from '../../data/api/einvoicing';
import { useFormat } from '../../i18n/format';
import { EINVOICING_TONE } from '../../ui/statusTones';

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalM },
  head: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  title: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground2, lineHeight: '1.6' },
  form: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'end' },
  otp: { maxWidth: '12rem' },
  messages: { margin: 0, paddingInlineStart: tokens.spacingHorizontalL, display: 'grid', gap: tokens.spacingVerticalXS },
});

/**
 * `taxProfileSaved`: when the local copy of the tax profile last changed (null: none), so a
 * profile saved on this screen shows the onboarding form without a reload.
 */
export function EinvoicingPanel({ canOnboard, online, taxProfileSaved }: { canOnboard: boolean; online: boolean; taxProfileSaved: string | null }) {
  const styles = useStyles();
  const { t } = useTranslation('company');
  const format = useFormat();
  const [reload, setReload] = useState(0);
  const status = useEinvoicingStatus(online, reload, taxProfileSaved);
  const [otp, setOtp] = useState('');
  const [otpError, setOtpError] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<{ text: string; messages: ZatcaMessage[] } | null>(null);
  const view = status.data;
  const hasTaxProfile = !!taxProfileSaved || !!view?.has_tax_profile;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = onboardSchema.safeParse({ otp });
    setOtpError(!parsed.success);
    if (!parsed.success) return;
    setBusy(true);
    setRefusal(null);
    try {
      await onboardEinvoicing(parsed.data);
      setOtp('');
    } catch (error) {
      const details = error instanceof ApiError ? error.details : [];
      setRefusal({
        text: error instanceof ApiError ? error.message : t('failed'),
        messages: details.map((d) => ({ type: 'ERROR', code: d.code ?? '', category: d.path, message: d.message })),
      });
    } finally {
      setBusy(false);
      setReload((n) => n + 1);
    }
  };

  const messages = refusal?.messages.length ? refusal.messages : view?.status === 'failed' ? view.messages : [];

  return (
    <Card className={styles.root} data-testid="einvoicing">
      <div className={styles.head}>
        <h2 className={styles.title}>{t('einvoicing.title')}</h2>
        {view && (
          <Badge appearance="tint" color={EINVOICING_TONE[view.status]} data-testid="einvoicing-status" data-status={view.status}>
            {t(`einvoicing.status.${view.status}`)}
          </Badge>
        )}
      </div>
      <Text className={styles.muted}>{t('einvoicing.intro')}</Text>
      {!online || status.error?.code === 'network_error' ? (
        <MessageBar layout="multiline" intent="warning" data-testid="einvoicing-offline">
          <MessageBarBody>{t('einvoicing.offline')}</MessageBarBody>
        </MessageBar>
      ) : !view ? (
        status.error ? (
          <MessageBar layout="multiline" intent="error">
            <MessageBarBody>{status.error.message}</MessageBarBody>
          </MessageBar>
        ) : (
          <Spinner size="tiny" label={t('einvoicing.loading')} />
        )
      ) : (
        <>
          {view.status === 'ready' && (
            <Text data-testid="einvoicing-ready">
              {t('einvoicing.readySince', { date: format.dateTime(view.ready_at!) })}
              {view.certificate_expires_at ? ` ${t('einvoicing.expires', { date: format.dateTime(view.certificate_expires_at) })}` : ''}
            </Text>
          )}
          {view.environment === 'development' && <Text size={200} className={styles.muted}>{t('einvoicing.development')}</Text>}
          {refusal && (
            <MessageBar layout="multiline" intent="error" role="alert" data-testid="einvoicing-refusal">
              <MessageBarBody>{refusal.text}</MessageBarBody>
            </MessageBar>
          )}
          {messages.length > 0 && (
            <div>
              <Text weight="semibold">{t('einvoicing.zatcaMessages')}</Text>
              {/* ZATCA's own words, as it sent them (its codes are for the seller's support). */}
              <ul className={styles.messages} data-testid="einvoicing-messages" dir="auto">
                {messages.map((m, i) => (
                  <li key={`${m.code}-${i}`}>
                    {m.code && <bdi>{m.code}: </bdi>}
                    <bdi>{m.message}</bdi>
                  </li>
                ))}
              </ul>
            </div>
          )}
          {canOnboard && view.status !== 'ready' && !hasTaxProfile && (
            <Text data-testid="einvoicing-needs-profile">{t('einvoicing.needsTaxProfile')}</Text>
          )}
          {canOnboard && view.status !== 'ready' && hasTaxProfile && (
            <form className={styles.form} onSubmit={submit} noValidate data-testid="einvoicing-form">
              <Field
                className={styles.otp}
                label={t('einvoicing.otpLabel')}
                hint={t('einvoicing.otpHint')}
                validationMessage={otpError ? t('einvoicing.otpInvalid') : undefined}
              >
                <Input
                  value={otp}
                  onChange={(_, d) => {
                    setOtp(d.value);
                    setOtpError(false);
                  }}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  dir="ltr"
                  data-testid="einvoicing-otp"
                />
              </Field>
              <Button appearance="primary" type="submit" disabled={busy} data-testid="einvoicing-onboard">
                {busy ? t('einvoicing.onboarding') : t(view.status === 'failed' ? 'einvoicing.retry' : 'einvoicing.onboard')}
              </Button>
            </form>
          )}
          {!canOnboard && view.status !== 'ready' && <Text className={styles.muted}>{t('einvoicing.ownerOnboards')}</Text>}
        </>
      )}
    </Card>
  );
}
