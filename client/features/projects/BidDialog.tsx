import { Field, Input, Text, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Bid } from '../../../shared/schemas/bid';
import type { TechnicalEnvelope } from '../../../shared/schemas/bid-document';
import type { Project } from '../../../shared/schemas/project';
import { FieldPair, FormDialog, useOutboxForm } from '../../ui/FormDialog';
import { DECIMAL_INPUT, WHOLE_INPUT } from '../../ui/formInput';
import { useFormat } from '../../i18n/format';
import { BidFiles, type BidFile } from './BidFiles';
import { BID_FIELDS, bidValidUntil, bidValuesFrom, bondExpiresEarly, validateBid } from './bidForm';
import { bondPercent } from './EnvelopesLine';
import type { ProjectsFormError } from './projectForm';
import { useProjectMutations } from './mutations';

const useStyles = makeStyles({
  envelope: {
    display: 'grid',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingVerticalS,
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** Message of an error key of the projects forms (projects:errors). */
export function useProjectErrorText() {
  const { t } = useTranslation('projects');
  return (key: ProjectsFormError | undefined) => (key ? t(`errors.${key}`) : undefined);
}

/** The files a bid names, with their titles where this device has its technical envelope (else the id stands in). */
function filesOf(ids: readonly string[], envelope: TechnicalEnvelope | null | undefined): BidFile[] {
  return ids.map((id) => ({ id, title: envelope?.documents.find((d) => d.id === id)?.title ?? id }));
}

/**
 * Submit or update a bid: amount and proposal required, days at least 1; on a two-envelope
 * tender its technical envelope (a text or files), on one that asks for it the bid bond.
 * The bid works offline; its files go up as they are chosen, which needs the network.
 * At the tap `onStored` gets the bid as the device is about to store it (the bid's effect
 * on the project and bid this dialog holds), and the owner closes the dialog as the card
 * shows it; the owner keeps the dialog mounted, closed, until `onSettled`. Should storing
 * fail (the device's storage full, say), `onUndone` asks the owner to show the dialog
 * again, with what was typed, saying so.
 */
export function BidDialog({
  project,
  existing,
  envelope,
  open = true,
  onClose,
  onStored,
  onUndone,
  onSettled,
}: {
  project: Project;
  existing: Bid | null;
  /** the bidder's own technical envelope of `existing`, for its files' titles */
  envelope?: TechnicalEnvelope | null;
  /** false while a bid shown before it was stored is being stored */
  open?: boolean;
  onClose: () => void;
  onStored: (bid: Bid) => void;
  onUndone?: () => void;
  onSettled?: () => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation('projects');
  const format = useFormat();
  const { submitBid } = useProjectMutations();
  const errorText = useProjectErrorText();
  const [technicalFiles, setTechnicalFiles] = useState<BidFile[]>(() => filesOf(existing?.technical?.document_ids ?? [], envelope));
  const [bondFile, setBondFile] = useState<BidFile[]>(() => filesOf(existing?.bid_bond ? [existing.bid_bond.document_id] : [], envelope));
  const [uploads, setUploads] = useState(0);
  const uploading = (on: boolean) => setUploads((n) => n + (on ? 1 : -1));
  const form = useOutboxForm({
    initial: () => bidValuesFrom(existing),
    fields: BID_FIELDS,
    validate: (values) => validateBid(values, project, technicalFiles.map((f) => f.id)),
    write: (input, show: (bid: Bid | null) => void) => submitBid(input, existing, show, project),
    onDone: (_reset, bid) => onStored(bid),
    onUndone,
    onSettled,
    errorText,
  });
  const setBondDocument = (files: BidFile[]) => {
    setBondFile(files);
    form.setValues((v) => ({ ...v, bond_document: files[0]?.id ?? '' }));
  };
  const two = project.envelopes === 2;
  const percent = project.bid_bond_percent;
  const until = bidValidUntil(project.opens_at);
  const untilText = until ? format.date(`${until}T12:00:00Z`) : '';
  const early = bondExpiresEarly(project, form.values.bond_expires_on);
  return (
    <FormDialog
      open={open}
      title={t('bid.dialogTitle', { title: project.title })}
      submitLabel={t('bid.submit')}
      cancelLabel={t('bid.cancel')}
      busy={form.busy || uploads > 0}
      onSubmit={form.submit}
      onClose={onClose}
      formTestId="bid-dialog"
      submitTestId="bid-submit"
      failure={form.failed ? t('bid.failed') : null}
      failureTestId="bid-failed"
    >
      {two && (
        <section className={styles.envelope} aria-label={t('bid.technicalTitle')} data-testid="technical-envelope">
          <Text weight="semibold">{t('bid.technicalTitle')}</Text>
          <Field label={t('bid.technicalText')} {...form.field('technical_text')}>
            <Textarea name="technical_text" value={form.values.technical_text} onChange={form.set('technical_text')} resize="vertical" rows={3} />
          </Field>
          <BidFiles
            projectId={project.id}
            label={t('bid.technicalFiles')}
            hint={t('bid.fileHint')}
            files={technicalFiles}
            onAdd={(f) => setTechnicalFiles((files) => [...files, f])}
            onRemove={(id) => setTechnicalFiles((files) => files.filter((f) => f.id !== id))}
            onUploading={uploading}
            testId="technical-files"
          />
        </section>
      )}
      {percent !== null && (
        <section className={styles.envelope} aria-label={t('bid.bondTitle', { percent: bondPercent(format, percent) })} data-testid="bid-bond">
          <Text weight="semibold">{t('bid.bondTitle', { percent: bondPercent(format, percent) })}</Text>
          {until && <Text className={styles.muted}>{t('bid.bondNote', { date: untilText })}</Text>}
          <BidFiles
            projectId={project.id}
            label={t('bid.bondDocument')}
            files={bondFile}
            single
            onAdd={(f) => setBondDocument([f])}
            onRemove={() => setBondDocument([])}
            onUploading={uploading}
            validationMessage={errorText(form.errors.bond_document)}
            testId="bond-document"
          />
          <FieldPair>
            <Field label={t('bid.bondNumber')} {...form.field('bond_number')}>
              <Input name="bond_number" value={form.values.bond_number} onChange={form.set('bond_number')} />
            </Field>
            <Field label={t('bid.bondBank')} {...form.field('bond_bank')}>
              <Input name="bond_bank" value={form.values.bond_bank} onChange={form.set('bond_bank')} />
            </Field>
          </FieldPair>
          <Field
            label={t('bid.bondExpires')}
            {...form.field('bond_expires_on')}
            {...(!form.errors.bond_expires_on && early ? { validationState: 'warning' as const, validationMessage: t('bid.bondEarly', { date: untilText }) } : {})}
          >
            <Input name="bond_expires_on" type="date" value={form.values.bond_expires_on} onChange={form.set('bond_expires_on')} />
          </Field>
        </section>
      )}
      {two && (
        <>
          <Text weight="semibold">{t('bid.financialTitle')}</Text>
          <Text className={styles.muted}>{t('bid.financialNote')}</Text>
        </>
      )}
      <Field label={t('bid.amount')} required {...form.field('amount')}>
        <Input name="amount" {...DECIMAL_INPUT} value={form.values.amount} onChange={form.set('amount')} />
      </Field>
      <Field label={t('bid.daysLabel')} {...form.field('estimated_completion_days')}>
        <Input name="days" {...WHOLE_INPUT} value={form.values.estimated_completion_days} onChange={form.set('estimated_completion_days')} />
      </Field>
      {/* In two envelopes the proposal travels in the financial one: named so, apart from the technical offer. */}
      <Field label={two ? t('bid.financialProposal') : t('bid.proposal')} required {...form.field('proposal')}>
        <Textarea name="proposal" value={form.values.proposal} onChange={form.set('proposal')} resize="vertical" rows={4} />
      </Field>
    </FormDialog>
  );
}
