/**
 * What a purchase request's notifications say in every language (NOTIFICATION_MESSAGES
 * takes them in): a request waiting for the reader, and the requester's answer, and a
 * site's budget line passing 80 % or 100 % of its budget. Kept apart
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
  'purchase_request.order_waiting': {
    ar: { title: 'أمر شراء بانتظار اعتمادك', message: 'أمر شراء لموقع «{site}» بمبلغ {amount} يتجاوز ما اعتُمد أو لم يسبقه طلب، وهو بانتظار اعتمادك ({number}).' },
    en: { title: 'An order is waiting for your approval', message: 'An order of {amount} for the site “{site}” is over what was approved, or had no request, and waits for your approval ({number}).' },
    zh: { title: '有订单等待您审批', message: '工地“{site}”的一笔金额 {amount} 的订单超出已批准金额或没有采购申请，正等待您审批（{number}）。' },
  },
  'site_budget.passed': {
    ar: { title: 'بند ميزانية تجاوز {percent}٪', message: 'بلغ الملتزم به في بند «{line}» بموقع «{site}» {percent}٪ من ميزانيته أو أكثر.' },
    en: { title: 'A budget line passed {percent} %', message: 'What is committed on the line “{line}” of the site “{site}” has reached {percent} % of its budget.' },
    zh: { title: '预算行已超过 {percent}%', message: '工地“{site}”的预算行“{line}”的已承诺金额已达到其预算的 {percent}%。' },
  },
} satisfies Record<'purchase_request.waiting' | 'purchase_request.approved' | 'purchase_request.rejected' | 'purchase_request.order_waiting' | 'site_budget.passed', Record<Language, { title: string; message: string }>>;
