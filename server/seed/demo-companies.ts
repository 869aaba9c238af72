/**
 * The demo marketplace's companies and people: fictional Saudi companies (one account
 * per role to sign in with, and more beside them so lists and comparisons are not
 * empty), and the people of a company team (a member and a driver). Plain data;
 * server/seed/demo.ts inserts it, as it does the rest of the demo-*.ts lists.
 *
 * Each row that others point at has a `key`, and they point at it by that key (a bid's
 * `project: 'school'`, a review's `product: 'rebar-12'`), never by position. The lists
 * are `as const`, so a key that names no row fails the type check.
 */
import type { Role } from '../../shared/constants';

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
  /** the commercial register verified its CR (a check on record): the first thing a tier needs */
  registered: boolean;
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
    registered: true,
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
    registered: true,
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
    registered: false,
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
    registered: true,
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
    registered: false,
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
    registered: true,
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
    registered: true,
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
    registered: true,
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
    registered: true,
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
    registered: true,
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
    registered: false,
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
    registered: true,
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
    registered: true,
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
    registered: true,
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
    registered: false,
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
    registered: false,
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
    registered: false,
    description: 'أسطول دينات وتريلات مبردة وسطحات لنقل المعدات.',
  },
] as const satisfies readonly DemoCompany[];

export type CompanyKey = (typeof DEMO_COMPANIES)[number]['key'];

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
  // The contractor's site people: its manager approves purchase requests up to 50,000 SAR, its engineer raises them.
  { key: 'site_manager', email: 'site.manager@demo.binaa.sa', name: 'خالد الشهري', company: 'contractor', role: 'member' },
  { key: 'site_engineer', email: 'site.engineer@demo.binaa.sa', name: 'نورة القحطاني', company: 'contractor', role: 'member' },
] as const satisfies readonly DemoPerson[];

export type PersonKey = (typeof DEMO_PEOPLE)[number]['key'];
