/**
 * What each notification kind (shared/schemas/notification.ts) says, in every language,
 * for the server-filled `title` and `message`. The client renders `kind` and `params` with
 * its own locale files, so a reader who switches language sees their language; these texts
 * are for the stored row and anything outside the app.
 */
import { DEFAULT_LANGUAGE, PLAN_IDS, type Language, type PlanId } from '../../../shared/constants';
import type { NotificationKind } from '../../../shared/schemas/notification';
import { PURCHASE_REQUEST_MESSAGES } from './purchase-request-messages';
import { TENDER_QUESTION_MESSAGES } from './tender-question-messages';
import { TIER_MESSAGES, withTierNames } from './tier-messages';
import { COMPANY_MESSAGES } from './company-messages';
import { TENDER_DOCUMENT_MESSAGES } from './tender-document-messages';

type Text = { title: string; message: string };
/** A kind whose event can count several things (params.count): its text for more than one. */
type Counted = Text & { several: Text };

export const NOTIFICATION_MESSAGES = {
  'bid.new': {
    ar: { title: 'عرض جديد على مشروعك', message: 'قدّمت {company} عرضًا بقيمة {amount} على «{project_title}».' },
    en: { title: 'New bid on your project', message: '{company} bid {amount} on “{project_title}”.' },
    zh: { title: '您的项目收到新投标', message: '{company} 对“{project_title}”投标 {amount}。' },
  },
  'bid.accepted': {
    ar: { title: 'تم قبول عرضك', message: 'تمت ترسية مشروع «{project_title}» عليك.' },
    en: { title: 'Your bid was accepted', message: 'You were awarded “{project_title}”.' },
    zh: { title: '您的投标已被接受', message: '您已中标“{project_title}”。' },
  },
  'bid.rejected': {
    ar: { title: 'لم يتم اختيار عرضك', message: 'تمت ترسية مشروع «{project_title}» على عرض آخر.' },
    en: { title: 'Your bid was not selected', message: '“{project_title}” was awarded to another bid.' },
    zh: { title: '您的投标未被选中', message: '“{project_title}”已授予其他投标。' },
  },
  'tender.bid_received': {
    ar: { title: 'عرض جديد على مشروعك', message: 'وصل عرض مختوم على «{project_title}»؛ عدد العروض الآن {bid_count}. تُفتح العروض في موعد الفتح.' },
    en: { title: 'New bid on your project', message: 'A sealed bid arrived on “{project_title}” (bids so far: {bid_count}). Bids are opened at the opening time.' },
    zh: { title: '您的项目收到新投标', message: '“{project_title}”收到一份密封投标，目前共 {bid_count} 份。投标将在开标时间开启。' },
  },
  'tender.opened': {
    ar: { title: 'فُتحت المظاريف', message: 'فُتحت عروض «{project_title}» ({bid_count} عرض) وسُجّل محضر الفتح.' },
    en: { title: 'Bids opened', message: 'The bids on “{project_title}” were opened ({bid_count} in all) and the opening record made.' },
    zh: { title: '已开标', message: '“{project_title}”的 {bid_count} 份投标已开启，并已生成开标记录。' },
  },
  'tender.awarded': {
    ar: { title: 'تمت الترسية', message: 'رُسّي مشروع «{project_title}» وبدأت فترة التوقف التي يجوز فيها الاعتراض على الترسية.' },
    en: { title: 'Award made', message: '“{project_title}” was awarded and its standstill period, in which the award may be objected to, has started.' },
    zh: { title: '已授标', message: '“{project_title}”已授标，停顿期已开始，期间可对授标提出异议。' },
  },
  'tender.objection_filed': {
    ar: { title: 'اعتراض على الترسية', message: 'اعترضت {company} على ترسية «{project_title}».' },
    en: { title: 'Objection to the award', message: '{company} objected to the award of “{project_title}”.' },
    zh: { title: '对授标的异议', message: '{company} 对“{project_title}”的授标提出异议。' },
  },
  'tender.objection_answered': {
    ar: { title: 'رُدّ على الاعتراض', message: 'ردّت الجهة على الاعتراض على ترسية «{project_title}».' },
    en: { title: 'Objection answered', message: 'The owner answered the objection to the award of “{project_title}”.' },
    zh: { title: '异议已答复', message: '发布方已答复对“{project_title}”授标的异议。' },
  },
  'tender.award_final': {
    ar: { title: 'أصبحت الترسية نهائية', message: 'انتهت فترة التوقف وأصبحت ترسية «{project_title}» نهائية.' },
    en: { title: 'The award is final', message: 'The standstill period ended and the award of “{project_title}” is final.' },
    zh: { title: '授标已生效', message: '停顿期已结束，“{project_title}”的授标已成为最终结果。' },
  },
  'project.cancelled': {
    ar: { title: 'أُلغي مشروع', message: 'ألغت الجهة مشروع «{project_title}».' },
    en: { title: 'A project was cancelled', message: '“{project_title}” was cancelled by its owner.' },
    zh: { title: '项目已取消', message: '“{project_title}”已被发布方取消。' },
  },
  'instant_order.new': {
    ar: { title: 'طلب فوري جديد', message: '«{title}» في {location}.' },
    en: { title: 'New instant order', message: '“{title}” in {location}.' },
    zh: { title: '新的即时订单', message: '“{title}”，地点：{location}。' },
  },
  'order_response.new': {
    ar: { title: 'عرض سعر جديد على طلبك', message: 'قدّمت {company} سعر {price} على «{order_title}».' },
    en: { title: 'New offer on your order', message: '{company} offered {price} for “{order_title}”.' },
    zh: { title: '您的订单收到新报价', message: '{company} 为“{order_title}”报价 {price}。' },
  },
  'order_response.accepted': {
    ar: { title: 'تم قبول عرضك', message: 'قبل المقاول عرضك على «{order_title}».' },
    en: { title: 'Your offer was accepted', message: 'The contractor accepted your offer for “{order_title}”.' },
    zh: { title: '您的报价已被接受', message: '承包商接受了您对“{order_title}”的报价。' },
  },
  'order_response.rejected': {
    ar: { title: 'لم يتم اختيار عرضك', message: 'اختار المقاول عرضًا آخر على «{order_title}».' },
    en: { title: 'Your offer was not selected', message: 'The contractor chose another offer for “{order_title}”.' },
    zh: { title: '您的报价未被选中', message: '承包商为“{order_title}”选择了其他报价。' },
  },
  'rfq.new': {
    ar: { title: 'طلب عروض أسعار جديد', message: 'طلب «{title}» في {location} ينتظر عرض سعرك.' },
    en: { title: 'New request for quotation', message: '“{title}” in {location} is waiting for your quote.' },
    zh: { title: '新的询价请求', message: '位于 {location} 的“{title}”正在等待您的报价。' },
  },
  'rfq_quote.new': {
    ar: { title: 'عرض سعر جديد على طلبك', message: 'قدّمت {company} عرض سعر على «{rfq_title}».' },
    en: { title: 'New quote on your request', message: '{company} quoted on “{rfq_title}”.' },
    zh: { title: '您的询价收到新报价', message: '{company} 对“{rfq_title}”提交了报价。' },
  },
  'rfq_quote.revised': {
    ar: { title: 'عُدّل عرض سعر', message: 'عدّلت {company} عرض سعرها على «{rfq_title}».' },
    en: { title: 'A quote was revised', message: '{company} revised their quote on “{rfq_title}”.' },
    zh: { title: '报价已修改', message: '{company} 修改了对“{rfq_title}”的报价。' },
  },
  'rfq.awarded': {
    ar: { title: 'فزت بأمر شراء', message: 'رُسّيت عليك بنود من «{rfq_title}»: أمر الشراء {number} بقيمة {amount}.' },
    en: { title: 'You won a purchase order', message: 'Lines of “{rfq_title}” were awarded to you: purchase order {number} for {amount}.' },
    zh: { title: '您获得了采购订单', message: '“{rfq_title}”的部分条目已授予您：采购订单 {number}，金额 {amount}。' },
  },
  'rfq.lost': {
    ar: { title: 'لم يتم اختيار عرضك', message: 'رُسّي طلب «{rfq_title}» على عروض أخرى.' },
    en: { title: 'Your quote was not selected', message: '“{rfq_title}” was awarded to other quotes.' },
    zh: { title: '您的报价未被选中', message: '“{rfq_title}”已授予其他报价。' },
  },
  'purchase_order.issued': {
    ar: { title: 'أمر شراء جديد', message: 'أصدرت {company} أمر الشراء {number} بقيمة {amount}.' },
    en: { title: 'New purchase order', message: '{company} issued purchase order {number} for {amount}.' },
    zh: { title: '新的采购订单', message: '{company} 发出了采购订单 {number}，金额 {amount}。' },
  },
  'purchase_order.accepted': {
    ar: { title: 'قُبل أمر الشراء', message: 'قبلت {company} أمر الشراء {number}.' },
    en: { title: 'Purchase order accepted', message: '{company} accepted purchase order {number}.' },
    zh: { title: '采购订单已接受', message: '{company} 接受了采购订单 {number}。' },
  },
  'purchase_order.declined': {
    ar: { title: 'رُفض أمر الشراء', message: 'رفضت {company} أمر الشراء {number}.' },
    en: { title: 'Purchase order declined', message: '{company} declined purchase order {number}.' },
    zh: { title: '采购订单被拒绝', message: '{company} 拒绝了采购订单 {number}。' },
  },
  'purchase_order.cancelled': {
    ar: { title: 'أُلغي أمر الشراء', message: 'ألغت {company} أمر الشراء {number}.' },
    en: { title: 'Purchase order cancelled', message: '{company} cancelled purchase order {number}.' },
    zh: { title: '采购订单已取消', message: '{company} 取消了采购订单 {number}。' },
  },
  ...PURCHASE_REQUEST_MESSAGES,
  ...TENDER_QUESTION_MESSAGES,
  ...TIER_MESSAGES,
  ...COMPANY_MESSAGES,
  ...TENDER_DOCUMENT_MESSAGES,
  'goods_receipt.recorded': {
    ar: { title: 'استُلمت بضاعة', message: 'سجّلت {company} استلام بضاعة لأمر الشراء {number}؛ البنود المرفوضة: {rejected}.' },
    en: { title: 'Goods received', message: '{company} recorded goods received on purchase order {number}; lines with rejections: {rejected}.' },
    zh: { title: '已收货', message: '{company} 已登记采购订单 {number} 的收货；有拒收的行数：{rejected}。' },
  },
  'dispute.opened': {
    ar: { title: 'نزاع على أمر شراء', message: 'فتحت {company} نزاعًا على بنود مستلمة من أمر الشراء {number}. أجب عنه خلال 3 أيام عمل.' },
    en: { title: 'Dispute opened', message: '{company} disputed received lines of purchase order {number}. Answer it within 3 working days.' },
    zh: { title: '采购订单争议', message: '{company} 对采购订单 {number} 的已收货行提出争议。请在 3 个工作日内答复。' },
  },
  'dispute.accepted': {
    ar: { title: 'قُبل نزاعك', message: 'قبلت {company} نزاعك على أمر الشراء {number}.' },
    en: { title: 'Dispute accepted', message: '{company} accepted your dispute on purchase order {number}.' },
    zh: { title: '争议已被接受', message: '{company} 已接受您对采购订单 {number} 的争议。' },
  },
  'dispute.rejected': {
    ar: { title: 'رُفض نزاعك', message: 'رفضت {company} نزاعك على أمر الشراء {number}: {reason}' },
    en: { title: 'Dispute rejected', message: '{company} rejected your dispute on purchase order {number}: {reason}' },
    zh: { title: '争议被拒绝', message: '{company} 拒绝了您对采购订单 {number} 的争议：{reason}' },
  },
  'dispute.overdue': {
    ar: { title: 'نزاع تجاوز موعده', message: 'مضى موعد الرد على نزاع {company} على أمر الشراء {number}. أجب عنه الآن.' },
    en: { title: 'Dispute overdue', message: 'The dispute of {company} on purchase order {number} is past its deadline. Answer it now.' },
    zh: { title: '争议已逾期', message: '{company} 对采购订单 {number} 的争议已超过答复期限。请立即答复。' },
  },
  'purchase_order.closed_short': {
    ar: { title: 'أُغلق أمر الشراء جزئيًا', message: 'أغلقت {company} أمر الشراء {number}؛ أُلغيت الكميات التي لم تُستلم بعد.' },
    en: { title: 'Purchase order closed short', message: '{company} closed purchase order {number} short; the quantities not yet received are cancelled.' },
    zh: { title: '采购订单已短结', message: '{company} 已短结采购订单 {number}；尚未收货的数量已取消。' },
  },
  'purchase_order.delivered': {
    ar: { title: 'سُلّم أمر الشراء', message: 'أفادت {company} بتسليم أمر الشراء {number}.' },
    en: { title: 'Purchase order delivered', message: '{company} marked purchase order {number} delivered.' },
    zh: { title: '采购订单已交付', message: '{company} 已将采购订单 {number} 标记为已交付。' },
  },
  'invoice.issued': {
    ar: { title: 'فاتورة ضريبية جديدة', message: 'أصدرت {company} الفاتورة الضريبية {number} بقيمة {amount}.' },
    en: { title: 'New tax invoice', message: '{company} issued tax invoice {number} for {amount}.' },
    zh: { title: '新的税务发票', message: '{company} 开具了税务发票 {number}，金额 {amount}。' },
  },
  'credit_note.issued': {
    ar: { title: 'إشعار دائن جديد', message: 'أصدرت {company} الإشعار الدائن {number} بقيمة {amount}.' },
    en: { title: 'New credit note', message: '{company} issued credit note {number} for {amount}.' },
    zh: { title: '新的贷项通知单', message: '{company} 开具了贷项通知单 {number}，金额 {amount}。' },
  },
  'debit_note.issued': {
    ar: { title: 'إشعار مدين جديد', message: 'أصدرت {company} الإشعار المدين {number} بقيمة {amount}.' },
    en: { title: 'New debit note', message: '{company} issued debit note {number} for {amount}.' },
    zh: { title: '新的借项通知单', message: '{company} 开具了借项通知单 {number}，金额 {amount}。' },
  },
  'payment.recorded': {
    ar: { title: 'تحويل بانتظار تأكيدك', message: 'سجّلت {company} تحويلًا بقيمة {amount} للفاتورة {number}. أكّد استلامه أو اعترض عليه.' },
    en: { title: 'Transfer to confirm', message: '{company} recorded a transfer of {amount} for invoice {number}. Confirm it or dispute it.' },
    zh: { title: '待确认的转账', message: '{company} 为发票 {number} 登记了一笔 {amount} 的转账。请确认或提出异议。' },
  },
  'payment.confirmed': {
    ar: { title: 'تأكّد استلام دفعتك', message: 'أكّدت {company} استلام {amount} للفاتورة {number}.' },
    en: { title: 'Payment confirmed', message: '{company} confirmed receiving {amount} for invoice {number}.' },
    zh: { title: '付款已确认', message: '{company} 已确认收到发票 {number} 的 {amount}。' },
  },
  'payment.disputed': {
    ar: { title: 'اعتراض على دفعتك', message: 'اعترضت {company} على تحويل {amount} للفاتورة {number}: {reason}' },
    en: { title: 'Payment disputed', message: '{company} disputed the transfer of {amount} for invoice {number}: {reason}' },
    zh: { title: '付款有异议', message: '{company} 对发票 {number} 的 {amount} 转账提出异议：{reason}' },
  },
  'payment.card_paid': {
    ar: { title: 'دفعة بالبطاقة', message: 'دفعت {company} مبلغ {amount} بالبطاقة للفاتورة {number}.' },
    en: { title: 'Paid by card', message: '{company} paid {amount} by card for invoice {number}.' },
    zh: { title: '银行卡付款', message: '{company} 已用银行卡为发票 {number} 支付 {amount}。' },
  },
  'payment.card_refunded': {
    ar: { title: 'استرداد إلى البطاقة', message: 'أُعيد {amount} من دفعة بالبطاقة للفاتورة {number} إلى البطاقة، فعاد المبلغ مستحقًا عليها.' },
    en: { title: 'Card payment refunded', message: '{amount} of a card payment for invoice {number} went back to the card; the invoice owes it again.' },
    zh: { title: '银行卡付款已退款', message: '发票 {number} 的银行卡付款中有 {amount} 已退回银行卡，该金额重新计入发票应付款。' },
  },
  'payment.due_soon': {
    ar: { title: 'فاتورة تستحق قريبًا', message: 'تستحق فاتورة {company} رقم {number} في {due_date}، والمتبقي {amount}.' },
    en: { title: 'Invoice due soon', message: 'Invoice {number} from {company} is due on {due_date}; {amount} is left to pay.' },
    zh: { title: '发票即将到期', message: '{company} 的发票 {number} 将于 {due_date} 到期，尚余 {amount} 未付。' },
  },
  'payment.overdue': {
    ar: { title: 'فاتورة متأخرة السداد', message: 'فاتورة {company} رقم {number} استحقت في {due_date}، والمتبقي {amount}.' },
    en: { title: 'Invoice overdue', message: 'Invoice {number} from {company} was due on {due_date}; {amount} is left to pay.' },
    zh: { title: '发票已逾期', message: '{company} 的发票 {number} 已于 {due_date} 到期，尚余 {amount} 未付。' },
  },
  'transport_offer.new': {
    ar: { title: 'عرض نقل جديد', message: 'قدّمت {company} سعر {price} للنقل من {pickup} إلى {delivery}.' },
    en: { title: 'New transport quote', message: '{company} quoted {price} from {pickup} to {delivery}.' },
    zh: { title: '新的运输报价', message: '{company} 报价 {price}，从 {pickup} 到 {delivery}。' },
  },
  'transport_request.assigned': {
    ar: { title: 'تم إسناد طلب نقل إليك', message: 'تم قبول عرضك للنقل من {pickup} إلى {delivery}.' },
    en: { title: 'Transport job assigned to you', message: 'Your quote from {pickup} to {delivery} was accepted.' },
    zh: { title: '运输任务已分配给您', message: '您从 {pickup} 到 {delivery} 的报价已被接受。' },
  },
  'transport_request.booked': {
    ar: { title: 'شاحنة في الطريق لاستلام طلبك', message: 'حجز المشتري شاحنة من {company} لاستلام {order} من {pickup} إلى {delivery}.' },
    en: { title: 'A truck is coming for an order', message: 'The buyer booked {company} to pick up {order} at {pickup} for {delivery}.' },
    zh: { title: '卡车将来提取订单货物', message: '买方已预订 {company} 在 {pickup} 提取 {order}，送往 {delivery}。' },
  },
  'transport_request.status': {
    ar: { title: 'تحديث حالة النقل', message: 'النقل من {pickup} إلى {delivery}: {status}.' },
    en: { title: 'Transport status update', message: 'Transport from {pickup} to {delivery}: {status}.' },
    zh: { title: '运输状态更新', message: '从 {pickup} 到 {delivery} 的运输：{status}。' },
  },
  'delivery.assigned': {
    ar: { title: 'توصيلة جديدة لك', message: 'أسندت إليك {company} توصيلة من {pickup} إلى {delivery}.' },
    en: { title: 'New delivery for you', message: '{company} assigned you a delivery from {pickup} to {delivery}.' },
    zh: { title: '您有新的配送任务', message: '{company} 为您分配了从 {pickup} 到 {delivery} 的配送。' },
  },
  'delivery.driver_assigned': {
    ar: { title: 'تم تعيين سائق', message: 'السائق {driver} ({vehicle_plate}) سينقل شحنتك من {pickup} إلى {delivery}.' },
    en: { title: 'Driver assigned', message: 'Driver {driver} ({vehicle_plate}) will carry your cargo from {pickup} to {delivery}.' },
    zh: { title: '已指派司机', message: '司机 {driver}（{vehicle_plate}）将把您的货物从 {pickup} 运到 {delivery}。' },
  },
  'delivery.picked_up': {
    ar: { title: 'تم استلام الشحنة', message: 'استلم السائق {driver} الشحنة من {pickup} وهي في طريقها إلى {delivery}.' },
    en: { title: 'Cargo picked up', message: 'Driver {driver} picked up the cargo at {pickup} for {delivery}.' },
    zh: { title: '货物已提取', message: '司机 {driver} 已在 {pickup} 提取货物，目的地 {delivery}。' },
  },
  'delivery.delivered': {
    ar: { title: 'تم التسليم', message: 'سُلّمت الشحنة في {delivery} إلى {recipient}. أكّد الاستلام أو أبلغ عن مشكلة.' },
    en: { title: 'Delivered', message: 'The cargo was delivered at {delivery} to {recipient}. Confirm receipt or report a problem.' },
    zh: { title: '已送达', message: '货物已在 {delivery} 交给 {recipient}。请确认收货或报告问题。' },
  },
  'delivery.confirmed': {
    ar: { title: 'تم تأكيد الاستلام', message: 'أكّدت {company} استلام الشحنة من {pickup} إلى {delivery}.' },
    en: { title: 'Receipt confirmed', message: '{company} confirmed receipt of the cargo from {pickup} to {delivery}.' },
    zh: { title: '已确认收货', message: '{company} 已确认收到从 {pickup} 到 {delivery} 的货物。' },
  },
  'delivery.problem': {
    ar: { title: 'بلاغ عن مشكلة في التسليم', message: 'أبلغت {company} عن مشكلة في الشحنة من {pickup} إلى {delivery}.' },
    en: { title: 'Delivery problem reported', message: '{company} reported a problem with the cargo from {pickup} to {delivery}.' },
    zh: { title: '配送问题报告', message: '{company} 报告了从 {pickup} 到 {delivery} 的货物存在问题。' },
  },
  'delivery.driver_removed': {
    ar: { title: 'أُزيل سائق من شركتك', message: 'كان السائق {driver} ينقل الشحنة من {pickup} إلى {delivery}؛ عادت المهمة إليك لتسندها إلى سائق آخر.' },
    en: { title: 'A driver was removed from your company', message: 'Driver {driver} was carrying the cargo from {pickup} to {delivery}; the job is back with you to give to another driver.' },
    zh: { title: '一名司机已被移出贵公司', message: '司机 {driver} 原负责从 {pickup} 到 {delivery} 的运输；该任务已退回给您，请指派其他司机。' },
  },
  'subscription.subscribed': {
    ar: { title: 'تم الاشتراك', message: 'أنت الآن مشترك في الباقة {plan}.' },
    en: { title: 'Subscription active', message: 'You are now on the {plan} plan.' },
    zh: { title: '订阅已生效', message: '您现在使用{plan}套餐。' },
  },
  'subscription.trial_started': {
    ar: { title: 'بدأت التجربة المجانية', message: 'تجربة الباقة {plan} لمدة {days} يومًا حتى {date}.' },
    en: { title: 'Free trial started', message: '{days}-day trial of the {plan} plan until {date}.' },
    zh: { title: '免费试用已开始', message: '{plan}套餐 {days} 天试用，至 {date}。' },
  },
  'subscription.trial_ending': {
    ar: { title: 'تنتهي تجربتك قريبًا', message: 'تنتهي تجربة الباقة {plan} في {date}.' },
    en: { title: 'Your trial ends soon', message: 'Your {plan} trial ends on {date}.' },
    zh: { title: '试用即将结束', message: '您的{plan}套餐试用将于 {date} 结束。' },
  },
  'subscription.renewal_due': {
    ar: { title: 'جدّد اشتراكك', message: 'تنتهي الباقة {plan} في {date}. جدّدها من صفحة الباقات لتبقى عليها.' },
    en: { title: 'Renew your plan', message: 'Your {plan} plan ends on {date}. Renew it on the pricing page to keep it.' },
    zh: { title: '请续订套餐', message: '您的{plan}套餐将于 {date} 到期。请在套餐页面续订以继续使用。' },
  },
  'subscription.cancelled': {
    ar: { title: 'أُلغي الاشتراك', message: 'تبقى الباقة {plan} حتى {date} ولن تتجدد.' },
    en: { title: 'Subscription cancelled', message: 'Your {plan} plan runs until {date} and will not renew.' },
    zh: { title: '订阅已取消', message: '您的{plan}套餐有效至 {date}，不会续订。' },
  },
  'subscription.refunded': {
    ar: { title: 'أُلغي الاشتراك واسترددت المبلغ', message: 'أُلغيت الباقة {plan} ويعود {amount} ريال إلى بطاقتك. أنت الآن على الباقة المجانية.' },
    en: { title: 'Subscription cancelled and refunded', message: 'Your {plan} plan was cancelled and SAR {amount} goes back to your card. You are on the Free plan.' },
    zh: { title: '订阅已取消并退款', message: '您的{plan}套餐已取消，{amount} 里亚尔将退回您的银行卡。您现在使用免费套餐。' },
  },
  // One per push: the first refusal, and how many the push had (params.count).
  'sync.rejected': {
    ar: {
      title: 'لم يتم إرسال إجراء محفوظ',
      message: 'رفض الخادم «{action}»: {reason}',
      several: { title: 'رفض الخادم إجراءات محفوظة ({count})', message: 'أولها «{action}»: {reason}' },
    },
    en: {
      title: 'A queued action was refused',
      message: 'The server refused “{action}”: {reason}',
      several: { title: '{count} queued actions were refused', message: 'The first, “{action}”: {reason}' },
    },
    zh: {
      title: '排队的操作被拒绝',
      message: '服务器拒绝了“{action}”：{reason}',
      several: { title: '{count} 个排队的操作被拒绝', message: '第一个“{action}”：{reason}' },
    },
  },
} satisfies Record<NotificationKind, Record<Language, Text | Counted>>;

