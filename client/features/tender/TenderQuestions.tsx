/**
 * A tender's questions and answers on its card: contractors ask until questions_until
 * (offline too, through the outbox: a question waiting to be sent shows as such), every
 * reader sees the published answers without who asked, and the owner answers each. The
 * list is read online when opened (useTenderQuestions); the server decides who sees what
 * and refuses a question after questions_until by its own clock, whatever this device's.
 */
import { Badge, Button, Field, Text, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Project } from '../../../shared/schemas/project';
import { questionAnswerSchema, questionAskSchema, type TenderQuestion } from '../../../shared/schemas/tender-question';
import { useTenderQuestions } from '../../data/api/tender';
import { useMutate, useOutbox } from '../../data/local/hooks';
import { useFormat } from '../../i18n/format';
import { PendingBadge } from '../../ui/PendingBadge';
import { formatTenderMoment } from './dates';
import { TenderMomentText } from './TenderMomentText';

const useStyles = makeStyles({
  section: { display: 'grid', gap: tokens.spacingVerticalS },
  list: { display: 'grid', gap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyle: 'none' },
  item: { display: 'grid', gap: tokens.spacingVerticalXXS, padding: tokens.spacingVerticalS, borderRadius: tokens.borderRadiusMedium, border: `1px solid ${tokens.colorNeutralStroke2}` },
  head: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, alignItems: 'center' },
  text: { whiteSpace: 'pre-wrap' },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** When a question was asked: the date and time in Riyadh (tender/dates.ts). */
function useMoment() {
  const format = useFormat();
  return (at: string) => formatTenderMoment(at, format.lng)?.gregorian ?? '';
}

/** The owner's answer to one question; published to every reader once sent. */
function AnswerForm({ project, question }: { project: Project; question: TenderQuestion }) {
  const { t } = useTranslation('tender');
  const mutate = useMutate();
  const [text, setText] = useState('');
  const [error, setError] = useState(false);
  const send = async () => {
    const parsed = questionAnswerSchema.safeParse({ text });
    if (!parsed.success) return setError(true);
    setError(false);
    await mutate('tender_question.answer', { id: question.id, project_id: project.id, text: parsed.data.text });
    setText('');
  };
  return (
    <div className={useStyles().section}>
      <Field label={t('questions.answerLabel')} validationMessage={error ? t('questions.answerRequired') : undefined}>
        <Textarea value={text} onChange={(_, d) => setText(d.value)} resize="vertical" rows={3} data-testid="answer-text" />
      </Field>
      <Button onClick={() => void send()} data-testid="answer-publish">
        {t('questions.publish')}
      </Button>
    </div>
  );
}

function QuestionItem({ project, question, owner, answering }: { project: Project; question: TenderQuestion; owner: boolean; answering: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation('tender');
  const moment = useMoment();
  return (
    <li className={styles.item} data-testid="question" data-question-id={question.id} data-answered={question.answer !== null}>
      <div className={styles.head}>
        {question.mine && <Badge appearance="tint">{t('questions.mine')}</Badge>}
        {/* The asker's name: sent to the owner and the asker only. */}
        {owner && question.asker_name && <Text weight="semibold">{t('questions.by', { name: question.asker_name })}</Text>}
        <Text className={styles.muted}>{moment(question.asked_at)}</Text>
      </div>
      <Text className={styles.text}>
        <bdi>{question.text}</bdi>
      </Text>
      {question.answer !== null ? (
        <Text className={styles.text} data-testid="question-answer">
          <strong>{t('questions.answer')}</strong> <bdi>{question.answer}</bdi>
        </Text>
      ) : answering ? (
        <PendingBadge />
      ) : owner ? (
        <AnswerForm project={project} question={question} />
      ) : (
        <Text className={styles.muted}>{t('questions.waiting')}</Text>
      )}
    </li>
  );
}

/** A contractor's question, until questions_until; queued when offline. */
function AskForm({ project }: { project: Project }) {
  const { t } = useTranslation('tender');
  const mutate = useMutate();
  const [text, setText] = useState('');
  const [error, setError] = useState(false);
  const send = async () => {
    const parsed = questionAskSchema.safeParse({ text });
    if (!parsed.success) return setError(true);
    setError(false);
    await mutate('tender_question.ask', { id: crypto.randomUUID(), project_id: project.id, text: parsed.data.text });
    setText('');
  };
  return (
    <div className={useStyles().section}>
      <Field label={t('questions.askLabel')} validationMessage={error ? t('questions.askRequired') : undefined}>
        <Textarea value={text} onChange={(_, d) => setText(d.value)} resize="vertical" rows={3} data-testid="question-text" />
      </Field>
      <Button appearance="primary" onClick={() => void send()} data-testid="question-ask">
        {t('questions.ask')}
      </Button>
    </div>
  );
}

/** The questions section of a tender's card; `owner` for the government that posted it. */
export function TenderQuestions({ project, owner = false }: { project: Project; owner?: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation('tender');
  const [open, setOpen] = useState(false);
  const outbox = useOutbox();
  const queued = outbox.filter((m) => m.name.startsWith('tender_question.') && m.args.project_id === project.id);
  const pendingAsks = queued.filter((m) => m.name === 'tender_question.ask' && m.status === 'pending');
  const answering = new Set(queued.filter((m) => m.name === 'tender_question.answer').map((m) => String(m.args.id)));
  // Read again whenever this device's question writes move (queued, sent, answered).
  const version = queued.map((m) => `${m.id}:${m.status}`).join(',');
  const remote = useTenderQuestions(project.id, version, open);
  // The server's clock decides; this only hides the form once the moment has passed here too.
  const asking = !owner && project.status === 'open' && project.phase === 'bidding' && !!project.questions_until && Date.parse(project.questions_until) > Date.now();
  if (!project.questions_until) return null;
  return (
    <section className={styles.section} data-testid="tender-questions">
      <Button appearance="subtle" onClick={() => setOpen((o) => !o)} aria-expanded={open} data-testid="questions-toggle">
        {open ? t('questions.hide') : t('questions.show')}
      </Button>
      {open && (
        <>
          {project.questions_until && <TenderMomentText i18nKey="questions.until" at={project.questions_until} testId="questions-until" />}
          {remote.error && (
            <Text className={styles.muted} data-testid="questions-offline">
              {t('questions.offline')}
            </Text>
          )}
          <ul className={styles.list}>
            {(remote.data ?? []).map((q) => (
              <QuestionItem key={q.id} project={project} question={q} owner={owner} answering={answering.has(q.id)} />
            ))}
            {pendingAsks
              .filter((m) => !(remote.data ?? []).some((q) => q.id === m.args.id))
              .map((m) => (
                <li key={m.id} className={styles.item} data-testid="question-queued">
                  <Text className={styles.text}>
                    <bdi>{String(m.args.text)}</bdi>
                  </Text>
                  <PendingBadge />
                </li>
              ))}
          </ul>
          {remote.data?.length === 0 && !pendingAsks.length && <Text className={styles.muted}>{t('questions.none')}</Text>}
          {asking && <AskForm project={project} />}
        </>
      )}
    </section>
  );
}
