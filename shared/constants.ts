/**
 * Business constants (timings, limits) and the closed vocabularies (roles, tiers,
 * levels, ...; the statuses are their machines' states, shared/lifecycles/) that the database checks, the zod schemas, the server rules and the
 * client screens all share. Each vocabulary is an `as const` array so it can drive a
 * `z.enum`, a select box and a type at once.
 *
 * The migrations deliberately repeat these lists as literals instead of importing them:
 * a migration is a frozen record of what the database looked like, and must not change
 * meaning when a list here grows (a new status needs a new migration, and
 * server/db/check-lists.test.ts fails until it is written).
 */

// --- Timings and limits ----------------------------------------------------------------

/** Products fetched by the public catalogue page. */
export const PUBLIC_PRODUCTS_LIMIT = 20;
/** Transport requests shown on the public catalogue page. */
export const PUBLIC_TRANSPORT_LIMIT = 10;
/** Notification poll, and the periodic sync interval. */
export const NOTIFICATION_POLL_MS = 30_000;
/** The auth callback page waits this long before it looks for the user. */
export const AUTH_CALLBACK_DELAY_MS = 1_000;
/** The install prompt appears this long after `beforeinstallprompt`. */
export const INSTALL_PROMPT_DELAY_MS = 30_000;
/** How long the quick-signup success screen stays before the form closes. */
export const QUICK_SIGNUP_SUCCESS_MS = 3_000;
/** The unread badge shows `9+` above this. */
export const BADGE_CAP = 9;
/** Dashboard: last items shown (products for suppliers, projects otherwise). */
export const DASHBOARD_RECENT = 3;
/** Dashboard: suggested next steps shown at most. */
export const MAX_NEXT_STEPS = 2;
/** A plan limit of this value means unlimited. */
export const UNLIMITED = 999;
/**
 * How many more a plan's limit allows beside what is used: null when unlimited, never
 * below 0 (a plan lowered under the count has no room). The import's preview, its apply
 * and the products screen all ask it.
 */
export function planRoom(max: number, used: number): number | null {
  return max >= UNLIMITED ? null : Math.max(0, max - used);
}
/** Saving shown for yearly billing; yearly price = round(monthly * 12 * (1 - 17%)). */
export const YEARLY_SAVING_PERCENT = 17;
/**
 * What a plan's yearly price saves on twelve monthly payments, in whole percent (0 for a
 * free plan): the figure each plan's card shows, from the prices as charged, so it never
 * disagrees with them (the reference prices are set at YEARLY_SAVING_PERCENT).
 */
export const yearlySavingPercent = (monthly: number, yearly: number): number => (monthly > 0 ? Math.round((1 - yearly / (monthly * 12)) * 100) : 0);
/** The one-time free trial of the basic plan. */
export const FREE_TRIAL_DAYS = 14;
/** The plan the free trial runs on. */
export const FREE_TRIAL_PLAN = 'basic';
/**
 * A paid plan cancelled within this many days of its payment is refunded in full and
 * falls back to free (the pricing page promises it); later, it runs to its period's end.
 */
export const REFUND_WINDOW_DAYS = 7;
/** An instant order without a delivery deadline expires this long after creation. */
export const ORDER_DEFAULT_EXPIRY_DAYS = 7;
/** A quick sign-up is promised a review within this window (hours). */
export const QUICK_SIGNUP_REVIEW_HOURS = { min: 24, max: 48 } as const;
/** Static counters of the landing page footer. */
export const FOOTER_COUNTERS = { suppliers: 1000, contractors: 500, government: 50 } as const;
export const APP_VERSION = '2.0.0';

/** Lists: default and largest page size. */
export const LIST_DEFAULT_LIMIT = 20;
export const LIST_MAX_LIMIT = 100;
/** A list's total, a response header. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';
/**
 * Sent as `true` when the list stops at X-Total-Count although more rows match (a
 * catalogue search ranks a bounded number of matches): the total is "more than" that.
 */
export const TOTAL_COUNT_CAPPED_HEADER = 'X-Total-Count-Capped';

/** Star rating scale and the widget's default. */
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const RATING_DEFAULT = 5;

/**
 * Open live streams (GET /api/live) one person may hold on one server process: a phone,
 * a laptop and several tabs on each stay under it, while a script opening hundreds cannot
 * hold as many sockets. The next one closes their oldest (told `end` with the reason
 * `replaced`, so that tab stops instead of reconnecting and closing another).
 */
