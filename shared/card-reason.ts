/**
 * Why a card payment did not go through, as a stable code the page the payer comes back to
 * translates (client/i18n/locales/{ar,en,zh}/payments.json card.reason.*), rather than the
 * gateway's English text. The callback (server/modules/card-gateway/routes.ts) sends
 * ?card=failed | refused&reason=<code>, and the gateway's own message only when no code
 * names it (&message=, shown as it is).
 *
 * Gateway reasons: what Moyasar puts in a card payment's source.message (docs.moyasar.com,
 * Testing Cards / Apple Pay test amounts: APPROVED, UNSPECIFIED FAILURE, INSUFFICIENT FUNDS,
 * DECLINED, DECLINED: LOST CARD, DECLINED: EXPIRED CARD, DECLINED: EXCEEDS WITHDRAWAL LIMIT,
 * DECLINED: STOLEN CARD, "3DS: attempted but not available…", "3-D Secure transaction
 * attempt failed…"; older pages spell them with underscores: INSUFFICIENT_FUNDS).
 * Our own reasons: the payment was refused by us (settlePayment) or the gateway did not answer.
 */
const GATEWAY_REASONS = [
  'insufficient_funds',
  'declined',
  'lost_card',
  'stolen_card',
  'expired_card',
  'limit_exceeded',
  'authentication_failed',
  'unspecified_failure',
] as const;

const OUR_REASONS = ['mismatch', 'unknown_payment', 'no_checkout', 'not_paid', 'paid_elsewhere', 'refunded', 'gateway_unavailable'] as const;

export type CardReason = (typeof GATEWAY_REASONS)[number] | (typeof OUR_REASONS)[number];

const CARD_REASONS: readonly string[] = [...GATEWAY_REASONS, ...OUR_REASONS];

/** A code read back from an address: one we know, or null (the raw message is shown then). */
export const cardReasonCode = (value: string | null): CardReason | null => (value !== null && CARD_REASONS.includes(value) ? (value as CardReason) : null);

/** The most specific first: "DECLINED: LOST CARD" is a lost card before it is a decline. */
const GATEWAY_MESSAGES: Array<[RegExp, (typeof GATEWAY_REASONS)[number]]> = [
  [/\bINSUFFICIENT FUNDS\b/, 'insufficient_funds'],
  [/\bLOST CARD\b/, 'lost_card'],
  [/\bSTOLEN CARD\b/, 'stolen_card'],
  [/\bEXPIRED CARD\b/, 'expired_card'],
  [/\bEXCEEDS WITHDRAWAL LIMIT\b|\bLIMIT EXCEEDED\b/, 'limit_exceeded'],
  [/^3DS\b|\b3-?D SECURE\b|\bAUTHENTICATION FAILED\b/, 'authentication_failed'],
  [/\bUNSPECIFIED FAIL/, 'unspecified_failure'],
  [/^DECLINED\b/, 'declined'],
];

/** The code of a gateway's message on a failed card payment, or null when none names it. */
export function gatewayCardReason(message: string | null | undefined): (typeof GATEWAY_REASONS)[number] | null {
  if (!message) return null;
  const text = message.toUpperCase().replace(/_/g, ' ').replace(/\s+/g, ' ').trim();
  return GATEWAY_MESSAGES.find(([pattern]) => pattern.test(text))?.[1] ?? null;
}
