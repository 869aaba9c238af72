/**
 * The demo marketplace: fictional Saudi companies, their products and a few open
 * projects, orders and transport requests, and enough of every capability to try it: a
 * company team (a member and a driver), a sealed tender before its opening and one after
 * it, a job on its way. Plain data; server/seed/demo.ts inserts it. Prices are realistic
 * SAR figures; units are what the trade uses.
 *
 * Each row that others point at has a `key`, and they point at it by that key (a bid's
 * `project: 'school'`, a review's `product: 'rebar-12'`), never by position. The lists
 * are `as const`, so a key that names no row fails the type check.
 */
import type { Role, UrgencyLevel, VerificationTier } from '../../shared/constants';

export interface DemoCompany {
  key: string;
  email: string;
  name: string; // the person behind the account
  role: Role;
  company_name: string;
  city: string;
  state: string;
  address: string;
  zip_code: string;
  phone: string;
  tier: VerificationTier;
  description: string;
  cr_number?: string;
  vat_number?: string;
  website?: string;
  is_admin?: boolean;
}

/** The accounts to sign in with, one per role (README lists them). */
export const DEMO_ACCOUNTS = [
  { email: 'supplier@demo.binaa.sa', role: 'supplier' },
  { email: 'contractor@demo.binaa.sa', role: 'contractor' },
  { email: 'government@demo.binaa.sa', role: 'government' },
  { email: 'transport@demo.binaa.sa', role: 'transport' },
  { email: 'admin@demo.binaa.sa', role: 'admin' },
] as const satisfies readonly { email: string; role: Role }[];

/**
 * Tax profiles (shared/schemas/tax-profile.ts), by company key: the demo supplier's, so it
 * can onboard for e-invoicing and invoice without typing one first, and the demo
 * contractor's, so a tax invoice to it names its buyer; and the platform's (Binaa Market,
 * a supplier company: e-invoicing units are suppliers'), the seller of the plans' tax invoices once its unit is onboarded.
 * Their VAT and CR numbers are their profiles'.
 */
export const DEMO_TAX_PROFILES = {
  supplier: {
    legal_name: 'شركة الركن المتين لمواد البناء',
    legal_name_en: 'Al Rukn Al Mateen Building Materials Co.',
    vat_number: '310245871200003',
    cr_number: '1010245871',
    iban: 'SA0380000000608010167519',
    address: { building_number: '2714', street: 'طريق الخرج', district: 'المنطقة الصناعية الثانية', city: 'الرياض', postal_code: '14332', additional_number: '7831' },
  },
  contractor: {
    legal_name: 'مؤسسة البنيان الحديث للمقاولات',
    legal_name_en: 'Al Bunyan Modern Contracting Est.',
    vat_number: '310567234100003',
    cr_number: '1010567234',
    address: { building_number: '3158', street: 'طريق أنس بن مالك', district: 'الملقا', city: 'الرياض', postal_code: '13524', additional_number: '6612' },
  },
  // The platform itself (config.platformSellerEmail names its account outside production): the seller of every plan's tax invoice.
  platform: {
    legal_name: 'شركة سوق بناء لتقنية المعلومات',
    legal_name_en: 'Binaa Market Information Technology Co.',
    vat_number: '311204567800003',
    cr_number: '1010845120',
    address: { building_number: '7421', street: 'طريق العليا العام', district: 'العليا', city: 'الرياض', postal_code: '12211', additional_number: '3390' },
  },
} as const;

