/**
 * A site's machine: a company's construction project is active (it takes purchase
 * requests) until its owner closes it; a closed site takes no new request.
 */
import type { Lifecycle } from '../lifecycle';

const SITE_STATES = ['active', 'closed'] as const;
export type SiteStatus = (typeof SITE_STATES)[number];

export const siteLifecycle = {
  states: SITE_STATES,
  initial: 'active',
  terminal: ['closed'],
  transitions: [{ from: ['active'], to: 'closed', actor: 'owner', action: 'close' }],
} as const satisfies Lifecycle<SiteStatus>;