export const LIVE_STREAMS_PER_USER = 10;
/**
 * Push subscriptions (devices) one person may have: more browsers and phones than anyone
 * uses, few enough that one account cannot make every push cost hundreds of sends. The
 * next one replaces the device that renewed its subscription longest ago (every device
 * renews it at each start of the app).
 */
export const PUSH_DEVICES_PER_USER = 10;

// --- Languages -------------------------------------------------------------------------

/** The languages of the interface, the notifications and the category names. */
export const LANGUAGES = ['ar', 'en', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];
/** Arabic is the default and the fallback. */
export const DEFAULT_LANGUAGE: Language = 'ar';
/**
 * How each language is shown: `rtl` drives <html dir> and the UI's direction; the
 * autonym is the language's own name (never translated: a language is always offered in
 * its own name); `intlLocale` is handed to Intl (Saudi conventions for ar and en).
 */
export const LANGUAGE_DETAILS: Record<Language, { rtl: boolean; autonym: string; intlLocale: string }> = {
  ar: { rtl: true, autonym: 'العربية', intlLocale: 'ar-SA' },
  en: { rtl: false, autonym: 'English', intlLocale: 'en-SA' },
  zh: { rtl: false, autonym: '中文', intlLocale: 'zh-CN' },
};

// --- People ----------------------------------------------------------------------------

/**
 * What a signed-in person may do. `driver` is never a profile's role: it is a person in a
 * transport company's team who sees and moves only the deliveries assigned to them.
 */
export const ROLES = ['supplier', 'contractor', 'government', 'transport', 'admin', 'driver'] as const;
export type Role = (typeof ROLES)[number];

/**
 * A person's place in their company: the founder is its `owner`; a `member` acts for the
 * company in everything but its profile and team; a `driver` (transport companies only)
 * does only their assigned deliveries.
 */
export const MEMBER_ROLES = ['owner', 'member', 'driver'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];
/** What an invite can make someone. */
export const INVITE_ROLES = ['member', 'driver'] as const;
export type InviteRole = (typeof INVITE_ROLES)[number];
/** An invite link works this long, once. */
export const INVITE_TTL_DAYS = 7;
/** Roles a user may pick at setup; admin comes from ADMIN_EMAILS or another admin. */
export const SELF_ASSIGNABLE_ROLES = ['supplier', 'contractor', 'government', 'transport'] as const;
export type SelfAssignableRole = (typeof SELF_ASSIGNABLE_ROLES)[number];

/** Ordered from lowest to highest; `unverified` shows no badge. */
export const VERIFICATION_TIERS = [
  'unverified',
  'verified',
  'silver',
  'gold',
  'platinum',
  'diamond',
] as const;
export type VerificationTier = (typeof VERIFICATION_TIERS)[number];

// --- Statuses (each machine's states: shared/lifecycles/) ----------------------------

/** Whether a product can be ordered now: a toggle of its seller, not a status machine. */
export const AVAILABILITY_STATUSES = ['available', 'out_of_stock'] as const;

export const URGENCY_LEVELS = ['low', 'normal', 'high', 'urgent'] as const;
export type UrgencyLevel = (typeof URGENCY_LEVELS)[number];

// --- Notifications ---------------------------------------------------------------------

/**
 * What a notification is about, its tag on the notifications screen and what that screen
 * filters by: one per kind of thing an event happens to, so a tag names the event (an RFQ
 * is not an instant order, an invoice not a quote). Each kind's type is
 * NOTIFICATION_TYPE_OF (shared/schemas/notification.ts); in this order on the screen.
 */
export const NOTIFICATION_TYPES = [
  'tender',
  'purchase_request',
  'rfq',
  'quote',
  'instant_order',
  'purchase_order',
  'invoice',
  'payment',
  'logistics',
  'subscription',
  'system',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_PRIORITIES = ['urgent', 'high', 'normal', 'low'] as const;
export type NotificationPriority = (typeof NOTIFICATION_PRIORITIES)[number];

// --- Subscriptions ---------------------------------------------------------------------

export const PLAN_IDS = ['free', 'basic', 'premium', 'enterprise'] as const;
export type PlanId = (typeof PLAN_IDS)[number];
export const PAID_PLAN_IDS = ['basic', 'premium', 'enterprise'] as const;
export type PaidPlanId = (typeof PAID_PLAN_IDS)[number];

export const BILLING_CYCLES = ['monthly', 'yearly'] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];


// --- Other vocabularies ----------------------------------------------------------------

export const REVIEW_TARGET_TYPES = ['product', 'user'] as const;

export const SIGNUP_TYPES = ['supplier', 'transport'] as const;
export type SignupType = (typeof SIGNUP_TYPES)[number];

