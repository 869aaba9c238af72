/**
 * The demo marketplace: fictional Saudi companies, their products and a few open
 * projects, orders and transport requests. Plain data; server/seed/demo.ts inserts it.
 * Prices are realistic SAR figures; units are what the trade uses.
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

export const DEMO_COMPANIES: DemoCompany[] = [
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
];

/** [supplier key, category slug, name, description, price SAR, unit, min qty, stock, specifications] */
export type DemoProduct = [
  string,
  string,
  string,
  string,
  number,
  string,
  number,
  number | null,
  Record<string, string>?,
];

export const DEMO_PRODUCTS: DemoProduct[] = [
  // Cement and concrete
  ['supplier', 'cement-concrete', 'أسمنت بورتلاندي عادي', 'أسمنت بورتلاندي عادي مطابق للمواصفة السعودية، مناسب للخرسانة العادية والمسلحة.', 16.5, 'كيس 50 كجم', 100, 12000, { النوع: 'OPC', 'قوة الضغط': '42.5 نيوتن/مم²' }],
  ['supplier', 'cement-concrete', 'أسمنت أبيض', 'أسمنت أبيض للأعمال الزخرفية والتشطيبات وتركيب الرخام.', 32, 'كيس 40 كجم', 20, 800],
  ['safwa', 'cement-concrete', 'أسمنت مقاوم للأملاح', 'أسمنت مقاوم للكبريتات للأساسات والخرسانة الملامسة للتربة والمياه الجوفية.', 18.75, 'كيس 50 كجم', 100, 6500, { النوع: 'SRC' }],
  ['safwa', 'cement-concrete', 'خرسانة جاهزة C30', 'خرسانة جاهزة بإجهاد 30 ميجاباسكال، توريد بالخلاطات مع إمكانية الضخ.', 245, 'م³', 8, null, { الإجهاد: '30 ميجاباسكال', الهبوط: '100 ± 25 مم' }],
  ['safwa', 'cement-concrete', 'خرسانة جاهزة C40', 'خرسانة جاهزة عالية المقاومة للأعمدة والأسقف والخزانات.', 285, 'م³', 8, null, { الإجهاد: '40 ميجاباسكال' }],
  // Steel and rebar
  ['steel', 'steel-rebar', 'حديد تسليح قطر 12 مم', 'حديد تسليح وطني درجة 60، أسياخ بطول 12 متر.', 2850, 'طن', 1, 420, { القطر: '12 مم', الدرجة: '60', الطول: '12 م' }],
  ['steel', 'steel-rebar', 'حديد تسليح قطر 16 مم', 'حديد تسليح للأعمدة والجسور، درجة 60، أسياخ بطول 12 متر.', 2820, 'طن', 1, 380, { القطر: '16 مم', الدرجة: '60', الطول: '12 م' }],
  ['steel', 'steel-rebar', 'حديد تسليح قطر 8 مم', 'حديد تسليح للكانات والبلاطات الخفيفة.', 2950, 'طن', 1, 150, { القطر: '8 مم', الدرجة: '60' }],
  ['steel', 'steel-rebar', 'شبك حديد ملحوم 6 مم', 'شبك ملحوم بفتحات 15×15 سم لبلاطات الأرضيات والأرصفة.', 95, 'لوح 2.4×6 م', 10, 900, { 'قطر السلك': '6 مم', الفتحة: '15×15 سم' }],
  ['steel', 'steel-rebar', 'سلك تربيط مجلفن', 'سلك تربيط لحديد التسليح، مجلفن مقاوم للصدأ.', 120, 'لفة 25 كجم', 5, 0],
  // Blocks and bricks
  ['supplier', 'blocks-bricks', 'بلوك أسمنتي مصمت 20 سم', 'بلوك مصمت للجدران الحاملة والأسوار، مقاس 20×20×40 سم.', 3.25, 'حبة', 500, 40000, { المقاس: '20×20×40 سم' }],
  ['supplier', 'blocks-bricks', 'بلوك أسمنتي مفرغ 15 سم', 'بلوك مفرغ للجدران الداخلية، خفيف وسريع التركيب.', 2.6, 'حبة', 500, 55000, { المقاس: '15×20×40 سم' }],
  ['safwa', 'blocks-bricks', 'بلوك معزول 20 سم', 'بلوك أسمنتي بحشوة بوليسترين لعزل حراري أفضل وتوفير في استهلاك التكييف.', 5.75, 'حبة', 500, 18000, { العزل: 'بوليسترين 5 سم' }],
  ['safwa', 'blocks-bricks', 'طوب أحمر طفلي', 'طوب طفلي محروق للواجهات والجدران الخارجية.', 1.1, 'حبة', 1000, 60000],
  ['safwa', 'blocks-bricks', 'بلوك خرساني خلوي خفيف', 'بلوك خلوي خفيف الوزن عازل للحرارة والصوت، مقاس 60×20×20 سم.', 11.5, 'حبة', 200, 7500],
  // Sand and aggregates
  ['supplier', 'sand-aggregates', 'رمل أحمر للردم', 'رمل أحمر نظيف لأعمال الردم والتسوية، توريد بالقلاب.', 45, 'م³', 20, null],
  ['supplier', 'sand-aggregates', 'رمل أبيض مغسول', 'رمل مغسول خالٍ من الأملاح للخرسانة واللياسة.', 65, 'م³', 10, null],
  ['safwa', 'sand-aggregates', 'بحص مكسر 3/4 بوصة', 'ركام خشن مكسر للخرسانة المسلحة.', 80, 'م³', 10, null, { المقاس: '3/4 بوصة' }],
  ['safwa', 'sand-aggregates', 'بحص ناعم 3/8 بوصة', 'ركام ناعم للخرسانة والبلوك.', 85, 'م³', 10, null, { المقاس: '3/8 بوصة' }],
  ['safwa', 'sand-aggregates', 'كسارة بيس كورس للطرق', 'طبقة أساس مدرجة للطرق والمواقف، مطابقة لمواصفات وزارة النقل.', 38, 'طن', 50, null],
  // Timber
  ['waha', 'timber', 'خشب أبيض فنلندي 5×10 سم', 'خشب أبيض للطوبار والأعمال الإنشائية، طول 4 أمتار.', 38, 'حبة', 50, 3200, { المقاس: '5×10 سم', الطول: '4 م' }],
  ['waha', 'timber', 'ألواح بلاكاش طوبار 18 مم', 'ألواح طوبار مقاومة للماء لصب الأسقف والجدران، مقاس 122×244 سم.', 92, 'لوح', 20, 1400],
  ['waha', 'timber', 'خشب ميرانتي أحمر', 'خشب أحمر للأبواب والنجارة الداخلية.', 4200, 'م³', 1, 35],
  ['waha', 'timber', 'ألواح MDF 18 مم', 'ألواح MDF مقاس 122×244 سم للأثاث والخزائن.', 85, 'لوح', 10, 600],
  ['waha', 'timber', 'خشب معاكس بحري 18 مم', 'أبلكاش بحري مقاوم للرطوبة للمطابخ والحمامات.', 145, 'لوح', 10, 0],
  // Tiles and ceramics
  ['ceramics', 'tiles-ceramics', 'بلاط بورسلان 60×60 سم لامع', 'بورسلان لامع درجة أولى للأرضيات الداخلية.', 48, 'م²', 50, 5200, { المقاس: '60×60 سم', السماكة: '9 مم' }],
  ['ceramics', 'tiles-ceramics', 'سيراميك جدران 30×60 سم', 'سيراميك جدران للحمامات والمطابخ بألوان متعددة.', 32, 'م²', 30, 3800],
  ['ceramics', 'tiles-ceramics', 'رخام كرارة إيطالي 2 سم', 'رخام كرارة أبيض مستورد للأرضيات والدرج.', 260, 'م²', 20, 420],
  ['ceramics', 'tiles-ceramics', 'بلاط إنترلوك للأرصفة 6 سم', 'بلاط إنترلوك خرساني للأرصفة والمواقف.', 38, 'م²', 100, 9000],
  ['ceramics', 'tiles-ceramics', 'لاصق بلاط أسمنتي', 'لاصق أسمنتي محسّن للبلاط والسيراميك داخلي وخارجي.', 24, 'كيس 20 كجم', 20, 2500],
  // Paint
  ['ceramics', 'paint', 'دهان بلاستيك داخلي مطفي', 'دهان مائي قابل للغسيل للجدران الداخلية، رائحة خفيفة.', 65, 'جالون 3.6 لتر', 4, 700],
  ['ceramics', 'paint', 'دهان أكريليك خارجي', 'دهان أكريليك مقاوم للشمس والرطوبة للواجهات.', 240, 'دلو 18 لتر', 2, 260],
  ['ceramics', 'paint', 'برايمر مائي أساس', 'طبقة أساس للجدران الجديدة قبل الدهان.', 150, 'دلو 18 لتر', 2, 310],
  ['ceramics', 'paint', 'دهان إيبوكسي للأرضيات', 'نظام إيبوكسي ثنائي المكون للمستودعات ومواقف السيارات.', 420, 'طقم 20 كجم', 1, 85],
  ['ceramics', 'paint', 'معجون جدران', 'معجون تأسيس وتنعيم الجدران الداخلية.', 38, 'كيس 25 كجم', 10, 1200],
  // Plumbing
  ['plumbing', 'plumbing', 'مواسير UPVC للصرف 4 بوصة', 'مواسير صرف صحي UPVC بطول 6 أمتار.', 58, 'ماسورة 6 م', 10, 2200, { القطر: '4 بوصة', الطول: '6 م' }],
  ['plumbing', 'plumbing', 'مواسير PPR للمياه 25 مم', 'مواسير مياه حارة وباردة PPR بطول 4 أمتار.', 18, 'ماسورة 4 م', 20, 5400, { القطر: '25 مم', الضغط: 'PN20' }],
  ['plumbing', 'plumbing', 'خزان مياه بولي إيثيلين 2000 لتر', 'خزان علوي ثلاث طبقات مقاوم للأشعة فوق البنفسجية.', 1150, 'حبة', 1, 40],
  ['plumbing', 'plumbing', 'خلاط مغسلة نحاس', 'خلاط مغسلة نحاس مطلي كروم مع ضمان سنتين.', 185, 'حبة', 1, 160],
  ['plumbing', 'plumbing', 'سخان مياه كهربائي 80 لتر', 'سخان عمودي موفر للطاقة مع عازل حراري.', 690, 'حبة', 1, 0],
  // Electrical
  ['electrical', 'electrical', 'كيبل نحاس 4 مم²', 'كيبل نحاس معزول PVC للمكيفات والأحمال العالية.', 395, 'لفة 100 م', 1, 240, { المقطع: '4 مم²', العزل: 'PVC' }],
  ['electrical', 'electrical', 'كيبل نحاس 2.5 مم²', 'كيبل نحاس للأفياش والدوائر العامة.', 255, 'لفة 100 م', 1, 410, { المقطع: '2.5 مم²' }],
  ['electrical', 'electrical', 'لوحة توزيع 24 خط', 'لوحة توزيع معدنية للمباني السكنية.', 320, 'حبة', 1, 75],
  ['electrical', 'electrical', 'قاطع كهربائي 32 أمبير', 'قاطع أحادي القطب للوحات التوزيع.', 28, 'حبة', 10, 1300],
  ['electrical', 'electrical', 'كشاف LED 100 واط', 'كشاف خارجي مقاوم للماء IP65 للمواقع والمستودعات.', 145, 'حبة', 2, 220],
  // Insulation
  ['waha', 'insulation', 'ألواح فوم بوليسترين مبثوق 5 سم', 'ألواح XPS للعزل الحراري للأسطح والجدران.', 42, 'لوح', 20, 1800, { السماكة: '5 سم', الكثافة: '32 كجم/م³' }],
  ['waha', 'insulation', 'لفائف عزل مائي بيتوميني 4 مم', 'لفائف بيتومين معدلة للعزل المائي للأسطح والأساسات.', 95, 'لفة 10 م²', 10, 650],
  ['waha', 'insulation', 'ألواح صوف صخري 50 مم', 'عزل حراري وصوتي مقاوم للحريق.', 120, 'ربطة', 5, 300],
  ['waha', 'insulation', 'عازل مائي أكريليك للأسطح', 'طلاء عازل مرن أبيض عاكس للحرارة.', 210, 'دلو 20 كجم', 2, 140],
  ['waha', 'insulation', 'صوف زجاجي 50 مم', 'لفائف صوف زجاجي للعزل الحراري في الأسقف المعلقة.', 135, 'لفة', 5, 220],
  // Heavy equipment rental
  ['equipment', 'heavy-equipment-rental', 'تأجير حفار 20 طن مع مشغل', 'حفار هيدروليكي للحفر والتكسير، يشمل المشغل والوقود.', 1800, 'يوم', 1, null],
  ['equipment', 'heavy-equipment-rental', 'تأجير رافعة شوكية 3 طن', 'رافعة شوكية ديزل للمستودعات والمواقع.', 450, 'يوم', 1, null],
  ['equipment', 'heavy-equipment-rental', 'تأجير كرين متحرك 50 طن', 'كرين تلسكوبي مع مشغل معتمد.', 650, 'ساعة', 4, null],
  ['equipment', 'heavy-equipment-rental', 'تأجير شيول لودر', 'لودر للتحميل ونقل الأتربة داخل الموقع.', 1400, 'يوم', 1, null],
  ['equipment', 'heavy-equipment-rental', 'تأجير مضخة خرسانة 36 متر', 'مضخة خرسانة بذراع 36 مترًا للأسقف والأدوار العليا.', 2500, 'يوم', 1, null],
  // Safety equipment
  ['equipment', 'safety-equipment', 'خوذة سلامة معتمدة', 'خوذة سلامة مطابقة لمعيار EN 397 بحزام قابل للتعديل.', 18, 'حبة', 10, 1500],
  ['equipment', 'safety-equipment', 'حذاء سلامة برأس فولاذي', 'حذاء سلامة مقاوم للانزلاق والزيوت.', 120, 'زوج', 5, 400],
  ['equipment', 'safety-equipment', 'سترة عاكسة', 'سترة عالية الوضوح للعمل في المواقع والطرق.', 12, 'حبة', 20, 3000],
  ['equipment', 'safety-equipment', 'حزام أمان للعمل على المرتفعات', 'حزام أمان كامل للجسم مع حبل وممتص صدمات.', 240, 'حبة', 2, 90],
  ['equipment', 'safety-equipment', 'نظارات واقية', 'نظارات واقية مضادة للخدش والغبار.', 15, 'حبة', 10, 2000],
];

