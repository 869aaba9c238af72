/**
 * The demo's active instant orders, and the offers on the demo contractor's order so it
 * has something to accept.
 */
import type { UrgencyLevel } from '../../shared/constants';
import type { CompanyKey } from './demo-companies';

export interface DemoOrder {
  key: string;
  contractor: CompanyKey;
  title: string;
  description: string;
  quantity: number;
  unit: string;
  location: string;
  urgency: UrgencyLevel;
  budget?: readonly [number, number];
  /** days until the delivery deadline; none means it expires 7 days after creation */
  deadlineInDays?: number;
}

export const DEMO_ORDERS = [
  {
    key: 'urgent-cement',
    contractor: 'contractor',
    title: 'مطلوب أسمنت بورتلاندي بشكل عاجل',
    description: 'توريد 200 كيس أسمنت بورتلاندي إلى الموقع قبل صب السقف.',
    quantity: 200,
    unit: 'كيس 50 كجم',
    location: 'الرياض - حي الملقا',
    urgency: 'urgent',
    budget: [3000, 3600],
    deadlineInDays: 2,
  },
  {
    key: 'rebar-16',
    contractor: 'contractor2',
    title: 'حديد تسليح 16 مم',
    description: '12 طن حديد تسليح قطر 16 مم درجة 60 مع التوصيل.',
    quantity: 12,
    unit: 'طن',
    location: 'جدة - أبحر الشمالية',
    urgency: 'high',
    budget: [32_000, 35_000],
    deadlineInDays: 4,
  },
  {
    key: 'hollow-blocks',
    contractor: 'contractor3',
    title: 'بلوك مفرغ 15 سم',
    description: '5000 حبة بلوك مفرغ للجدران الداخلية لمبنى سكني.',
    quantity: 5000,
    unit: 'حبة',
    location: 'الدمام - حي الشاطئ',
    urgency: 'normal',
  },
  {
    key: 'washed-sand',
    contractor: 'contractor2',
    title: 'رمل أبيض مغسول',
    description: '40 م³ رمل مغسول للياسة، التوريد على دفعتين.',
    quantity: 40,
    unit: 'م³',
    location: 'جدة - حي الروضة',
    urgency: 'low',
    deadlineInDays: 5,
  },
] as const satisfies readonly DemoOrder[];

type OrderKey = (typeof DEMO_ORDERS)[number]['key'];

/** Offers on the demo contractor's order, so it has something to accept. */
export const DEMO_ORDER_RESPONSES: Array<{ order: OrderKey; supplier: CompanyKey; price: number; hours: number; notes: string }> = [
  { order: 'urgent-cement', supplier: 'safwa', price: 3450, hours: 12, notes: 'التوريد بشاحنتنا خلال 12 ساعة من التأكيد.' },
  { order: 'urgent-cement', supplier: 'steel', price: 3300, hours: 24, notes: 'السعر شامل التنزيل في الموقع.' },
];
