/**
 * What a company's owner is told when its earned verification tier changes (shared/tiers.ts
 * says how it is earned; NOTIFICATION_MESSAGES takes these in). The tiers are named in the
 * reader's language here, as the client's common tiers names them.
 */
import type { Language, VerificationTier } from '../../../shared/constants';

const TIER_NAMES: Record<Language, Record<VerificationTier, string>> = {
  ar: { unverified: 'غير موثّق', verified: 'موثّق', silver: 'فضي', gold: 'ذهبي', platinum: 'بلاتيني', diamond: 'ماسي' },
  en: { unverified: 'Unverified', verified: 'Verified', silver: 'Silver', gold: 'Gold', platinum: 'Platinum', diamond: 'Diamond' },
  zh: { unverified: '未认证', verified: '已认证', silver: '银牌', gold: '金牌', platinum: '铂金', diamond: '钻石' },
};

const isTier = (v: unknown): v is VerificationTier => typeof v === 'string' && Object.hasOwn(TIER_NAMES.en, v);

/** The params with a tier (`tier`, `previous`) named in `lang`. */
export function withTierNames(lang: Language, params: Record<string, unknown>): Record<string, unknown> {
  const names = TIER_NAMES[lang] ?? TIER_NAMES.ar;
  const out = { ...params };
  for (const key of ['tier', 'previous']) if (isTier(params[key])) out[key] = names[params[key]];
  return out;
}

export const TIER_MESSAGES = {
  'tier.changed': {
    ar: { title: 'تغيّرت فئة توثيق شركتك', message: 'أصبحت فئة شركتك «{tier}» بعد أن كانت «{previous}»، وفق سجل صفقاتها وبطاقة أدائها.' },
    en: { title: 'Your company’s tier changed', message: 'Your company is now {tier} (it was {previous}), earned from its deals and scorecard.' },
    zh: { title: '贵公司的认证等级已变更', message: '根据交易记录和绩效评分，贵公司的等级现为“{tier}”（此前为“{previous}”）。' },
  },
} satisfies Record<'tier.changed', Record<Language, { title: string; message: string }>>;
