/**
 * What a tender's question notifications say in every language (NOTIFICATION_MESSAGES
 * takes them in): the owner told of a new question, and the bidders and askers of a
 * published answer. Neither names who asked (projects/tender-questions.ts). Kept apart
 * so the table of every kind stays a file one reads through.
 */
import type { Language } from '../../../shared/constants';

export const TENDER_QUESTION_MESSAGES = {
  'tender.question_asked': {
    ar: { title: 'سؤال عن المنافسة', message: 'طرح مقاول سؤالًا عن «{project_title}»، بانتظار إجابتك.' },
    en: { title: 'Question on your tender', message: 'A contractor asked a question about “{project_title}”; it waits for your answer.' },
    zh: { title: '招标项目收到提问', message: '有承包商就“{project_title}”提出了问题，等待您的答复。' },
  },
  'tender.question_answered': {
    ar: { title: 'نُشرت إجابة', message: 'أجابت الجهة عن سؤال في «{project_title}»، والإجابة منشورة لجميع المقاولين.' },
    en: { title: 'An answer was published', message: 'The owner answered a question on “{project_title}”; the answer is published to every contractor.' },
    zh: { title: '答复已发布', message: '发布方答复了关于“{project_title}”的一个问题，答复已向所有承包商公布。' },
  },
} satisfies Record<'tender.question_asked' | 'tender.question_answered', Record<Language, { title: string; message: string }>>;