/**
 * The plans by name in each language, as the pricing page names them: a plan's stored
 * name is the English one, and "باقة Basic" / "Basic 套餐" read as untranslated.
 */
const PLAN_NAMES: Record<Language, Record<PlanId, string>> = {
  ar: { free: 'المجانية', basic: 'الأساسية', premium: 'المميزة', enterprise: 'المؤسسات' },
  en: { free: 'Free', basic: 'Basic', premium: 'Premium', enterprise: 'Enterprise' },
  zh: { free: '免费', basic: '基础', premium: '高级', enterprise: '企业' },
};

const isPlanId = (v: unknown): v is PlanId => typeof v === 'string' && (PLAN_IDS as readonly string[]).includes(v);

export function renderNotification(kind: NotificationKind, lang: Language, params: Record<string, unknown>): Text {
  const texts: Text | Counted = NOTIFICATION_MESSAGES[kind][lang] ?? NOTIFICATION_MESSAGES[kind][DEFAULT_LANGUAGE];
  const t = 'several' in texts && Number(params.count) > 1 ? texts.several : texts;
  const values = withTierNames(lang, isPlanId(params.plan_id) ? { ...params, plan: (PLAN_NAMES[lang] ?? PLAN_NAMES[DEFAULT_LANGUAGE])[params.plan_id] } : params);
  const fill = (s: string) => s.replace(/\{(\w+)\}/g, (_, k) => (values[k] === undefined || values[k] === null ? '' : String(values[k])));
  return { title: fill(t.title), message: fill(t.message) };
}
