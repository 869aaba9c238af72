/**
 * The owner's technical evaluation of a two-envelope tender, from the opening: every
 * technical envelope (its text, its documents to download, its bid bond and whether the
 * bond complies), with no amount anywhere (the financial envelopes are not on this
 * device); a verdict per bidder, a fail with its reason; submitting it once (confirmed),
 * then opening the financial envelopes of those who passed. Both are outbox writes, so
 * they are made offline too; the documents' files need the network.
 */
import { Badge, Button, Field, Radio, RadioGroup, Text, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TechnicalEnvelope } from '../../../shared/schemas/bid-document';
import type { Project } from '../../../shared/schemas/project';
import { downloadBidDocument } from '../../data/api/bid-documents';
import { useIsPending } from '../../data/local/hooks';
import { useFormat } from '../../i18n/format';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { PendingBadge } from '../../ui/PendingBadge';
import { download as saveFile } from '../../ui/download';
import { useProjectMutations } from '../projects/mutations';
import { useTechnicalEnvelopes } from '../projects/queries';
import { validateEvaluation, type EvaluationErrors, type Verdict } from './evaluationForm';

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalS },
  title: { margin: 0, fontSize: tokens.fontSizeBase400 },
  list: { display: 'grid', gap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyle: 'none' },
  item: {
    display: 'grid',
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingVerticalS,
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    minWidth: 0,
  },
  head: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, alignItems: 'center' },
  text: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  docs: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  doc: { maxWidth: '100%', '& span': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } },
  muted: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

function BondLine({ envelope }: { envelope: TechnicalEnvelope }) {
  const { t } = useTranslation('tender');
  const format = useFormat();
  const bond = envelope.bid_bond;
  if (envelope.bid_bond_compliant === null && !bond) return null;
  return (
    <div data-testid="envelope-bond" data-compliant={envelope.bid_bond_compliant === null ? '' : String(envelope.bid_bond_compliant)}>
      <Badge appearance={envelope.bid_bond_compliant ? 'tint' : 'filled'} color={envelope.bid_bond_compliant ? 'success' : 'warning'} shape="rounded">
        {envelope.bid_bond_compliant ? t('envelopes.bondCompliant') : t('envelopes.bondNonCompliant')}
      </Badge>{' '}
      <Text size={200}>
        {bond ? t('envelopes.bond', { number: bond.number, bank: bond.bank, date: format.date(`${bond.expires_on}T12:00:00Z`) }) : t('envelopes.noBond')}
      </Text>
    </div>
  );
}

function DocumentButton({ projectId, id, title }: { projectId: string; id: string; title: string }) {
  const styles = useStyles();
  const { t } = useTranslation('tender');
  const [failed, setFailed] = useState(false);
  const open = async () => {
    setFailed(false);
    try {
      saveFile(await downloadBidDocument(projectId, id), title);
    } catch {
      setFailed(true);
    }
  };
  return (
    <>
      <Button className={styles.doc} size="small" icon={<ArrowDownloadRegular />} onClick={() => void open()} aria-label={t('envelopes.download', { title })} data-testid="envelope-document">
        <bdi>{title}</bdi>
      </Button>
      {failed && (
        <Text size={200} role="alert">
          {t('envelopes.downloadFailed')}
        </Text>
      )}
    </>
  );
}