export interface DemoProject {
  owner: string;
  title: string;
  description: string;
  budget: number;
  location: string;
  deadlineInDays: number;
  requirements: string;
}

export const DEMO_PROJECTS: DemoProject[] = [
  {
    owner: 'government',
    title: 'إنشاء مدرسة ابتدائية بسعة 600 طالب',
    description: 'تصميم وتنفيذ مبنى مدرسي من دورين مع ملاعب ومصلى وأعمال الموقع العام.',
    budget: 18_500_000,
    location: 'الرياض - حي النرجس',
    deadlineInDays: 60,
    requirements: 'تصنيف مقاولين درجة ثانية في المباني، وخبرة في مشروعين تعليميين مماثلين على الأقل.',
  },
  {
    owner: 'government',
    title: 'صيانة وتأهيل شبكة تصريف مياه الأمطار',
    description: 'تنظيف وإعادة تأهيل 14 كم من شبكة التصريف واستبدال غرف التفتيش المتضررة.',
    budget: 4_200_000,
    location: 'الرياض - حي الصفا',
    deadlineInDays: 45,
    requirements: 'خبرة في أعمال البنية التحتية، ومعدات شفط وتنظيف مملوكة.',
  },
  {
    owner: 'government',
    title: 'توسعة مركز الرعاية الصحية الأولية',
    description: 'إضافة جناح عيادات من دور واحد بمساحة 900 م² مع مواقف وممرات مظللة.',
    budget: 7_800_000,
    location: 'الخرج - حي الخالدية',
    deadlineInDays: 75,
    requirements: 'الالتزام بمتطلبات كود البناء السعودي للمنشآت الصحية.',
  },
  {
    owner: 'government2',
    title: 'إنشاء حديقة عامة وممشى رياضي',
    description: 'حديقة بمساحة 25 ألف م² تشمل ممشى بطول 2 كم وألعاب أطفال وإنارة وري بالتنقيط.',
    budget: 2_750_000,
    location: 'الخبر - الكورنيش الشمالي',
    deadlineInDays: 30,
    requirements: 'خبرة في أعمال تنسيق المواقع والري.',
  },
  {
    owner: 'government2',
    title: 'رصف وإنارة طرق داخلية بطول 12 كم',
    description: 'أعمال طبقة الأساس والأسفلت والأرصفة وأعمدة الإنارة للطرق الداخلية.',
    budget: 9_600_000,
    location: 'الدمام - حي الشاطئ',
    deadlineInDays: 90,
    requirements: 'تصنيف في أعمال الطرق، وخطة سلامة مرورية معتمدة.',
  },
];

