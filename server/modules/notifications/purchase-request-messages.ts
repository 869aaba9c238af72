/**
 * What a purchase request's notifications say in every language (NOTIFICATION_MESSAGES
 * takes them in): a request waiting for the reader, and the requester's answer. Kept apart
 * so the table of every kind stays a file one reads through.
 */
import type { Language } from '../../../shared/constants';

export const PURCHASE_REQUEST_MESSAGES = {
  'purchase_request.waiting': {
    ar: { title: 'طلب شراء بانتظار اعتمادك', message: 'طلب الشراء {number} من {requester} لموقع «{site}» بانتظار اعتمادك.' },
    en: { title: 'A purchase request is waiting for you', message: 'Purchase request {number} from {requester} for the site “{site}” is waiting for your approval.' },
    zh: { title: '有采购申请等待您审批', message: '{requester} 为工地“{site}”提交的采购申请 {number} 正等待您审批。' },
  },
  'purchase_request.approved': {
    ar: { title: 'اعتُمد طلب الشراء', message: 'اعتُمد طلب الشراء {number} لموقع «{site}».' },
    en: { title: 'Purchase request approved', message: 'Purchase request {number} for the site “{site}” was approved.' },
    zh: { title: '采购申请已批准', message: '工地“{site}”的采购申请 {number} 已获批准。' },
  },
  'purchase_request.rejected': {
    ar: { title: 'رُفض طلب الشراء', message: 'رُفض طلب الشراء {number} لموقع «{site}»: {reason}' },
    en: { title: 'Purchase request rejected', message: 'Purchase request {number} for the site “{site}” was rejected: {reason}' },
    zh: { title: '采购申请被拒绝', message: '工地“{site}”的采购申请 {number} 被拒绝：{reason}' },
  },
} satisfies Record<'purchase_request.waiting' | 'purchase_request.approved' | 'purchase_request.rejected', Record<Language, { title: string; message: string }>>;
