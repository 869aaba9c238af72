/**
 * What a company is told about itself (NOTIFICATION_MESSAGES takes them in): a review of
 * it published, and an admin's suspension of it (with the admin's reason, its own to
 * read) and its lifting. The suspension stops new deals only.
 */
import type { Language } from '../../../shared/constants';

export const COMPANY_MESSAGES = {
  'review.published': {
    ar: { title: 'تقييم جديد لشركتك', message: 'نُشر تقييم {company} لصفقتها معكم: {rating} من 5.' },
    en: { title: 'A new review of your company', message: 'The review by {company} of your deal is published: {rating} of 5.' },
    zh: { title: '贵公司收到新评价', message: '{company} 对与您交易的评价已发布：{rating}/5。' },
  },
  'company.suspended': {
    ar: { title: 'أُوقفت شركتك', message: 'أوقفت إدارة المنصة {company}: {reason}. لا يمكنكم بدء صفقات جديدة، ويمكنكم إتمام التوريد والاستلام والفواتير والمدفوعات والنزاعات القائمة.' },
    en: { title: 'Your company is suspended', message: 'The platform suspended {company}: {reason}. You cannot start new deals; you can still finish deliveries, receipts, invoices, payments and disputes you have.' },
    zh: { title: '贵公司已被暂停', message: '平台已暂停{company}：{reason}。您不能开始新的交易，但仍可完成现有的交付、收货、发票、付款和争议。' },
  },
  'company.suspension_lifted': {
    ar: { title: 'رُفع الإيقاف عن شركتك', message: 'رفعت إدارة المنصة الإيقاف عن {company}، ويمكنكم بدء صفقات جديدة من جديد.' },
    en: { title: 'Your company’s suspension is lifted', message: 'The platform lifted the suspension of {company}; you can start new deals again.' },
    zh: { title: '贵公司的暂停已解除', message: '平台已解除对{company}的暂停，您可以重新开始新的交易。' },
  },
} satisfies Record<'review.published' | 'company.suspended' | 'company.suspension_lifted', Record<Language, { title: string; message: string }>>;