/** Sealed bids already on the projects (by contractors other than the demo account). */
export const DEMO_BIDS = [
  { project: 0, contractor: 'contractor2', amount: 17_900_000, days: 420, proposal: 'ننفذ المشروع خلال 14 شهرًا بفريق هندسي مقيم، ولدينا ثلاث مدارس منفذة في جدة.' },
  { project: 1, contractor: 'contractor3', amount: 3_950_000, days: 180, proposal: 'نملك معدات الشفط والتنظيف، ونقترح التنفيذ على ثلاث مراحل لتقليل إغلاق الطرق.' },
  { project: 0, contractor: 'contractor3', amount: 18_250_000, days: 390, proposal: 'عرض شامل للتصميم والتنفيذ مع ضمان خمس سنوات على الأعمال الإنشائية.' },
];

export interface DemoOrder {
  contractor: string;
  title: string;
  description: string;
  quantity: number;
  unit: string;
  location: string;
  urgency: UrgencyLevel;
  budget?: [number, number];
  /** days until the delivery deadline; none means it expires 7 days after creation */
  deadlineInDays?: number;
}

export const DEMO_ORDERS: DemoOrder[] = [
  {
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
    contractor: 'contractor3',
    title: 'بلوك مفرغ 15 سم',
    description: '5000 حبة بلوك مفرغ للجدران الداخلية لمبنى سكني.',
    quantity: 5000,
    unit: 'حبة',
    location: 'الدمام - حي الشاطئ',
    urgency: 'normal',
  },
  {
    contractor: 'contractor2',
    title: 'رمل أبيض مغسول',
    description: '40 م³ رمل مغسول للياسة، التوريد على دفعتين.',
    quantity: 40,
    unit: 'م³',
    location: 'جدة - حي الروضة',
    urgency: 'low',
    deadlineInDays: 5,
  },
];

