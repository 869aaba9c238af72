/**
 * "Delete my account" on the profile screen: a dialog says what goes and what the law
 * keeps, and asks for the account's email typed again (the server checks it too). Online
 * only; once the server has deleted it, this device forgets everything of the person as
 * sign-out does, and their other devices do at their next sync.
 */
import { Button, Card, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, MessageBar, MessageBarBody, Text, makeStyles, tokens } from '@fluentui/react-components';
import { DeleteRegular } from '@fluentui/react-icons';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteMyAccount } from '../../data/api/account-deletion';
import { useSession } from '../../data/session';
import { confirmsDeletion } from '../../../shared/schemas/account-deletion';
import { useOnline } from '../../ui/useOnline';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, alignItems: 'flex-start' },
  title: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground2 },
  form: { display: 'grid', gap: tokens.spacingVerticalM },
  list: { margin: 0, paddingInlineStart: tokens.spacingHorizontalXL },
});

export function DeleteAccount() {
  const styles = useStyles();
  const { t } = useTranslation('account');
  const { session, logout } = useSession();
  const online = useOnline();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const email = session.user?.email ?? '';

  const close = () => {
    if (busy) return;
    setOpen(false);
    setTyped('');
    setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await deleteMyAccount({ confirm: typed });
      await logout();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      setBusy(false);
    }
  };

  return (
    <Card className={styles.root}>
      <h2 className={styles.title}>{t('deletion.title')}</h2>
      <Text className={styles.muted}>{t('deletion.intro')}</Text>
      <Button appearance="secondary" icon={<DeleteRegular />} onClick={() => setOpen(true)} data-testid="account-delete-open">
        {t('deletion.open')}
      </Button>
      <Dialog open={open} onOpenChange={(_, d) => !d.open && close()}>
        <DialogSurface aria-describedby="delete-account-what" data-testid="account-delete-dialog">
          <form onSubmit={submit}>
            <DialogBody>
              <DialogTitle>{t('deletion.confirmTitle')}</DialogTitle>
              <DialogContent className={styles.form}>
                <ul id="delete-account-what" className={styles.list}>
                  <li>{t('deletion.erased')}</li>
                  <li>{t('deletion.devices')}</li>
                  <li>{t('deletion.kept')}</li>
                </ul>
                <Field label={t('deletion.typeEmail', { email })} validationState={error ? 'error' : 'none'} validationMessage={error ?? undefined}>
                  <Input type="email" dir="ltr" data-testid="account-delete-email" autoComplete="off" value={typed} onChange={(_, d) => setTyped(d.value)} disabled={busy} />
                </Field>
                {!online && (
                  <MessageBar intent="warning">
                    <MessageBarBody>{t('deletion.offline')}</MessageBarBody>
                  </MessageBar>
                )}
              </DialogContent>
              <DialogActions>
                <Button onClick={close} disabled={busy}>
                  {t('deletion.cancel')}
                </Button>
                <Button type="submit" appearance="primary" data-testid="account-delete-confirm" disabled={busy || !online || !confirmsDeletion(typed, email)}>
                  {busy ? t('deletion.deleting') : t('deletion.confirm')}
                </Button>
              </DialogActions>
            </DialogBody>
          </form>
        </DialogSurface>
      </Dialog>
    </Card>
  );
}
