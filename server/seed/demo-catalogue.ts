/**
 * The demo catalogue: about 60 products across the categories, with prices in realistic
 * SAR figures, the units the trade uses and stock, and the reviews buyers left on some
 * products and companies, so ratings are not all zero (each from a deal: demo-reviews.ts).
 */
import type { CompanyKey } from './demo-companies';

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