/** Offers on the first order (the demo contractor's), so it has something to accept. */
export const DEMO_ORDER_RESPONSES = [
  { order: 0, supplier: 'safwa', price: 3450, hours: 12, notes: 'التوريد بشاحنتنا خلال 12 ساعة من التأكيد.' },
  { order: 0, supplier: 'steel', price: 3300, hours: 24, notes: 'السعر شامل التنزيل في الموقع.' },
];

export interface DemoTransportRequest {
  requester: string;
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

export const DEMO_TRANSPORT_REQUESTS: DemoTransportRequest[] = [
  {
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
];

/** A quote already on the first request, from the carrier that is not the demo account. */
export const DEMO_TRANSPORT_OFFERS = [
  { request: 0, company: 'transport2', price: 4200, vehicle: 'سطحة مرسيدس أكتروس 2019، حمولة 25 طن', notes: 'التحميل صباحًا والوصول في نفس اليوم.' },
];

/** Reviews from buyers, so ratings on the catalogue are not all zero. */
export const DEMO_REVIEWS: Array<{ reviewer: string; product?: number; user?: string; rating: number; text?: string }> = [
  { reviewer: 'contractor2', product: 5, rating: 5, text: 'حديد مطابق للمواصفات والتوريد في الموعد.' },
  { reviewer: 'contractor3', product: 5, rating: 4, text: 'جودة ممتازة والسعر مناسب.' },
  { reviewer: 'contractor2', product: 3, rating: 5, text: 'خرسانة متجانسة وفريق ضخ محترف.' },
  { reviewer: 'contractor3', product: 3, rating: 4 },
  { reviewer: 'contractor2', product: 25, rating: 4, text: 'بورسلان جميل، بعض الكراتين وصلت متأخرة.' },
  { reviewer: 'contractor3', product: 0, rating: 5, text: 'أسمنت ممتاز وتسليم سريع.' },
  { reviewer: 'contractor2', product: 10, rating: 4 },
  { reviewer: 'contractor3', product: 50, rating: 5, text: 'المشغل محترف والمعدة بحالة ممتازة.' },
  { reviewer: 'contractor2', product: 55, rating: 3, text: 'جيدة لكن المقاسات محدودة.' },
  { reviewer: 'contractor3', product: 45, rating: 4 },
  { reviewer: 'contractor2', user: 'steel', rating: 5, text: 'مورد موثوق منذ سنوات.' },
  { reviewer: 'contractor3', user: 'safwa', rating: 4 },
  { reviewer: 'contractor2', user: 'transport', rating: 5, text: 'نقل آمن والتزام بالمواعيد.' },
];
