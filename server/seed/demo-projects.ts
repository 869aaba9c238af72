/**
 * The demo government's projects and the sealed bids already on them: tenders still
 * taking bids and one past its opening, so both sides of a sealed tender can be tried.
 */
import type { CompanyKey } from './demo-companies';

export interface DemoProject {
  key: string;
  owner: CompanyKey;
  title: string;
  description: string;
  budget: number;
  location: string;
  /** negative: the deadline has passed, and the tender is opened (its opening record made) */
  deadlineInDays: number;
  /** the deadline's time in Riyadh (HH:mm) on that day; without it, the end of the day */
  deadlineTime?: string;
  requirements: string;
  /** questions are taken until this many days from now */
  questionsUntilInDays?: number;
  /** 2: a two-envelope tender (technical, then financial); absent: one envelope */
  envelopes?: 2;
  /** the bid bond asked, in percent of the amount */
  bidBondPercent?: number;
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
    deadlineTime: '13:30',
    requirements: 'تصنيف مقاولين درجة ثانية في المباني، وخبرة في مشروعين تعليميين مماثلين على الأقل.',
    questionsUntilInDays: 30,
    envelopes: 2,
    bidBondPercent: 2,
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

/**
 * Questions on the tenders and their owner's answers, published to every contractor with
 * the asker withheld (projects/tender-questions.ts). Hours are before now; the school
 * tender was posted two days ago.
 */
export const DEMO_QUESTIONS: Array<{ project: ProjectKey; asker: CompanyKey; askedHoursAgo: number; answeredHoursAgo: number; text: string; answer: string }> = [
  {
    project: 'school',
    asker: 'contractor2',
    askedHoursAgo: 40,
    answeredHoursAgo: 20,
    text: 'هل يشمل نطاق العمل توريد الأثاث المدرسي والتجهيزات التعليمية؟',
    answer: 'لا، الأثاث والتجهيزات التعليمية في منافسة مستقلة. يشمل النطاق الأعمال الإنشائية والمعمارية والكهروميكانيكية وأعمال الموقع العام فقط.',
  },
  {
    project: 'school',
    asker: 'contractor3',
    askedHoursAgo: 30,
    answeredHoursAgo: 10,
    text: 'هل تقرير فحص التربة متاح، أم يُجريه المقاول ضمن أعمال التصميم؟',
    answer: 'التقرير الجيوتقني متاح لدى الإدارة ويُسلَّم للمتنافسين عند الطلب، ويبقى على المقاول التحقق منه ضمن أعمال التصميم.',
  },
];
