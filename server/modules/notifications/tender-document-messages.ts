/**
 * What a tender's addendum and technical-result notifications say in every language
 * (NOTIFICATION_MESSAGES takes them in): each bidder is told that a document was replaced,
 * so they read it and may revise their bid before the deadline, and that its technical
 * envelope was evaluated.
 */
import type { Language } from '../../../shared/constants';

export const TENDER_DOCUMENT_MESSAGES = {
  'tender.addendum_issued': {
    ar: { title: 'ملحق لمستندات المنافسة', message: 'أصدرت الجهة ملحقًا «{title}» في «{project_title}». راجعه، ويمكنك تعديل عرضك قبل الموعد النهائي.' },
    en: { title: 'Addendum to the tender documents', message: 'The owner issued an addendum “{title}” on “{project_title}”. Read it; you may revise your bid before the deadline.' },
    zh: { title: '招标文件补遗', message: '发布方在“{project_title}”中发布了补遗“{title}”。请查阅；截止前您可以修改投标。' },
  },
  /** Neutral about the verdict (one text per kind): the reader's tender screen shows whether it passed, and a fail's reason. */
  'tender.technical_result': {
    ar: { title: 'نتيجة التقييم الفني', message: 'سجّلت الجهة التقييم الفني لعرضك في «{project_title}». افتح المنافسة لترى النتيجة.' },
    en: { title: 'Technical evaluation result', message: 'The owner recorded the technical evaluation of your envelope on “{project_title}”. Open the tender to see the result.' },
    zh: { title: '技术评审结果', message: '发布方已记录您在“{project_title}”中技术标的评审结果。请打开招标查看结果。' },
  },
} satisfies Record<'tender.addendum_issued' | 'tender.technical_result', Record<Language, { title: string; message: string }>>;