function EnvelopeItem({
  envelope,
  verdict,
  error,
  editable,
  letterOpen,
  onVerdict,
}: {
  envelope: TechnicalEnvelope;
  verdict: Verdict;
  error?: EvaluationErrors[string];
  editable: boolean;
  /** the financial envelopes are open: a passed bid's guarantee letter with them */
  letterOpen: boolean;
  onVerdict: (v: Verdict) => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation('tender');
  const bondDoc = envelope.bid_bond ? envelope.documents.find((d) => d.id === envelope.bid_bond!.document_id) : undefined;
  const technicalDocs = envelope.documents.filter((d) => envelope.technical.document_ids.includes(d.id));
  const result = envelope.result;
  return (
    <li className={styles.item} data-testid="technical-envelope" data-bid-id={envelope.bid_id} data-result={result ? (result.pass ? 'pass' : 'fail') : ''}>
      <div className={styles.head}>
        <Text weight="semibold">
          <bdi>{envelope.contractor_name ?? '—'}</bdi>
        </Text>
        {result && (
          <Badge appearance="tint" color={result.pass ? 'success' : 'danger'} shape="rounded" data-testid="envelope-result">
            {result.pass ? t('envelopes.passed') : t('envelopes.failed', { reason: result.reason ?? '—' })}
          </Badge>
        )}
      </div>
      {envelope.technical.text ? (
        <Text className={styles.text}>
          <bdi>{envelope.technical.text}</bdi>
        </Text>
      ) : (
        <Text className={styles.muted}>{t('envelopes.noText')}</Text>
      )}
      {technicalDocs.length > 0 && (
        <div className={styles.docs}>
          {technicalDocs.map((d) => (
            <DocumentButton key={d.id} projectId={envelope.project_id} id={d.id} title={d.title} />
          ))}
        </div>
      )}
      <BondLine envelope={envelope} />
      {/* The guarantee letter states its sum, a share of the bid: it opens with the financial
          envelope of a bid that passed, and a failed bid's never (the server holds it so). */}
      {envelope.bid_bond && letterOpen && result?.pass && (
        <div className={styles.docs}>
          {/* The guarantee letter need not be among the envelope's listed documents: its id is the bond's. */}
          <DocumentButton
            projectId={envelope.project_id}
            id={envelope.bid_bond.document_id}
            title={bondDoc ? `${t('envelopes.bondDocument')}: ${bondDoc.title}` : t('envelopes.bondDocument')}
          />
        </div>
      )}
      {envelope.bid_bond && !letterOpen && result?.pass !== false && (
        <Text className={styles.muted} data-testid="bond-letter-sealed">
          {t('envelopes.bondLetterSealed')}
        </Text>
      )}
      {editable && (
        <>
          <Field label={t('envelopes.verdict')} validationMessage={error === 'chooseAll' ? t('envelopes.chooseAll') : undefined} validationState={error === 'chooseAll' ? 'error' : 'none'}>
            <RadioGroup
              layout="horizontal"
              value={verdict.pass === null ? '' : verdict.pass ? 'pass' : 'fail'}
              onChange={(_, d) => onVerdict({ ...verdict, pass: d.value === 'pass' })}
            >
              <Radio value="pass" label={t('envelopes.pass')} data-testid="verdict-pass" />
              <Radio value="fail" label={t('envelopes.fail')} data-testid="verdict-fail" />
            </RadioGroup>
          </Field>
          {verdict.pass === false && (
            <Field
              label={t('envelopes.reason')}
              required
              validationMessage={error === 'reasonRequired' ? t('envelopes.reasonRequired') : error === 'reasonInvalid' ? t('envelopes.reasonInvalid') : undefined}
              validationState={error && error !== 'chooseAll' ? 'error' : 'none'}
            >
              <Textarea value={verdict.reason} onChange={(_, d) => onVerdict({ ...verdict, reason: d.value })} rows={2} data-testid="verdict-reason" />
            </Field>
          )}
        </>
      )}
    </li>
  );
}

export function TechnicalEvaluation({ project }: { project: Project }) {
  const styles = useStyles();
  const { t } = useTranslation('tender');
  const envelopes = useTechnicalEnvelopes(project.id);
  const pending = useIsPending(`project:${project.id}`);
  const { technicalEvaluation, openFinancial } = useProjectMutations();
  const [verdicts, setVerdicts] = useState<Record<string, Verdict>>({});
  const [errors, setErrors] = useState<EvaluationErrors>({});
  const [confirming, setConfirming] = useState(false);
  if (!envelopes) return null;
  const evaluated = !!project.technical_evaluated_at;
  const bidIds = envelopes.map((e) => e.bid_id);
  const submit = () => {
    const { errors: found, results } = validateEvaluation(bidIds, verdicts);
    setErrors(found);
    if (results) setConfirming(true);
  };
  const send = () => {
    setConfirming(false);
    const { results } = validateEvaluation(bidIds, verdicts);
    if (results) void technicalEvaluation(project.id, results);
  };
  const headingId = `envelopes-${project.id}`;
  return (
    <section className={styles.root} aria-labelledby={headingId} data-testid="technical-evaluation" data-evaluated={evaluated} data-financial-opened={!!project.financial_opened_at}>
      <div className={styles.head}>
        <h3 id={headingId} className={styles.title}>
          {t('envelopes.title')}
        </h3>
        {pending && <PendingBadge />}
      </div>
      <Text className={styles.muted}>{project.financial_opened_at ? t('envelopes.financialOpened') : evaluated ? t('envelopes.evaluated') : t('envelopes.note')}</Text>
      {envelopes.length === 0 ? (
        <Text className={styles.muted}>{t('envelopes.none')}</Text>
      ) : (
        <ul className={styles.list}>
          {envelopes.map((e) => (
            <EnvelopeItem
              key={e.id}
              envelope={e}
              verdict={verdicts[e.bid_id] ?? { pass: null, reason: '' }}
              error={errors[e.bid_id]}
              editable={!evaluated}
              letterOpen={!!project.financial_opened_at}
              onVerdict={(v) => setVerdicts((all) => ({ ...all, [e.bid_id]: v }))}
            />
          ))}
        </ul>
      )}
      <div className={styles.actions}>
        {!evaluated && envelopes.length > 0 && (
          <Button appearance="primary" onClick={submit} data-testid="submit-evaluation">
            {t('envelopes.submit')}
          </Button>
        )}
        {evaluated && !project.financial_opened_at && (
          <ConfirmButton
            appearance="primary"
            question={t('envelopes.openConfirm')}
            body={t('envelopes.openBody')}
            confirmLabel={t('envelopes.open')}
            cancelLabel={t('envelopes.no')}
            onConfirm={() => void openFinancial(project.id)}
            testId="open-financial"
          >
            {t('envelopes.openFinancial')}
          </ConfirmButton>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('envelopes.submitConfirm')}
        body={t('envelopes.submitBody')}
        confirm={t('envelopes.yes')}
        dismiss={t('envelopes.no')}
        confirmTestId="submit-evaluation-confirm"
        onDismiss={() => setConfirming(false)}
        onConfirm={send}
      />
    </section>
  );
}