export const DEMO_COMPANIES = [
  // --- the demo accounts ---
  {
    key: 'supplier',
    email: 'supplier@demo.binaa.sa',
    name: 'عبدالله القحطاني',
    role: 'supplier',
    company_name: 'شركة الركن المتين لمواد البناء',
    city: 'الرياض',
    state: 'منطقة الرياض',
    address: 'طريق الخرج، المنطقة الصناعية الثانية',
    zip_code: '14332',
    phone: '+966501110001',
    tier: 'verified',
    description: 'توريد الأسمنت والبلوك والرمل لمشاريع الرياض والخرج منذ 2009.',
    cr_number: '1010245871',
    vat_number: '310245871200003',
  },
  {
    key: 'contractor',
    email: 'contractor@demo.binaa.sa',
    name: 'سلطان الدوسري',
    role: 'contractor',
    company_name: 'مؤسسة البنيان الحديث للمقاولات',
    city: 'الرياض',
    state: 'منطقة الرياض',
    address: 'حي الملقا، طريق أنس بن مالك',
    zip_code: '13524',
    phone: '+966551110002',
    tier: 'silver',
    description: 'مقاولات عامة: مبانٍ سكنية وتجارية وأعمال ترميم.',
    cr_number: '1010567234',
    vat_number: '310567234100003',
  },
  {
    key: 'government',
    email: 'government@demo.binaa.sa',
    name: 'م. نورة الشهري',
    role: 'government',
    company_name: 'إدارة المشاريع - أمانة المنطقة (حساب تجريبي)',
    city: 'الرياض',
    state: 'منطقة الرياض',
    address: 'حي الملز، شارع الأمير عبدالرحمن بن عبدالعزيز',
    zip_code: '12629',
    phone: '+966112345001',
    tier: 'gold',
    description: 'طرح مشاريع البنية التحتية والمرافق العامة وإدارة المنافسات.',
  },
  {
    key: 'transport',
    email: 'transport@demo.binaa.sa',
    name: 'ماجد الحربي',
    role: 'transport',
    company_name: 'شركة المسار السريع للنقل',
    city: 'الدمام',
    state: 'المنطقة الشرقية',
    address: 'حي الفيصلية، طريق الملك فهد',
    zip_code: '32241',
    phone: '+966561110004',
    tier: 'verified',
    description: 'نقل مواد البناء بالتريلات والسطحات والدينات بين مدن المملكة.',
    cr_number: '2050123987',
  },
  {
    key: 'admin',
    email: 'admin@demo.binaa.sa',
    name: 'مدير المنصة',
    role: 'admin',
    company_name: 'إدارة منصة بناء',
    city: 'الرياض',
    state: 'منطقة الرياض',
    address: 'حي العليا',
    zip_code: '12211',
    phone: '+966501110005',
    tier: 'verified',
    description: 'حساب إدارة المنصة.',
    is_admin: true,
  },
  // --- the platform: the seller of the plans' tax invoices (config.platformSellerEmail) ---
  {
    key: 'platform',
    email: 'billing@demo.binaa.sa',
    name: 'فريق فوترة بناء ماركت',
    role: 'supplier',
    company_name: 'بناء ماركت',
    city: 'الرياض',
    state: 'منطقة الرياض',
    address: 'حي العليا، طريق العليا العام',
    zip_code: '12211',
    phone: '+966501110006',
    tier: 'verified',
    description: 'الشركة المشغلة لمنصة بناء ماركت: تصدر الفواتير الضريبية لاشتراكات الباقات.',
    cr_number: '1010845120',
    vat_number: '311204567800003',
  },
  // --- other suppliers ---
  {
    key: 'safwa',
    email: 'safwa@demo.binaa.sa',
    name: 'فهد العتيبي',
    role: 'supplier',
    company_name: 'مصنع الصفوة للخرسانة الجاهزة',
    city: 'الرياض',
    state: 'منطقة الرياض',
    address: 'المدينة الصناعية الثالثة',
    zip_code: '14335',
    phone: '+966502220011',
    tier: 'gold',
    description: 'خرسانة جاهزة بجميع الإجهادات، بلوك وطوب، ورمل وبحص مغسول.',
    cr_number: '1010332190',
    vat_number: '300332190100003',
    website: 'https://safwa-concrete.example.sa',
  },
  {
    key: 'steel',
    email: 'arab-steel@demo.binaa.sa',
    name: 'تركي الزهراني',
    role: 'supplier',
    company_name: 'شركة الحديد العربي للتجارة',
    city: 'الدمام',
    state: 'المنطقة الشرقية',
    address: 'المدينة الصناعية الثانية',
    zip_code: '34326',
    phone: '+966532220012',
    tier: 'platinum',
    description: 'حديد تسليح وطني مطابق لمواصفات الهيئة السعودية للمواصفات، وشبك ملحوم.',
    cr_number: '2050448812',
    vat_number: '300448812500003',
  },
  {
    key: 'waha',
    email: 'alwaha-timber@demo.binaa.sa',
    name: 'ياسر الغامدي',
    role: 'supplier',
    company_name: 'مؤسسة الواحة للأخشاب والعوازل',
    city: 'جدة',
    state: 'منطقة مكة المكرمة',
    address: 'حي الخمرة، طريق الخمرة',
    zip_code: '22435',
    phone: '+966542220013',
    tier: 'silver',
    description: 'أخشاب الطوبار والنجارة، ألواح الفوم والصوف الصخري، ومواد العزل المائي.',
    cr_number: '4030189923',
  },
  {
    key: 'ceramics',
    email: 'gulf-touch@demo.binaa.sa',
    name: 'هند المالكي',
    role: 'supplier',
    company_name: 'شركة لمسة الخليج للسيراميك والدهانات',
    city: 'جدة',
    state: 'منطقة مكة المكرمة',
    address: 'شارع التحلية',
    zip_code: '23434',
    phone: '+966552220014',
    tier: 'diamond',
    description: 'بورسلان وسيراميك ورخام، ودهانات داخلية وخارجية وإيبوكسي.',
    cr_number: '4030277710',
    vat_number: '302777100900003',
    website: 'https://gulf-touch.example.sa',
  },
  {
    key: 'plumbing',
    email: 'yanbou@demo.binaa.sa',
    name: 'عمر باوزير',
    role: 'supplier',
    company_name: 'مؤسسة الينبوع للأدوات الصحية',
    city: 'مكة المكرمة',
    state: 'منطقة مكة المكرمة',
    address: 'حي العزيزية',
    zip_code: '24243',
    phone: '+966562220015',
    tier: 'unverified',
    description: 'أنابيب وخزانات ومستلزمات السباكة للمشاريع والمنازل.',
  },
  {
    key: 'electrical',
    email: 'alnoor@demo.binaa.sa',
    name: 'بندر الجهني',
    role: 'supplier',
    company_name: 'شركة النور المضيء للمواد الكهربائية',
    city: 'المدينة المنورة',
    state: 'منطقة المدينة المنورة',
    address: 'طريق الملك عبدالعزيز',
    zip_code: '42311',
    phone: '+966572220016',
    tier: 'verified',
    description: 'كيابل ولوحات توزيع وقواطع وإنارة للمشاريع.',
    cr_number: '4650093321',
  },
  {
    key: 'equipment',
    email: 'rasiya@demo.binaa.sa',
    name: 'خالد الشمري',
    role: 'supplier',
    company_name: 'شركة الراسية لتأجير المعدات',
    city: 'الخبر',
    state: 'المنطقة الشرقية',
    address: 'طريق الظهران - الجبيل السريع',
    zip_code: '34445',
    phone: '+966582220017',
    tier: 'gold',
    description: 'تأجير المعدات الثقيلة مع المشغلين، وتوريد معدات السلامة المهنية.',
    cr_number: '2051066458',
    vat_number: '310664580000003',
  },
  // --- other buyers and carriers ---
  {
    key: 'contractor2',
    email: 'alemar@demo.binaa.sa',
    name: 'راشد السبيعي',
    role: 'contractor',
    company_name: 'شركة الإعمار المتكامل للمقاولات',
    city: 'جدة',
    state: 'منطقة مكة المكرمة',
    address: 'حي الروضة',
    zip_code: '23435',
    phone: '+966503330021',
    tier: 'gold',
    description: 'مقاول درجة ثانية في المباني والطرق.',
    cr_number: '4030355512',
  },
  {
    key: 'contractor3',
    email: 'sawaed@demo.binaa.sa',
    name: 'محمد العنزي',
    role: 'contractor',
    company_name: 'مؤسسة سواعد الوطن للمقاولات',
    city: 'الدمام',
    state: 'المنطقة الشرقية',
    address: 'حي الشاطئ',
    zip_code: '32413',
    phone: '+966533330022',
    tier: 'unverified',
    description: 'أعمال الخرسانة والتشطيبات.',
  },
  {
    key: 'government2',
    email: 'waterfront@demo.binaa.sa',
    name: 'م. عبدالعزيز الفيفي',
    role: 'government',
    company_name: 'هيئة تطوير الواجهة البحرية (حساب تجريبي)',
    city: 'الخبر',
    state: 'المنطقة الشرقية',
    address: 'الكورنيش الشمالي',
    zip_code: '34428',
    phone: '+966138940022',
    tier: 'platinum',
    description: 'تطوير الحدائق والممشى والمرافق على الواجهة البحرية.',
  },
  {
    key: 'transport2',
    email: 'qafila@demo.binaa.sa',
    name: 'سعد القرني',
    role: 'transport',
    company_name: 'مؤسسة القافلة للخدمات اللوجستية',
    city: 'جدة',
    state: 'منطقة مكة المكرمة',
    address: 'حي الحرازات',
    zip_code: '22564',
    phone: '+966593330024',
    tier: 'silver',
    description: 'أسطول دينات وتريلات مبردة وسطحات لنقل المعدات.',
  },
] as const satisfies readonly DemoCompany[];

