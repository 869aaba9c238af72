/**
 * The demo's transport: a job on its way (an order, its accepted offer, the transport
 * quoted and accepted, the driver's steps), pending transport requests, and a quote on
 * the demo contractor's request from a carrier that is not the demo account.
 */
import type { UrgencyLevel } from '../../shared/constants';
import type { CompanyKey, PersonKey } from './demo-companies';

/**
 * A deal on its way: the demo contractor's order, fulfilled by the demo supplier's
 * accepted offer; transport for it, quoted by the demo transport company and accepted;
 * the job given to the company's driver, who picked the cargo up and is on the way.
 */
export interface DemoJob {
  key: string;
  order: { contractor: CompanyKey; title: string; description: string; quantity: number; unit: string; location: string; urgency: UrgencyLevel; placedHoursAgo: number };
  offer: { supplier: CompanyKey; price: number; hours: number; notes: string };
  /** pickupContact, deliveryContact: whom the driver calls at each end (a Saudi phone, as the form takes it) */
  transport: {
    pickup: string;
    delivery: string;
    cargo: string;
    weightKg: number;
    vehicle: string;
    budget: number;
    pickupContact: { name: string; phone: string };
    deliveryContact: { name: string; phone: string };
  };
  quote: { company: CompanyKey; price: number; vehicle: string; notes: string };
  driver: PersonKey;
  plate: string;
  /** the driver's steps so far, each this many hours ago, where they were */
  steps: ReadonlyArray<{ step: 'picked_up' | 'on_the_way'; hoursAgo: number; lat: number; lng: number }>;
  assignedHoursAgo: number;
}

export const DEMO_JOBS = [
  {
    key: 'cement-to-malqa',
    order: {
      contractor: 'contractor',
      title: 'أسمنت وبلوك لصب سقف الدور الأول',
      description: '300 كيس أسمنت بورتلاندي مع التوصيل إلى الموقع.',
      quantity: 300,
      unit: 'كيس 50 كجم',
      location: 'الرياض - حي الملقا',
      urgency: 'high',
      placedHoursAgo: 30,
    },
    offer: { supplier: 'supplier', price: 4950, hours: 24, notes: 'جاهز للتحميل من مستودع طريق الخرج.' },
    transport: {
      pickup: 'الرياض - طريق الخرج، المنطقة الصناعية الثانية',
      delivery: 'الرياض - حي الملقا',
      cargo: '300 كيس أسمنت بورتلاندي على طبليات',
      weightKg: 15_000,
      vehicle: 'تريلا',
      budget: 1200,
      pickupContact: { name: 'سعد القحطاني - أمين المستودع', phone: '055 333 4021' },
      deliveryContact: { name: 'م. خالد الشمري - مهندس الموقع', phone: '050 777 1290' },
    },
    quote: { company: 'transport', price: 1050, vehicle: 'تريلا فولفو 2021، حمولة 30 طن', notes: 'التحميل صباح الغد والتسليم قبل الظهر.' },
    driver: 'driver',
    plate: 'ر س ع 4821',
    assignedHoursAgo: 6,
    steps: [
      { step: 'picked_up', hoursAgo: 2, lat: 24.5869, lng: 46.7621 },
      { step: 'on_the_way', hoursAgo: 1.5, lat: 24.6512, lng: 46.7193 },
    ],
  },
] as const satisfies readonly DemoJob[];

export interface DemoTransportRequest {
  key: string;
  requester: CompanyKey;
  pickup: string;
  delivery: string;
  cargo: string;
  weightKg: number;
  volumeM3?: number;
  vehicle: string;
  budget: number;
  pickupInDays: number;
  deliveryInDays: number;
}

export const DEMO_TRANSPORT_REQUESTS = [
  {
    key: 'rebar-to-riyadh',
    requester: 'contractor',
    pickup: 'الدمام - المدينة الصناعية الثانية',
    delivery: 'الرياض - حي الملقا',
    cargo: '20 طن حديد تسليح بأطوال 12 متر',
    weightKg: 20_000,
    vehicle: 'سطحة 12 متر',
    budget: 4500,
    pickupInDays: 2,
    deliveryInDays: 3,
  },
  {
    key: 'blocks-to-kharj',
    requester: 'safwa',
    pickup: 'الرياض - المدينة الصناعية الثالثة',
    delivery: 'الخرج - حي الخالدية',
    cargo: '1200 حبة بلوك معزول على طبليات',
    weightKg: 18_000,
    vehicle: 'تريلا',
    budget: 1800,
    pickupInDays: 1,
    deliveryInDays: 1,
  },
  {
    key: 'tanks-to-jeddah',
    requester: 'plumbing',
    pickup: 'مكة المكرمة - حي العزيزية',
    delivery: 'جدة - حي الروضة',
    cargo: 'خزانات مياه ومواسير صرف',
    weightKg: 1200,
    volumeM3: 30,
    vehicle: 'دينا 4 طن',
    budget: 900,
    pickupInDays: 3,
    deliveryInDays: 3,
  },
] as const satisfies readonly DemoTransportRequest[];

type TransportRequestKey = (typeof DEMO_TRANSPORT_REQUESTS)[number]['key'];

/** A quote already on the demo contractor's request, from the carrier that is not the demo account. */
export const DEMO_TRANSPORT_OFFERS: Array<{ request: TransportRequestKey; company: CompanyKey; price: number; vehicle: string; notes: string }> = [
  { request: 'rebar-to-riyadh', company: 'transport2', price: 4200, vehicle: 'سطحة مرسيدس أكتروس 2019، حمولة 25 طن', notes: 'التحميل صباحًا والوصول في نفس اليوم.' },
];
