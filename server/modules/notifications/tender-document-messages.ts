/**
 * What a tender's addendum notification says in every language (NOTIFICATION_MESSAGES
 * takes it in): each bidder is told that a document was replaced, so they read it and may
 * revise their bid before the deadline.
 */
import type { Language } from '../../../shared/constants';

export const TENDER_DOCUMENT_MESSAGES = {
  'tender.addendum_issued': {
    ar: { title: 'ملحق لمستندات المنافسة', message: 'أصدرت الجهة ملحقًا «{title}» في «{project_title}». راجعه، ويمكنك تعديل عرضك قبل الموعد النهائي.' },
    en: { title: 'Addendum to the tender documents', message: 'The owner issued an addendum “{title}” on “{project_title}”. Read it; you may revise your bid before the deadline.' },
    zh: { title: '招标文件补遗', message: '发布方在“{project_title}”中发布了补遗“{title}”。请查阅；截止前您可以修改投标。' },
  },
} satisfies Record<'tender.addendum_issued', Record<Language, { title: string; message: string }>>;
