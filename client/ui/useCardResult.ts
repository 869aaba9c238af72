/**
 * What the card gateway's round trip came to, read from the address our callback sent the
 * browser back to (server/modules/payments/card-routes.ts: ?card=paid | failed | refused
 * and the gateway's message), and a way to drop it from the address once read.
 */
import { useSearchParams } from 'react-router-dom';
import type { CardResult } from '../../shared/schemas/card';

const RESULT = 'card';
const MESSAGE = 'message';
const RESULTS: readonly string[] = ['paid', 'failed', 'refused'] satisfies CardResult[];

export function useCardResult(): { result: CardResult | null; reason: string | null; dismiss: () => void } {
  const [params, setParams] = useSearchParams();
  const raw = params.get(RESULT);
  const result = raw !== null && RESULTS.includes(raw) ? (raw as CardResult) : null;
  const dismiss = () =>
    setParams(
      (p) => {
        p.delete(RESULT);
        p.delete(MESSAGE);
        return p;
      },
      { replace: true },
    );
  return { result, reason: params.get(MESSAGE), dismiss };
}