type CompanyKey = (typeof DEMO_COMPANIES)[number]['key'];

/** People in a demo company who are not its owner: they sign in as themselves and act for it. */
export interface DemoPerson {
  key: string;
  email: string;
  name: string;
  company: CompanyKey;
  /** a member acts for the company in everything but its team; a driver (transport companies only) sees and moves only their jobs */
  role: 'member' | 'driver';
}

export const DEMO_PEOPLE = [
  { key: 'member', email: 'member@demo.binaa.sa', name: 'ريم العمري', company: 'supplier', role: 'member' },
  { key: 'driver', email: 'driver@demo.binaa.sa', name: 'فيصل المطيري', company: 'transport', role: 'driver' },
] as const satisfies readonly DemoPerson[];

type PersonKey = (typeof DEMO_PEOPLE)[number]['key'];

export interface DemoProduct {
  key: string;
  supplier: CompanyKey;
  /** the category's slug (the migrations' reference data) */
  category: string;
  name: string;
  description: string;
  /** SAR */
  price: number;
  unit: string;
  minQuantity: number;
  /** null: stock not tracked */
  stock: number | null;
  specs?: Readonly<Record<string, string>>;
}

export const DEMO_PRODUCTS = [
  // Cement and concrete
  { key: 'opc-cement', supplier: 'supplier', category: 'cement-concrete', name: 'أسمنت بورتلاندي عادي', description: 'أسمنت بورتلاندي عادي مطابق للمواصفة السعودية، مناسب للخرسانة العادية والمسلحة.', price: 16.5, unit: 'كيس 50 كجم', minQuantity: 100, stock: 12000, specs: { النوع: 'OPC', 'قوة الضغط': '42.5 نيوتن/مم²' } },
  { key: 'white-cement', supplier: 'supplier', category: 'cement-concrete', name: 'أسمنت أبيض', description: 'أسمنت أبيض للأعمال الزخرفية والتشطيبات وتركيب الرخام.', price: 32, unit: 'كيس 40 كجم', minQuantity: 20, stock: 800 },
  { key: 'src-cement', supplier: 'safwa', category: 'cement-concrete', name: 'أسمنت مقاوم للأملاح', description: 'أسمنت مقاوم للكبريتات للأساسات والخرسانة الملامسة للتربة والمياه الجوفية.', price: 18.75, unit: 'كيس 50 كجم', minQuantity: 100, stock: 6500, specs: { النوع: 'SRC' } },
  { key: 'concrete-c30', supplier: 'safwa', category: 'cement-concrete', name: 'خرسانة جاهزة C30', description: 'خرسانة جاهزة بإجهاد 30 ميجاباسكال، توريد بالخلاطات مع إمكانية الضخ.', price: 245, unit: 'م³', minQuantity: 8, stock: null, specs: { الإجهاد: '30 ميجاباسكال', الهبوط: '100 ± 25 مم' } },
  { key: 'concrete-c40', supplier: 'safwa', category: 'cement-concrete', name: 'خرسانة جاهزة C40', description: 'خرسانة جاهزة عالية المقاومة للأعمدة والأسقف والخزانات.', price: 285, unit: 'م³', minQuantity: 8, stock: null, specs: { الإجهاد: '40 ميجاباسكال' } },
  // Steel and rebar
  { key: 'rebar-12', supplier: 'steel', category: 'steel-rebar', name: 'حديد تسليح قطر 12 مم', description: 'حديد تسليح وطني درجة 60، أسياخ بطول 12 متر.', price: 2850, unit: 'طن', minQuantity: 1, stock: 420, specs: { القطر: '12 مم', الدرجة: '60', الطول: '12 م' } },
  { key: 'rebar-16', supplier: 'steel', category: 'steel-rebar', name: 'حديد تسليح قطر 16 مم', description: 'حديد تسليح للأعمدة والجسور، درجة 60، أسياخ بطول 12 متر.', price: 2820, unit: 'طن', minQuantity: 1, stock: 380, specs: { القطر: '16 مم', الدرجة: '60', الطول: '12 م' } },
  { key: 'rebar-8', supplier: 'steel', category: 'steel-rebar', name: 'حديد تسليح قطر 8 مم', description: 'حديد تسليح للكانات والبلاطات الخفيفة.', price: 2950, unit: 'طن', minQuantity: 1, stock: 150, specs: { القطر: '8 مم', الدرجة: '60' } },
  { key: 'mesh-6', supplier: 'steel', category: 'steel-rebar', name: 'شبك حديد ملحوم 6 مم', description: 'شبك ملحوم بفتحات 15×15 سم لبلاطات الأرضيات والأرصفة.', price: 95, unit: 'لوح 2.4×6 م', minQuantity: 10, stock: 900, specs: { 'قطر السلك': '6 مم', الفتحة: '15×15 سم' } },
  { key: 'tie-wire', supplier: 'steel', category: 'steel-rebar', name: 'سلك تربيط مجلفن', description: 'سلك تربيط لحديد التسليح، مجلفن مقاوم للصدأ.', price: 120, unit: 'لفة 25 كجم', minQuantity: 5, stock: 0 },
  // Blocks and bricks
  { key: 'solid-block-20', supplier: 'supplier', category: 'blocks-bricks', name: 'بلوك أسمنتي مصمت 20 سم', description: 'بلوك مصمت للجدران الحاملة والأسوار، مقاس 20×20×40 سم.', price: 3.25, unit: 'حبة', minQuantity: 500, stock: 40000, specs: { المقاس: '20×20×40 سم' } },
  { key: 'hollow-block-15', supplier: 'supplier', category: 'blocks-bricks', name: 'بلوك أسمنتي مفرغ 15 سم', description: 'بلوك مفرغ للجدران الداخلية، خفيف وسريع التركيب.', price: 2.6, unit: 'حبة', minQuantity: 500, stock: 55000, specs: { المقاس: '15×20×40 سم' } },
  { key: 'insulated-block-20', supplier: 'safwa', category: 'blocks-bricks', name: 'بلوك معزول 20 سم', description: 'بلوك أسمنتي بحشوة بوليسترين لعزل حراري أفضل وتوفير في استهلاك التكييف.', price: 5.75, unit: 'حبة', minQuantity: 500, stock: 18000, specs: { العزل: 'بوليسترين 5 سم' } },
  { key: 'red-brick', supplier: 'safwa', category: 'blocks-bricks', name: 'طوب أحمر طفلي', description: 'طوب طفلي محروق للواجهات والجدران الخارجية.', price: 1.1, unit: 'حبة', minQuantity: 1000, stock: 60000 },
  { key: 'aac-block', supplier: 'safwa', category: 'blocks-bricks', name: 'بلوك خرساني خلوي خفيف', description: 'بلوك خلوي خفيف الوزن عازل للحرارة والصوت، مقاس 60×20×20 سم.', price: 11.5, unit: 'حبة', minQuantity: 200, stock: 7500 },
  // Sand and aggregates
  { key: 'red-sand', supplier: 'supplier', category: 'sand-aggregates', name: 'رمل أحمر للردم', description: 'رمل أحمر نظيف لأعمال الردم والتسوية، توريد بالقلاب.', price: 45, unit: 'م³', minQuantity: 20, stock: null },
  { key: 'washed-sand', supplier: 'supplier', category: 'sand-aggregates', name: 'رمل أبيض مغسول', description: 'رمل مغسول خالٍ من الأملاح للخرسانة واللياسة.', price: 65, unit: 'م³', minQuantity: 10, stock: null },
  { key: 'gravel-3-4', supplier: 'safwa', category: 'sand-aggregates', name: 'بحص مكسر 3/4 بوصة', description: 'ركام خشن مكسر للخرسانة المسلحة.', price: 80, unit: 'م³', minQuantity: 10, stock: null, specs: { المقاس: '3/4 بوصة' } },
  { key: 'gravel-3-8', supplier: 'safwa', category: 'sand-aggregates', name: 'بحص ناعم 3/8 بوصة', description: 'ركام ناعم للخرسانة والبلوك.', price: 85, unit: 'م³', minQuantity: 10, stock: null, specs: { المقاس: '3/8 بوصة' } },
  { key: 'base-course', supplier: 'safwa', category: 'sand-aggregates', name: 'كسارة بيس كورس للطرق', description: 'طبقة أساس مدرجة للطرق والمواقف، مطابقة لمواصفات وزارة النقل.', price: 38, unit: 'طن', minQuantity: 50, stock: null },
  // Timber
  { key: 'white-wood-5x10', supplier: 'waha', category: 'timber', name: 'خشب أبيض فنلندي 5×10 سم', description: 'خشب أبيض للطوبار والأعمال الإنشائية، طول 4 أمتار.', price: 38, unit: 'حبة', minQuantity: 50, stock: 3200, specs: { المقاس: '5×10 سم', الطول: '4 م' } },
  { key: 'formwork-plywood-18', supplier: 'waha', category: 'timber', name: 'ألواح بلاكاش طوبار 18 مم', description: 'ألواح طوبار مقاومة للماء لصب الأسقف والجدران، مقاس 122×244 سم.', price: 92, unit: 'لوح', minQuantity: 20, stock: 1400 },
  { key: 'meranti', supplier: 'waha', category: 'timber', name: 'خشب ميرانتي أحمر', description: 'خشب أحمر للأبواب والنجارة الداخلية.', price: 4200, unit: 'م³', minQuantity: 1, stock: 35 },
  { key: 'mdf-18', supplier: 'waha', category: 'timber', name: 'ألواح MDF 18 مم', description: 'ألواح MDF مقاس 122×244 سم للأثاث والخزائن.', price: 85, unit: 'لوح', minQuantity: 10, stock: 600 },
  { key: 'marine-plywood-18', supplier: 'waha', category: 'timber', name: 'خشب معاكس بحري 18 مم', description: 'أبلكاش بحري مقاوم للرطوبة للمطابخ والحمامات.', price: 145, unit: 'لوح', minQuantity: 10, stock: 0 },
  // Tiles and ceramics
  { key: 'porcelain-60', supplier: 'ceramics', category: 'tiles-ceramics', name: 'بلاط بورسلان 60×60 سم لامع', description: 'بورسلان لامع درجة أولى للأرضيات الداخلية.', price: 48, unit: 'م²', minQuantity: 50, stock: 5200, specs: { المقاس: '60×60 سم', السماكة: '9 مم' } },
  { key: 'wall-ceramic-30x60', supplier: 'ceramics', category: 'tiles-ceramics', name: 'سيراميك جدران 30×60 سم', description: 'سيراميك جدران للحمامات والمطابخ بألوان متعددة.', price: 32, unit: 'م²', minQuantity: 30, stock: 3800 },
  { key: 'carrara-marble', supplier: 'ceramics', category: 'tiles-ceramics', name: 'رخام كرارة إيطالي 2 سم', description: 'رخام كرارة أبيض مستورد للأرضيات والدرج.', price: 260, unit: 'م²', minQuantity: 20, stock: 420 },
  { key: 'interlock-6', supplier: 'ceramics', category: 'tiles-ceramics', name: 'بلاط إنترلوك للأرصفة 6 سم', description: 'بلاط إنترلوك خرساني للأرصفة والمواقف.', price: 38, unit: 'م²', minQuantity: 100, stock: 9000 },
  { key: 'tile-adhesive', supplier: 'ceramics', category: 'tiles-ceramics', name: 'لاصق بلاط أسمنتي', description: 'لاصق أسمنتي محسّن للبلاط والسيراميك داخلي وخارجي.', price: 24, unit: 'كيس 20 كجم', minQuantity: 20, stock: 2500 },
  // Paint
  { key: 'interior-paint', supplier: 'ceramics', category: 'paint', name: 'دهان بلاستيك داخلي مطفي', description: 'دهان مائي قابل للغسيل للجدران الداخلية، رائحة خفيفة.', price: 65, unit: 'جالون 3.6 لتر', minQuantity: 4, stock: 700 },
  { key: 'exterior-acrylic', supplier: 'ceramics', category: 'paint', name: 'دهان أكريليك خارجي', description: 'دهان أكريليك مقاوم للشمس والرطوبة للواجهات.', price: 240, unit: 'دلو 18 لتر', minQuantity: 2, stock: 260 },
  { key: 'primer', supplier: 'ceramics', category: 'paint', name: 'برايمر مائي أساس', description: 'طبقة أساس للجدران الجديدة قبل الدهان.', price: 150, unit: 'دلو 18 لتر', minQuantity: 2, stock: 310 },
  { key: 'epoxy-floor', supplier: 'ceramics', category: 'paint', name: 'دهان إيبوكسي للأرضيات', description: 'نظام إيبوكسي ثنائي المكون للمستودعات ومواقف السيارات.', price: 420, unit: 'طقم 20 كجم', minQuantity: 1, stock: 85 },
  { key: 'wall-putty', supplier: 'ceramics', category: 'paint', name: 'معجون جدران', description: 'معجون تأسيس وتنعيم الجدران الداخلية.', price: 38, unit: 'كيس 25 كجم', minQuantity: 10, stock: 1200 },
  // Plumbing
  { key: 'upvc-pipe-4', supplier: 'plumbing', category: 'plumbing', name: 'مواسير UPVC للصرف 4 بوصة', description: 'مواسير صرف صحي UPVC بطول 6 أمتار.', price: 58, unit: 'ماسورة 6 م', minQuantity: 10, stock: 2200, specs: { القطر: '4 بوصة', الطول: '6 م' } },
  { key: 'ppr-pipe-25', supplier: 'plumbing', category: 'plumbing', name: 'مواسير PPR للمياه 25 مم', description: 'مواسير مياه حارة وباردة PPR بطول 4 أمتار.', price: 18, unit: 'ماسورة 4 م', minQuantity: 20, stock: 5400, specs: { القطر: '25 مم', الضغط: 'PN20' } },
  { key: 'water-tank-2000', supplier: 'plumbing', category: 'plumbing', name: 'خزان مياه بولي إيثيلين 2000 لتر', description: 'خزان علوي ثلاث طبقات مقاوم للأشعة فوق البنفسجية.', price: 1150, unit: 'حبة', minQuantity: 1, stock: 40 },
  { key: 'basin-mixer', supplier: 'plumbing', category: 'plumbing', name: 'خلاط مغسلة نحاس', description: 'خلاط مغسلة نحاس مطلي كروم مع ضمان سنتين.', price: 185, unit: 'حبة', minQuantity: 1, stock: 160 },
  { key: 'water-heater-80', supplier: 'plumbing', category: 'plumbing', name: 'سخان مياه كهربائي 80 لتر', description: 'سخان عمودي موفر للطاقة مع عازل حراري.', price: 690, unit: 'حبة', minQuantity: 1, stock: 0 },
  // Electrical
  { key: 'cable-4', supplier: 'electrical', category: 'electrical', name: 'كيبل نحاس 4 مم²', description: 'كيبل نحاس معزول PVC للمكيفات والأحمال العالية.', price: 395, unit: 'لفة 100 م', minQuantity: 1, stock: 240, specs: { المقطع: '4 مم²', العزل: 'PVC' } },
  { key: 'cable-2-5', supplier: 'electrical', category: 'electrical', name: 'كيبل نحاس 2.5 مم²', description: 'كيبل نحاس للأفياش والدوائر العامة.', price: 255, unit: 'لفة 100 م', minQuantity: 1, stock: 410, specs: { المقطع: '2.5 مم²' } },
  { key: 'panel-24', supplier: 'electrical', category: 'electrical', name: 'لوحة توزيع 24 خط', description: 'لوحة توزيع معدنية للمباني السكنية.', price: 320, unit: 'حبة', minQuantity: 1, stock: 75 },
  { key: 'breaker-32a', supplier: 'electrical', category: 'electrical', name: 'قاطع كهربائي 32 أمبير', description: 'قاطع أحادي القطب للوحات التوزيع.', price: 28, unit: 'حبة', minQuantity: 10, stock: 1300 },
  { key: 'led-flood-100w', supplier: 'electrical', category: 'electrical', name: 'كشاف LED 100 واط', description: 'كشاف خارجي مقاوم للماء IP65 للمواقع والمستودعات.', price: 145, unit: 'حبة', minQuantity: 2, stock: 220 },
  // Insulation
  { key: 'xps-board-5', supplier: 'waha', category: 'insulation', name: 'ألواح فوم بوليسترين مبثوق 5 سم', description: 'ألواح XPS للعزل الحراري للأسطح والجدران.', price: 42, unit: 'لوح', minQuantity: 20, stock: 1800, specs: { السماكة: '5 سم', الكثافة: '32 كجم/م³' } },
  { key: 'bitumen-membrane-4', supplier: 'waha', category: 'insulation', name: 'لفائف عزل مائي بيتوميني 4 مم', description: 'لفائف بيتومين معدلة للعزل المائي للأسطح والأساسات.', price: 95, unit: 'لفة 10 م²', minQuantity: 10, stock: 650 },
  { key: 'rockwool-50', supplier: 'waha', category: 'insulation', name: 'ألواح صوف صخري 50 مم', description: 'عزل حراري وصوتي مقاوم للحريق.', price: 120, unit: 'ربطة', minQuantity: 5, stock: 300 },
  { key: 'roof-coating', supplier: 'waha', category: 'insulation', name: 'عازل مائي أكريليك للأسطح', description: 'طلاء عازل مرن أبيض عاكس للحرارة.', price: 210, unit: 'دلو 20 كجم', minQuantity: 2, stock: 140 },
  { key: 'glass-wool-50', supplier: 'waha', category: 'insulation', name: 'صوف زجاجي 50 مم', description: 'لفائف صوف زجاجي للعزل الحراري في الأسقف المعلقة.', price: 135, unit: 'لفة', minQuantity: 5, stock: 220 },
  // Heavy equipment rental
  { key: 'excavator-20t', supplier: 'equipment', category: 'heavy-equipment-rental', name: 'تأجير حفار 20 طن مع مشغل', description: 'حفار هيدروليكي للحفر والتكسير، يشمل المشغل والوقود.', price: 1800, unit: 'يوم', minQuantity: 1, stock: null },
  { key: 'forklift-3t', supplier: 'equipment', category: 'heavy-equipment-rental', name: 'تأجير رافعة شوكية 3 طن', description: 'رافعة شوكية ديزل للمستودعات والمواقع.', price: 450, unit: 'يوم', minQuantity: 1, stock: null },
  { key: 'crane-50t', supplier: 'equipment', category: 'heavy-equipment-rental', name: 'تأجير كرين متحرك 50 طن', description: 'كرين تلسكوبي مع مشغل معتمد.', price: 650, unit: 'ساعة', minQuantity: 4, stock: null },
  { key: 'wheel-loader', supplier: 'equipment', category: 'heavy-equipment-rental', name: 'تأجير شيول لودر', description: 'لودر للتحميل ونقل الأتربة داخل الموقع.', price: 1400, unit: 'يوم', minQuantity: 1, stock: null },
  { key: 'concrete-pump-36', supplier: 'equipment', category: 'heavy-equipment-rental', name: 'تأجير مضخة خرسانة 36 متر', description: 'مضخة خرسانة بذراع 36 مترًا للأسقف والأدوار العليا.', price: 2500, unit: 'يوم', minQuantity: 1, stock: null },
  // Safety equipment
  { key: 'safety-helmet', supplier: 'equipment', category: 'safety-equipment', name: 'خوذة سلامة معتمدة', description: 'خوذة سلامة مطابقة لمعيار EN 397 بحزام قابل للتعديل.', price: 18, unit: 'حبة', minQuantity: 10, stock: 1500 },
  { key: 'safety-boots', supplier: 'equipment', category: 'safety-equipment', name: 'حذاء سلامة برأس فولاذي', description: 'حذاء سلامة مقاوم للانزلاق والزيوت.', price: 120, unit: 'زوج', minQuantity: 5, stock: 400 },
  { key: 'hi-vis-vest', supplier: 'equipment', category: 'safety-equipment', name: 'سترة عاكسة', description: 'سترة عالية الوضوح للعمل في المواقع والطرق.', price: 12, unit: 'حبة', minQuantity: 20, stock: 3000 },
  { key: 'safety-harness', supplier: 'equipment', category: 'safety-equipment', name: 'حزام أمان للعمل على المرتفعات', description: 'حزام أمان كامل للجسم مع حبل وممتص صدمات.', price: 240, unit: 'حبة', minQuantity: 2, stock: 90 },
  { key: 'safety-glasses', supplier: 'equipment', category: 'safety-equipment', name: 'نظارات واقية', description: 'نظارات واقية مضادة للخدش والغبار.', price: 15, unit: 'حبة', minQuantity: 10, stock: 2000 },
] as const satisfies readonly DemoProduct[];

