import { Button, Field, Radio, RadioGroup, Text, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Project } from '../../../shared/schemas/project';
import { objectionAnswerSchema, objectionCreateSchema, type Objection, type ObjectionAnswer } from '../../../shared/schemas/tender';
import { useIsPending } from '../../data/local/hooks';
import { FormDialog, useOutboxForm } from '../../ui/FormDialog';
import { issuesToErrors } from '../../ui/formInput';
import { PendingBadge } from '../../ui/PendingBadge';
import { StatusBadge } from '../../ui/StatusBadge';
import { useTenderMutations } from './mutations';
import { OBJECTION_TONE } from '../../ui/statusTones';

const useStyles = makeStyles({
  list: { display: 'grid', gap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyle: 'none' },
  item: { display: 'grid', gap: tokens.spacingVerticalXXS, padding: tokens.spacingVerticalS, borderRadius: tokens.borderRadiusMedium, border: `1px solid ${tokens.colorNeutralStroke2}` },
  head: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, alignItems: 'center' },
  text: { whiteSpace: 'pre-wrap' },
  title: { margin: 0, fontSize: tokens.fontSizeBase400 },
});


function useTenderErrorText() {
  const { t } = useTranslation('tender');
  return (key: string | undefined) => (key ? t(`errors.${key}`, { defaultValue: t('errors.invalid') }) : undefined);
}

/** A field left empty gets the message that says what it needs (errors.reason, errors.answer, errors.decision). */
function named<F extends string>(errors: Partial<Record<F, string>>): Partial<Record<F, string>> {
  return Object.fromEntries(Object.entries(errors).map(([field, key]) => [field, key === 'required' ? field : key])) as Partial<Record<F, string>>;
}

/** A losing bidder's objection to the award, during the standstill. Works offline. */
export function ObjectionDialog({ project, onClose }: { project: Project; onClose: () => void }) {
  const { t } = useTranslation('tender');
  const { fileObjection } = useTenderMutations();
  const form = useOutboxForm({
    initial: () => ({ reason: '' }),
    fields: ['reason'] as const,
    validate: (values) => {
      const parsed = objectionCreateSchema.safeParse({ reason: values.reason });
      return parsed.success ? { errors: {}, input: parsed.data.reason } : { errors: named(issuesToErrors(parsed.error.issues, ['reason'] as const, { blank: () => values.reason.trim() === '' })) };
    },
    write: (reason: string) => fileObjection(project.id, reason),
    onDone: () => onClose(),
    errorText: useTenderErrorText(),
  });
  return (
    <FormDialog
      title={t('objection.dialogTitle', { title: project.title })}
      submitLabel={t('objection.submit')}
      cancelLabel={t('objection.cancel')}
      busy={form.busy}
      onSubmit={form.submit}
      onClose={onClose}
      formTestId="objection-dialog"
      submitTestId="objection-submit"
      failure={form.failed ? t('objection.failed') : null}
    >
      <Field label={t('objection.reason')} required {...form.field('reason')}>
        <Textarea name="reason" value={form.values.reason} onChange={form.set('reason')} resize="vertical" rows={4} />
      </Field>
    </FormDialog>
  );
}

/** The owner's answer: uphold (the award is withdrawn) or reject, with the reasons either way. */
function AnswerDialog({ objection, onClose }: { objection: Objection; onClose: () => void }) {
  const { t } = useTranslation('tender');
  const { answerObjection } = useTenderMutations();
  const form = useOutboxForm({
    initial: () => ({ decision: '', answer: '' }),
    fields: ['decision', 'answer'] as const,
    validate: (values) => {
      const parsed = objectionAnswerSchema.safeParse(values);
      if (parsed.success) return { errors: {}, input: parsed.data };
      return { errors: named(issuesToErrors(parsed.error.issues, ['decision', 'answer'] as const, { blank: (f) => values[f].trim() === '' })) };
    },
    write: (answer: ObjectionAnswer) => answerObjection(objection.id, answer),
    onDone: () => onClose(),
    errorText: useTenderErrorText(),
  });
  return (
    <FormDialog
      title={t('objection.answerTitle')}
      submitLabel={t('objection.send')}
      cancelLabel={t('objection.cancel')}
      busy={form.busy}
      onSubmit={form.submit}
      onClose={onClose}
      formTestId="answer-dialog"
      submitTestId="answer-submit"
      failure={form.failed ? t('objection.answerFailed') : null}
    >
      <Text className={useStyles().text}>
        <bdi>{objection.reason}</bdi>
      </Text>
      <Field label={t('objection.decision')} required {...form.field('decision')}>
        <RadioGroup name="decision" value={form.values.decision} onChange={(_, d) => form.set('decision')(null, { value: d.value })}>
          <Radio value="upheld" label={t('objection.uphold')} data-testid="decision-upheld" />
          <Radio value="rejected" label={t('objection.reject')} data-testid="decision-rejected" />
        </RadioGroup>
      </Field>
      <Field label={t('objection.answerLabel')} required {...form.field('answer')}>
        <Textarea name="answer" value={form.values.answer} onChange={form.set('answer')} resize="vertical" rows={4} />
      </Field>
    </FormDialog>
  );
}

function ObjectionItem({ objection, canAnswer, showName }: { objection: Objection; canAnswer: boolean; showName: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation('tender');
  const pending = useIsPending(`objection:${objection.id}`);
  const [answering, setAnswering] = useState(false);
  return (
    <li className={styles.item} data-testid="objection" data-objection-id={objection.id} data-status={objection.status}>
      <div className={styles.head}>
        <Text weight="semibold">{showName ? t('objection.by', { name: objection.contractor_name ?? '—' }) : t('objection.mine')}</Text>
        <StatusBadge label={t(`objection.status.${objection.status}`)} tone={OBJECTION_TONE[objection.status]} status={objection.status} testId="objection-status" />
        {pending && <PendingBadge />}
      </div>
      <Text className={styles.text}>
        <bdi>{objection.reason}</bdi>
      </Text>
      {objection.answer && (
        <Text className={styles.text} data-testid="objection-answer">
          {t('objection.answer', { answer: objection.answer })}
        </Text>
      )}
      {canAnswer && objection.status === 'open' && (
        <div>
          <Button appearance="primary" onClick={() => setAnswering(true)} data-testid="answer-objection">
            {t('objection.answerTitle')}
          </Button>
        </div>
      )}
      {answering && <AnswerDialog objection={objection} onClose={() => setAnswering(false)} />}
    </li>
  );
}

/**
 * The objections to a project's award: the owner sees every one and answers those still
 * open; a bidder sees their own (the feed brings no other).
 */
export function ObjectionsList({ objections, owner }: { objections: Objection[]; owner: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation('tender');
  if (!objections.length) return owner ? <Text data-testid="no-objections">{t('objection.none')}</Text> : null;
  return (
    <section aria-label={t('objection.title')}>
      <ul className={styles.list}>
        {objections.map((o) => (
          <ObjectionItem key={o.id} objection={o} canAnswer={owner} showName={owner} />
        ))}
      </ul>
    </section>
  );
}
