// The values a KYC answer may take (SPEC §2, §3, §5): the wizard's option lists with SPEC's
// values, the account currencies and the currency of each country, the phone numbers' shortest
// lengths and the documents' kinds and files.

export const experienceOptions = ['less-than-2', '2-4', 'more-than-4', 'none'] as const;
export const employmentOptions = [
  'employed',
  'self-employed',
  'retired',
  'unemployed',
  'student',
] as const;
/** Employment that goes on to the Industry question (SPEC §4). */
export const employmentWithIndustry = ['employed', 'self-employed'] as const;
export const industryOptions = [
  'admin-it-business',
  'financial-services',
  'healthcare-education',
  'mining-manufacturing-construction',
  'real-estate',
  'retail-wholesale',
  'tourism-entertainment',
  'transport-logistics',
  'other',
] as const;
export const incomeOptions = [
  '200000-plus',
  '100000-199999',
  '50000-99999',
  '20000-49999',
  'less-than-20000',
] as const;
export const wealthOptions = [
  '5000000-plus',
  '1000000-4999999',
  '500000-999999',
  '100000-499999',
  '50000-99999',
  '25000-49999',
  'less-than-25000',
] as const;
export const incomeOriginOptions = [
  'employment',
  'savings',
  'investment-rental',
  'pension',
] as const;

/**
 * The account currency is a preference; amounts stay in USD (DESIGN §5). SPEC §3's six, and the
 * currencies of the other countries `countryCurrencies` names, so a customer living there is
 * offered their own (a UAE resident AED, not GBP).
 */
export const kycCurrencies = [
  'USD',
  'EUR',
  'GBP',
  'CAD',
  'AUD',
  'NGN',
  'AED',
  'SAR',
  'QAR',
  'KWD',
  'BHD',
  'OMR',
  'EGP',
  'JOD',
  'CHF',
  'JPY',
  'INR',
  'SGD',
  'HKD',
  'NZD',
  'ZAR',
] as const;
export type KycCurrency = (typeof kycCurrencies)[number];

const euroCountries = [
  'AT',
  'BE',
  'CY',
  'DE',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PT',
  'SI',
  'SK',
] as const;

/**
 * The currency of a country (ISO 3166 alpha-2): SPEC §3's mapping (US, GB, CA, AU, DE/FR/IT/ES,
 * NG), the rest of the euro area, the Gulf and a few more financial centres.
 */
export const countryCurrencies: Readonly<Record<string, KycCurrency>> = {
  US: 'USD',
  GB: 'GBP',
  CA: 'CAD',
  AU: 'AUD',
  NG: 'NGN',
  ...Object.fromEntries(euroCountries.map((iso) => [iso, 'EUR' as const])),
  AE: 'AED',
  SA: 'SAR',
  QA: 'QAR',
  KW: 'KWD',
  BH: 'BHD',
  OM: 'OMR',
  EG: 'EGP',
  JO: 'JOD',
  CH: 'CHF',
  LI: 'CHF',
  JP: 'JPY',
  IN: 'INR',
  SG: 'SGD',
  HK: 'HKD',
  NZ: 'NZD',
  ZA: 'ZAR',
};

/**
 * The currencies the Currency step offers (SPEC §2, §3): USD (the default), EUR and one more, the
 * country's own when it is neither, otherwise GBP. The customer's own country's currency comes
 * first.
 */
export function currencyChoices(iso: string | undefined): KycCurrency[] {
  const own = iso ? countryCurrencies[iso] : undefined;
  const listed: KycCurrency[] = ['USD', 'EUR', own && own !== 'USD' && own !== 'EUR' ? own : 'GBP'];
  return own ? [own, ...listed.filter((currency) => currency !== own)] : listed;
}

export const documentTypes = ['passport', 'id-card', 'drivers-licence'] as const;
export const documentSides = ['front', 'back'] as const;
export type DocumentSide = (typeof documentSides)[number];

/** SPEC §5: the shortest phone number each dial code takes; 8 for any other. */
export const phoneMinimumLengths: Readonly<Record<string, number>> = {
  '+968': 8,
  '+971': 9,
  '+966': 9,
  '+973': 8,
  '+974': 8,
  '+965': 8,
  '+234': 10,
  '+1': 10,
  '+44': 10,
};
export function phoneMinimumLength(countryCode: string): number {
  return phoneMinimumLengths[countryCode] ?? 8;
}

/** Documents: what may be uploaded, checked by content on the server (SPEC §5). */
export const documentMaxBytes = 10 * 1024 * 1024;
export const documentMediaTypes = [
  'image/jpeg',
  'image/png',
  'image/heic',
  'image/webp',
  'application/pdf',
] as const;
export type DocumentMediaType = (typeof documentMediaTypes)[number];
