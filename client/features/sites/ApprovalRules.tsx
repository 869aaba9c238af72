/**
 * A site's approval rules: its levels as bands of amount (VAT included), each with its
 * approvers, read by everyone in the company; the owner edits them in place (levels added
 * before the top one, limits, approvers among the members), checked by the shared schema
 * as typed, and saved through the outbox (offline too), so they show at once, waiting to
 * send. Refusals of a save show on the panel.
 */
import { Button, Checkbox, Field, Input, Text, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, EditRegular, SaveRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SITE_MAX_LEVELS } from '../../../shared/schemas/site';
import { useFormat } from '../../i18n/format';
import { CARD_SURFACE } from '../../ui/ItemCard';
import { DECIMAL_INPUT } from '../../ui/formInput';
import { RefusalNote } from '../../ui/RefusalNote';
import { useIsOwner, type SiteMembers } from './members';
import { useSiteMutations } from './mutations';
import { siteKey, type ShownSite } from './queries';
import { addLevel, draftLevels, parseTolerance, removeLevel, validateRules, type DraftLevel, type RulesError, type RulesErrors } from './siteForm';

const useStyles = makeStyles({
  panel: { display: 'grid', gap: tokens.spacingVerticalM, ...CARD_SURFACE },
  h2: { margin: 0, fontSize: tokens.fontSizeBase500 },
  muted: { color: tokens.colorNeutralForeground2, lineHeight: '1.6' },
  levels: { display: 'grid', gap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyle: 'none' },
  level: { display: 'grid', gap: tokens.spacingVerticalXS, padding: tokens.spacingHorizontalS, borderRadius: tokens.borderRadiusMedium, border: `1px solid ${tokens.colorNeutralStroke2}`, minWidth: 0 },
  levelHead: { display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center', gap: tokens.spacingHorizontalS },
  band: { fontWeight: tokens.fontWeightSemibold, whiteSpace: 'nowrap' },
  approvers: { overflowWrap: 'anywhere' },
  picker: { display: 'grid', gap: tokens.spacingVerticalXXS, margin: 0, padding: 0, border: 'none', minInlineSize: 0 },
  error: { color: tokens.colorPaletteRedForeground1 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'center' },
});

type Level = ShownSite['levels'][number];

/** The band of level `i` as a phrase: up to its limit, above the one before it, or any amount. */
function useBand() {
  const { t } = useTranslation('sites');
  const format = useFormat();
  return (levels: ReadonlyArray<{ up_to_amount: number | null }>, i: number) => {
    const limit = levels[i].up_to_amount;
    if (limit !== null) return t('rules.upTo', { amount: format.sar(limit) });
    const before = i > 0 ? levels[i - 1].up_to_amount : null;
    return before === null ? t('rules.anyAmount') : t('rules.above', { amount: format.sar(before) });
  };
}

export function ApprovalRules({ site, members }: { site: ShownSite; members: SiteMembers }) {
  const styles = useStyles();
  const { t } = useTranslation('sites');
  const owner = useIsOwner();
  const format = useFormat();
  const [editing, setEditing] = useState<DraftLevel[] | null>(null);
  return (
    <section className={styles.panel} aria-labelledby="rules-title" data-testid="site-rules">
      <h2 id="rules-title" className={styles.h2}>
        {t('rules.title')}
      </h2>
      <Text className={styles.muted}>{t('rules.intro')}</Text>
      <RefusalNote rowKey={siteKey(site.id)} />
      {editing ? (
        <RulesEditor site={site} members={members} levels={editing} setLevels={setEditing} onDone={() => setEditing(null)} />
      ) : (
        <>
          <RulesView levels={site.levels} members={members} />
          <Text className={styles.muted} data-testid="rules-tolerance" data-percent={site.approval_tolerance_percent}>
            {t('rules.toleranceView', { percent: format.number(site.approval_tolerance_percent) })}
          </Text>
          {owner ? (
            <div className={styles.actions}>
              <Button icon={<EditRegular />} onClick={() => setEditing(draftLevels(site.levels))} data-testid="edit-rules">
                {t('rules.edit')}
              </Button>
            </div>
          ) : (
            <Text className={styles.muted}>{t('rules.ownerOnly')}</Text>
          )}
        </>
      )}
    </section>
  );
}

function RulesView({ levels, members }: { levels: readonly Level[]; members: SiteMembers }) {
  const styles = useStyles();
  const { t } = useTranslation('sites');
  const format = useFormat();
  const band = useBand();
  const nameOf = (id: string) => members.nameOf(id) ?? t('someone');
  return (
    <ol className={styles.levels} data-testid="rules-levels">
      {levels.map((l, i) => (
        <li key={i} className={styles.level} data-testid="rules-level" data-up-to={l.up_to_amount ?? 'none'} data-approvers={l.approver_ids.length}>
          <div className={styles.levelHead}>
            <Text weight="semibold">{t('rules.level', { n: format.number(i + 1) })}</Text>
            <span className={styles.band} data-money>
              {band(levels, i)}
            </span>
          </div>
          <Text className={styles.approvers}>
            {l.approver_ids.length ? format.list(l.approver_ids.map(nameOf)) : t('rules.noApproval')}
          </Text>
        </li>
      ))}
    </ol>
  );
}

function RulesEditor({
  site,
  members,
  levels,
  setLevels,
  onDone,
}: {
  site: ShownSite;
  members: SiteMembers;
  levels: DraftLevel[];
  setLevels: (levels: DraftLevel[]) => void;
  onDone: () => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation('sites');
  const format = useFormat();
  const { setRules } = useSiteMutations();
  const memberIds = members.list ? new Set(members.list.map((m) => m.user_id)) : undefined;
  // Once a save was refused, the errors follow what is typed: a level fixed loses its message at once.
  const [tried, setTried] = useState(false);
  const errors: RulesErrors | null = tried ? validateRules(levels, memberIds).errors : null;
  const [busy, setBusy] = useState(false);
  const [tolerance, setTolerance] = useState(String(site.approval_tolerance_percent));
  const tolerancePercent = parseTolerance(tolerance);
  const message = (key: RulesError | undefined) => (key ? t(`rules.errors.${key}`) : undefined);
  const patch = (key: string, change: Partial<DraftLevel>) => setLevels(levels.map((l) => (l.key === key ? { ...l, ...change } : l)));
  // Approvers already named stay choosable when the team cannot be read (offline).
  const known = members.list?.map((m) => ({ id: m.user_id, name: m.name ?? m.email })) ?? [];
  const named = [...new Set(site.levels.flatMap((l) => l.approver_ids))].filter((id) => !known.some((k) => k.id === id)).map((id) => ({ id, name: members.nameOf(id) ?? t('someone') }));
  const people = [...known, ...named];

  const save = async () => {
    const { input } = validateRules(levels, memberIds);
    setTried(true);
    if (!input || tolerancePercent === null) return;
    setBusy(true);
    try {
      await setRules(site.id, { ...input, tolerance_percent: tolerancePercent });
      onDone();
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {members.unavailable && !members.list && <Text className={styles.muted}>{t('rules.membersOffline')}</Text>}
      {errors?.levels && (
        <Text className={styles.error} role="alert">
          {message(errors.levels)}
        </Text>
      )}
      <div className={styles.levels} data-testid="rules-editor">
        {levels.map((l, i) => {
          const top = i === levels.length - 1;
          const err = errors?.byLevel[l.key];
          const label = t('rules.level', { n: format.number(i + 1) });
          return (
            <div key={l.key} className={styles.level} data-testid="rules-edit-level" role="group" aria-label={label}>
              <div className={styles.levelHead}>
                <Text weight="semibold">{label}</Text>
                {levels.length > 1 && (
                  <Button appearance="subtle" icon={<DeleteRegular />} aria-label={t('rules.removeLevel', { n: format.number(i + 1) })} onClick={() => setLevels(removeLevel(levels, l.key))} data-testid="remove-level" />
                )}
              </div>
              {top ? (
                <Text className={styles.muted}>{t('rules.topLevel')}</Text>
              ) : (
                <Field label={t('rules.upToLabel')} required validationMessage={message(err?.up_to_amount)} validationState={err?.up_to_amount ? 'error' : 'none'}>
                  <Input {...DECIMAL_INPUT} value={l.up_to_amount} onChange={(_, d) => patch(l.key, { up_to_amount: d.value })} data-testid="level-up-to" />
                </Field>
              )}
              <fieldset className={styles.picker} data-testid="level-approvers">
                <legend>{t('rules.approvers')}</legend>
                {people.map((p) => (
                  <Checkbox
                    key={p.id}
                    label={p.name}
                    checked={l.approver_ids.includes(p.id)}
                    onChange={(_, d) => patch(l.key, { approver_ids: d.checked === true ? [...l.approver_ids.filter((a) => a !== p.id), p.id] : l.approver_ids.filter((a) => a !== p.id) })}
                  />
                ))}
                {!people.length && <Text className={styles.muted}>{t('rules.noApproval')}</Text>}
                {err?.approver_ids && (
                  <Text className={styles.error} role="alert">
                    {message(err.approver_ids)}
                  </Text>
                )}
              </fieldset>
            </div>
          );
        })}
      </div>
      <Field
        label={t('rules.tolerance')}
        hint={t('rules.toleranceHint')}
        validationMessage={tried && tolerancePercent === null ? t('rules.errors.tolerance') : undefined}
        validationState={tried && tolerancePercent === null ? 'error' : 'none'}
      >
        <Input {...DECIMAL_INPUT} value={tolerance} onChange={(_, d) => setTolerance(d.value)} data-testid="rules-tolerance-input" />
      </Field>
      <div className={styles.actions}>
        <Button icon={<AddRegular />} disabled={levels.length >= SITE_MAX_LEVELS} onClick={() => setLevels(addLevel(levels))} data-testid="add-level">
          {t('rules.addLevel')}
        </Button>
        <Button appearance="primary" icon={<SaveRegular />} disabled={busy} onClick={() => void save()} data-testid="save-rules">
          {t('rules.save')}
        </Button>
        <Button onClick={onDone}>{t('rules.cancel')}</Button>
      </div>
    </>
  );
}