type ProductKey = (typeof DEMO_PRODUCTS)[number]['key'];

export interface DemoProject {
  key: string;
  owner: CompanyKey;
  title: string;
  description: string;
  budget: number;
  location: string;
  /** negative: the deadline has passed, and the tender is opened (its opening record made) */
  deadlineInDays: number;
  requirements: string;
}

export const DEMO_PROJECTS = [
  {
    key: 'school',
    owner: 'government',
    title: 'إنشاء مدرسة ابتدائية بسعة 600 طالب',
    description: 'تصميم وتنفيذ مبنى مدرسي من دورين مع ملاعب ومصلى وأعمال الموقع العام.',
    budget: 18_500_000,
    location: 'الرياض - حي النرجس',
    deadlineInDays: 60,
    requirements: 'تصنيف مقاولين درجة ثانية في المباني، وخبرة في مشروعين تعليميين مماثلين على الأقل.',
  },
  {
    key: 'stormwater',
    owner: 'government',
    title: 'صيانة وتأهيل شبكة تصريف مياه الأمطار',
    description: 'تنظيف وإعادة تأهيل 14 كم من شبكة التصريف واستبدال غرف التفتيش المتضررة.',
    budget: 4_200_000,
    location: 'الرياض - حي الصفا',
    deadlineInDays: 45,
    requirements: 'خبرة في أعمال البنية التحتية، ومعدات شفط وتنظيف مملوكة.',
  },
  {
    key: 'clinic',
    owner: 'government',
    title: 'توسعة مركز الرعاية الصحية الأولية',
    description: 'إضافة جناح عيادات من دور واحد بمساحة 900 م² مع مواقف وممرات مظللة.',
    budget: 7_800_000,
    location: 'الخرج - حي الخالدية',
    deadlineInDays: 75,
    requirements: 'الالتزام بمتطلبات كود البناء السعودي للمنشآت الصحية.',
  },
  {
    key: 'park',
    owner: 'government2',
    title: 'إنشاء حديقة عامة وممشى رياضي',
    description: 'حديقة بمساحة 25 ألف م² تشمل ممشى بطول 2 كم وألعاب أطفال وإنارة وري بالتنقيط.',
    budget: 2_750_000,
    location: 'الخبر - الكورنيش الشمالي',
    deadlineInDays: 30,
    requirements: 'خبرة في أعمال تنسيق المواقع والري.',
  },
  {
    key: 'roads',
    owner: 'government2',
    title: 'رصف وإنارة طرق داخلية بطول 12 كم',
    description: 'أعمال طبقة الأساس والأسفلت والأرصفة وأعمدة الإنارة للطرق الداخلية.',
    budget: 9_600_000,
    location: 'الدمام - حي الشاطئ',
    deadlineInDays: 90,
    requirements: 'تصنيف في أعمال الطرق، وخطة سلامة مرورية معتمدة.',
  },
  {
    key: 'library',
    owner: 'government',
    title: 'ترميم مبنى المكتبة العامة وتحديث أنظمة التكييف',
    description: 'ترميم الواجهات والأسقف، واستبدال وحدات التكييف المركزي، وتحديث شبكة الإطفاء في مبنى من ثلاثة أدوار.',
    budget: 3_400_000,
    location: 'الرياض - حي الملز',
    deadlineInDays: -2,
    requirements: 'خبرة في ترميم المباني العامة، ومقاول تكييف معتمد من الباطن.',
  },
] as const satisfies readonly DemoProject[];

