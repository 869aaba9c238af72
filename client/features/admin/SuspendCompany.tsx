/**
 * A company's suspension on its row of the admin's users tab: while suspended, a badge
 * and the reason, and "Lift suspension" (asked first); otherwise "Suspend", which asks the
 * reason in a dialog (required, at most 500 characters, as the server checks it with the
 * shared schema). Online only, like the rest of the panel.
 */
import { Badge, Button, Field, Text, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_SUSPENSION_REASON, suspensionReasonSchema } from '../../../shared/schemas/company-suspension';
import { adminLiftSuspension, adminSuspendCompany } from '../../data/api/admin';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { FormDialog } from '../../ui/FormDialog';

const useStyles = makeStyles({
  reason: { color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere', flexBasis: '100%' },
});

export function SuspendCompany({
  companyId,
  name,
  suspension,
  disabled,
  run,
}: {
  companyId: string;
  name: string;
  suspension: { suspended_at?: string | null; suspension_reason?: string | null };
  disabled: boolean;
  run: (work: () => Promise<unknown>, done: string) => Promise<void>;
}) {
  const styles = useStyles();
  const { t } = useTranslation(['admin', 'common']);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (suspension.suspended_at) {
    return (
      <>
        <Badge appearance="filled" color="danger" data-testid="admin-suspended">
          {t('suspension.badge')}
        </Badge>
        <ConfirmButton
          disabled={disabled}
          aria-label={t('suspension.liftNamed', { name })}
          question={t('suspension.liftQuestion', { name })}
          body={t('suspension.liftBody')}
          confirmLabel={t('suspension.lift')}
          cancelLabel={t('common:actions.cancel')}
          onConfirm={() => void run(() => adminLiftSuspension(companyId), t('suspension.lifted', { name }))}
          testId="admin-lift-suspension"
        >
          {t('suspension.lift')}
        </ConfirmButton>
        {suspension.suspension_reason && (
          <Text className={styles.reason} data-testid="admin-suspension-reason">
            {t('suspension.reasonShown', { reason: suspension.suspension_reason })}
          </Text>
        )}
      </>
    );
  }

  const close = () => {
    setOpen(false);
    setReason('');
    setError(null);
  };
  const submit = async () => {
    const parsed = suspensionReasonSchema.safeParse(reason);
    if (!parsed.success) {
      setError(reason.trim() ? t('suspension.reasonTooLong') : t('suspension.reasonRequired'));
      return;
    }
    setBusy(true);
    try {
      await run(() => adminSuspendCompany(companyId, parsed.data), t('suspension.done', { name }));
      close();
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button disabled={disabled} aria-label={t('suspension.suspendNamed', { name })} onClick={() => setOpen(true)} data-testid="admin-suspend">
        {t('suspension.suspend')}
      </Button>
      {open && (
        <FormDialog
          title={t('suspension.dialogTitle', { name })}
          submitLabel={t('suspension.submit')}
          cancelLabel={t('common:actions.cancel')}
          busy={busy}
          onSubmit={submit}
          onClose={close}
          formTestId="suspend-form"
          submitTestId="suspend-submit"
        >
          <Text>{t('suspension.dialogHint')}</Text>
          <Field label={t('suspension.reason')} required validationMessage={error ?? undefined} validationState={error ? 'error' : 'none'}>
            <Textarea value={reason} maxLength={MAX_SUSPENSION_REASON} resize="vertical" onChange={(_, d) => {
                setReason(d.value);
                setError(null);
              }} data-testid="suspend-reason" />
          </Field>
        </FormDialog>
      )}
    </>
  );
}
