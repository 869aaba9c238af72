/**
 * What the last import or export action came to (an Outcome of usePriceListImport), in
 * whole translated sentences: the file refused with the limit it passed, the counts of
 * an import, and each refused line with its problems joined as a list of the language.
 */
import { MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { LineIssues } from '../../../shared/price-list';
import { useFormat } from '../../i18n/format';
import { useIssueText } from './useIssueText';
import type { Outcome } from './usePriceListImport';

/** Refused lines listed at most; the report keeps them all. */
const LINES_SHOWN = 200;

const useStyles = makeStyles({
  list: { margin: 0, paddingInlineStart: tokens.spacingHorizontalL, maxHeight: '200px', overflow: 'auto' },
});

export function ImportNotice({ outcome }: { outcome: Outcome }) {
  const styles = useStyles();
  const { t } = useTranslation('price-list');
  const format = useFormat();
  const issueText = useIssueText();
  const shown = (v: number | string | undefined) => (typeof v === 'number' ? format.number(v) : v);

  let text: string;
  let lines: LineIssues[] = [];
  switch (outcome.kind) {
    case 'unsupported':
      text = t('import.unsupported');
      break;
    case 'refusedFile': {
      const { code, limit, found } = outcome.refusal;
      text = t(`refusals.${code}`, { limit: shown(limit), found: shown(found) });
      break;
    }
    case 'unreadable':
      text = t('import.unreadable', { reason: outcome.reason });
      break;
    case 'applied': {
      const { summary, invalid } = outcome.report;
      text = t('import.done', { create: format.number(summary.create), update: format.number(summary.update), invalid: format.number(summary.invalid) });
      lines = invalid;
      break;
    }
    case 'refusedRows':
      text = t('import.refusedRows');
      lines = outcome.lines;
      break;
    case 'undone':
      text = t('import.undone');
      break;
    case 'exported':
      text = t('export.done', { count: outcome.count });
      break;
    case 'failed':
      text = outcome.message;
      break;
  }
  const intent = outcome.kind === 'applied' || outcome.kind === 'undone' || outcome.kind === 'exported' ? 'success' : 'error';

  return (
    <MessageBar layout="multiline" intent={intent} role={intent === 'error' ? 'alert' : 'status'} data-testid="import-notice">
      <MessageBarBody>
        {text}
        {lines.length > 0 && (
          <ul className={styles.list} data-testid="import-notice-lines">
            {lines.slice(0, LINES_SHOWN).map((l) => (
              <li key={l.line}>{t('import.lineIssues', { line: format.number(l.line), issues: issueText(l.issues) })}</li>
            ))}
          </ul>
        )}
      </MessageBarBody>
    </MessageBar>
  );
}