type ProjectKey = (typeof DEMO_PROJECTS)[number]['key'];

/**
 * Sealed bids already on the projects. The demo contractor bids only on the tender that
 * is opened (so every project still taking bids is theirs to try); the others bid on
 * both kinds.
 */
export const DEMO_BIDS: Array<{ project: ProjectKey; contractor: CompanyKey; amount: number; days: number; proposal: string }> = [
  { project: 'school', contractor: 'contractor2', amount: 17_900_000, days: 420, proposal: 'ننفذ المشروع خلال 14 شهرًا بفريق هندسي مقيم، ولدينا ثلاث مدارس منفذة في جدة.' },
  { project: 'stormwater', contractor: 'contractor3', amount: 3_950_000, days: 180, proposal: 'نملك معدات الشفط والتنظيف، ونقترح التنفيذ على ثلاث مراحل لتقليل إغلاق الطرق.' },
  { project: 'school', contractor: 'contractor3', amount: 18_250_000, days: 390, proposal: 'عرض شامل للتصميم والتنفيذ مع ضمان خمس سنوات على الأعمال الإنشائية.' },
  { project: 'library', contractor: 'contractor', amount: 3_150_000, days: 240, proposal: 'ننفذ الترميم على مراحل تبقي الدور الأرضي مفتوحًا للزوار، مع مقاول تكييف معتمد.' },
  { project: 'library', contractor: 'contractor2', amount: 3_290_000, days: 210, proposal: 'فريق متخصص في ترميم المباني العامة، وضمان سنتين على أنظمة التكييف.' },
  { project: 'library', contractor: 'contractor3', amount: 3_380_000, days: 270, proposal: 'التنفيذ بكوادر سعودية مع تقارير أسبوعية مصورة للإدارة.' },
];

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

