import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Bid } from '../../../shared/schemas/bid';
import type { Project } from '../../../shared/schemas/project';
import { ValidationFailed } from '../../data/local/hooks';
import { isolate } from '../../i18n/format';
import { useProjectMutations } from './mutations';

const useStyles = makeStyles({ form: { display: 'grid', gap: tokens.spacingVerticalM } });

const FIELD_MESSAGE: Record<string, string> = { amount: 'errors.amount', estimated_completion_days: 'errors.days' };

/**
 * Submit or update a bid (amount and proposal required, days at least 1).
 * Works offline. Once the bid is stored on the device (a few milliseconds, with nothing
 * else for the page to do meanwhile) `onStored` gets it as stored, and the owner closes
 * the dialog as the card shows it; should storing fail (the device's storage full, say),
 * the dialog stays open with what was typed and says so.
 */
export function BidDialog({ project, existing, onClose, onStored }: { project: Project; existing: Bid | null; onClose: () => void; onStored: (bid: Bid) => void }) {
  const styles = useStyles();
  const { t } = useTranslation('projects');
  const { submitBid } = useProjectMutations();
  const [amount, setAmount] = useState(existing ? String(existing.amount) : '');
  const [days, setDays] = useState(existing?.estimated_completion_days ? String(existing.estimated_completion_days) : '');
  const [proposal, setProposal] = useState(existing?.proposal ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failed, setFailed] = useState(false);

  const submit = async () => {
    // State is set only when it changes: rendering the dialog again is work the bid waits on.
    const missing: Record<string, string> = {};
    if (!amount.trim()) missing.amount = t('errors.required');
    if (!proposal.trim()) missing.proposal = t('errors.required');
    if (Object.keys(missing).length) return setErrors(missing);
    let stored: Bid;
    try {
      stored = await submitBid(
        { project_id: project.id, amount: Number(amount), proposal, estimated_completion_days: days.trim() ? Number(days) : null },
        existing?.id,
      );
    } catch (error) {
      if (error instanceof ValidationFailed) return setErrors(Object.fromEntries(error.issues.map((i) => [i.path, t(FIELD_MESSAGE[i.path] ?? 'errors.invalid')])));
      console.error('bid not stored', error);
      return setFailed(true);
    }
    // Focus leaves the dialog before it goes: removing the focused element makes the
    // browser recompute style and layout at once, in the middle of the removal (focus ends
    // on the page either way).
    (document.activeElement as HTMLElement | null)?.blur();
    onStored(stored);
  };

  return (
    <Dialog open onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface data-testid="bid-dialog">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
          noValidate
        >
          <DialogBody>
            <DialogTitle>{t('bid.dialogTitle', { title: isolate(project.title) })}</DialogTitle>
            <DialogContent className={styles.form}>
              {failed && (
                <MessageBar intent="error" data-testid="bid-failed">
                  <MessageBarBody>{t('bid.failed')}</MessageBarBody>
                </MessageBar>
              )}
              <Field label={t('bid.amount')} required validationMessage={errors.amount}>
                <Input type="number" inputMode="decimal" min={0} step={0.01} value={amount} onChange={(_, d) => setAmount(d.value)} name="amount" />
              </Field>
              <Field label={t('bid.daysLabel')} validationMessage={errors.estimated_completion_days}>
                <Input type="number" inputMode="numeric" min={1} step={1} value={days} onChange={(_, d) => setDays(d.value)} name="days" />
              </Field>
              <Field label={t('bid.proposal')} required validationMessage={errors.proposal}>
                <Textarea value={proposal} onChange={(_, d) => setProposal(d.value)} name="proposal" resize="vertical" rows={4} />
              </Field>
            </DialogContent>
            <DialogActions>
              <Button appearance="primary" type="submit" data-testid="bid-submit">
                {t('bid.submit')}
              </Button>
              <Button onClick={onClose}>{t('bid.cancel')}</Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
