/**
 * A supplier's tax profile and e-invoicing onboarding on /company/tax, in Arabic and English at
 * phone width: the owner of a new supplier company fills the tax profile, sees the fields
 * ZATCA would refuse named in their language (a VAT number ending in 4, a four-digit postal
 * code), corrects them (Arabic-Indic digits read), edits it again offline (waiting to
 * send, then sent), sees that onboarding needs the network while offline, then onboards
 * with a six-digit code against the development ZATCA and sees the unit ready. axe on the
 * screen (screenshots in test-results/screenshots/).
 */
import { expect, test } from '@playwright/test';
import { checkPage } from './page-models/checkPage';
import { TaxProfilePage } from './page-models/TaxProfilePage';
import { LOCALE, goOffline, goOnline, newUser, waitForServiceWorker } from './page-models/Users';
import { taxNumbers } from './page-models/Invoicing';

/** Digits as an Arabic keyboard types them (٠ to ٩): the form reads them as Latin ones. */
const arabicIndic = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));

const TEXT = {
  ar: { vat: 'الرقم الضريبي ١٥ رقمًا، أوله ٣ وآخره ٣.', postal: 'الرمز البريدي ٥ أرقام.', ready: 'جاهزة', otp: 'اكتب الرمز المكوّن من ستة أرقام.' },
  en: { vat: 'The VAT number has 15 digits and starts and ends with 3.', postal: 'The postal code has 5 digits.', ready: 'Ready', otp: 'Enter the six-digit code.' },
} as const;

const PROFILE = {
  legal_name: 'مؤسسة الاختبار لمواد البناء',
  legal_name_en: 'Test Building Materials Est.',
  vat_number: '310122393500004',
  iban: 'SA03 8000 0000 6080 1016 7519',
  building_number: '1234',
  street: 'طريق الملك فهد',
  district: 'العليا',
  city: 'الرياض',
  postal_code: '1234',
  additional_number: '5678',
};

for (const lang of ['ar', 'en'] as const) {
  test.describe(`tax profile and e-invoicing (${lang})`, () => {
    test.use({ locale: LOCALE[lang], viewport: { width: 390, height: 844 } });

    test('the owner fills the tax profile (refusals named, offline edit queued) and onboards with ZATCA', async ({ browser }, testInfo) => {
      test.setTimeout(240_000);
      const owner = await newUser(browser, testInfo, 'supplier', lang, `مورد الفوترة ${lang}`);
      const { page, context } = owner;
      await context.addInitScript((l) => localStorage.setItem('binaa.language', l), lang);
      const screen = new TaxProfilePage(page);
      await screen.goto();
      await expect(page.getByTestId('tax-profile-empty')).toBeVisible();
      await expect(page.getByTestId('einvoicing-needs-profile')).toBeVisible({ timeout: 15_000 });

      // Numbers of this company's own (a VAT or CR number belongs to one company), typed in Arabic-Indic digits.
      const numbers = taxNumbers();
      // What ZATCA would refuse is named per field, in the reader's language; nothing is saved.
      await screen.fill({ ...PROFILE, cr_number: arabicIndic(numbers.cr_number) });
      await screen.save();
      expect(await screen.messageOf('vat_number')).toContain(TEXT[lang].vat);
      expect(await screen.messageOf('postal_code')).toContain(TEXT[lang].postal);
      await checkPage(page, lang, 'company-tax-profile-refused');

      await screen.fill({ vat_number: arabicIndic(numbers.vat_number), postal_code: '12345' });
      await screen.save();
      await expect(page.getByTestId('tax-profile-saved')).toBeVisible();
      await expect(screen.value('vat_number')).toHaveText(numbers.vat_number);
      await expect(screen.value('cr_number')).toHaveText(numbers.cr_number);
      await expect(screen.value('iban')).toHaveText('SA0380000000608010167519');
      await expect(page.getByTestId('pending-badge')).toHaveCount(0, { timeout: 30_000 });

      // The commercial register: never checked, then checked by the owner; the development register holds the CR under the legal name just saved.
      const register = page.getByTestId('cr-verification');
      await expect(register.getByTestId('cr-never')).toBeVisible();
      await register.getByTestId('cr-verify').click();
      await expect(register.getByTestId('cr-result')).toHaveAttribute('data-result', 'verified');
      await expect(register.getByTestId('cr-register-name')).toHaveText(PROFILE.legal_name);
      await expect(register.getByTestId('cr-next-check')).toBeVisible();

      // Offline: an edit is kept and waits; onboarding says it needs the network.
      await waitForServiceWorker(page);
      await goOffline(context);
      await screen.fill({ street: 'شارع التحلية' });
      await screen.save();
      await expect(screen.value('street')).toHaveText('شارع التحلية');
      await expect(page.getByTestId('pending-badge')).toBeVisible();
      await expect(page.getByTestId('einvoicing-offline')).toBeVisible();
      await expect(page.getByTestId('einvoicing-onboard')).toHaveCount(0);
      await expect(page.getByTestId('cr-offline')).toBeVisible();
      await goOnline(context);
      await expect(page.getByTestId('pending-badge')).toHaveCount(0, { timeout: 45_000 });

      // Onboarding: a code that is not six digits is named; six digits onboard the unit with the development ZATCA.
      await expect(page.getByTestId('einvoicing-form')).toBeVisible({ timeout: 15_000 });
      await screen.onboard('123');
      await expect(page.getByText(TEXT[lang].otp)).toBeVisible();
      await screen.onboard('١٢٣٤٥٦');
      await expect(screen.einvoicingStatus).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });
      await expect(screen.einvoicingStatus).toHaveText(TEXT[lang].ready);
      await expect(page.getByTestId('einvoicing-ready')).toBeVisible();
      await checkPage(page, lang, 'company-einvoicing-ready');
      await context.close();
    });
  });
}