/** Reviews from buyers, so ratings on the catalogue are not all zero. */
export const DEMO_REVIEWS: Array<{ reviewer: CompanyKey; rating: number; text?: string } & ({ product: ProductKey } | { user: CompanyKey })> = [
  { reviewer: 'contractor2', product: 'rebar-12', rating: 5, text: 'حديد مطابق للمواصفات والتوريد في الموعد.' },
  { reviewer: 'contractor3', product: 'rebar-12', rating: 4, text: 'جودة ممتازة والسعر مناسب.' },
  { reviewer: 'contractor2', product: 'concrete-c30', rating: 5, text: 'خرسانة متجانسة وفريق ضخ محترف.' },
  { reviewer: 'contractor3', product: 'concrete-c30', rating: 4 },
  { reviewer: 'contractor2', product: 'porcelain-60', rating: 4, text: 'بورسلان جميل، بعض الكراتين وصلت متأخرة.' },
  { reviewer: 'contractor3', product: 'opc-cement', rating: 5, text: 'أسمنت ممتاز وتسليم سريع.' },
  { reviewer: 'contractor2', product: 'solid-block-20', rating: 4 },
  { reviewer: 'contractor3', product: 'excavator-20t', rating: 5, text: 'المشغل محترف والمعدة بحالة ممتازة.' },
  { reviewer: 'contractor2', product: 'safety-helmet', rating: 3, text: 'جيدة لكن المقاسات محدودة.' },
  { reviewer: 'contractor3', product: 'xps-board-5', rating: 4 },
  { reviewer: 'contractor2', user: 'steel', rating: 5, text: 'مورد موثوق منذ سنوات.' },
  { reviewer: 'contractor3', user: 'safwa', rating: 4 },
  { reviewer: 'contractor2', user: 'transport', rating: 5, text: 'نقل آمن والتزام بالمواعيد.' },
];
