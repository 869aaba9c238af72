/**
 * What the card gateway's round trip came to, read from the address our callback sent the
 * browser back to (server/modules/card-gateway/routes.ts: ?card=paid | failed | refused
 * and &reason=<code> (shared/card-reason.ts), or the gateway's own &message= when no code
 * names it), and a way to drop it from the address once read. `reason` is the reason in the
 * reader's language (payments card.reason.*: every screen that uses this loads `payments`),
 * the gateway's words only for a code we do not know.
 */
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { cardReasonCode } from '../../shared/card-reason';
import type { CardResult } from '../../shared/schemas/card';

const RESULT = 'card';
const REASON = 'reason';
const MESSAGE = 'message';
const RESULTS: readonly string[] = ['paid', 'failed', 'refused'] satisfies CardResult[];

export function useCardResult(): { result: CardResult | null; reason: string | null; dismiss: () => void } {
  const { t } = useTranslation('payments');
  const [params, setParams] = useSearchParams();
  const raw = params.get(RESULT);
  const result = raw !== null && RESULTS.includes(raw) ? (raw as CardResult) : null;
  const reason = cardReasonCode(params.get(REASON));
  const dismiss = () =>
    setParams(
      (p) => {
        p.delete(RESULT);
        p.delete(REASON);
        p.delete(MESSAGE);
        return p;
      },
      { replace: true },
    );
  // No code we know: the gateway's own words, if any were sent.
  return { result, reason: reason === null ? params.get(MESSAGE) : t(`card.reason.${reason}`), dismiss };
}
