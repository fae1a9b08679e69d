/**
 * VAT of an order, and why (its reason): a buyer in the seller's own country pays that country's rate, a business
 * with a VAT number too (domestic); an EU business elsewhere in the EU with a valid VAT number pays 0%, reverse
 * charged (reverse_charge); any other EU buyer pays their own country's rate (eu_consumer); a buyer outside the EU
 * pays 0% (outside_eu). Rates are vat_rates' (basis points). A seller outside the EU charges its own country's
 * stored rate at home (0% when none is stored) and follows the same EU rules elsewhere. VAT numbers are checked
 * offline (format and check digits, jsvat), and by VIES when configured. Amounts are integer cents, VAT is rounded
 * per line, half up.
 */
import { checkVAT, countries } from 'jsvat';
import type { Database } from '../db/database.js';
import type { ProblemFieldError } from '../errors.js';

/** Why the VAT is what it is. */
export const VAT_REASONS = ['domestic', 'reverse_charge', 'eu_consumer', 'outside_eu'] as const;
export type VatReason = (typeof VAT_REASONS)[number];

export interface VatTreatment {
  country: string | null;
  rate_basis_points: number;
  reverse_charge: boolean;
  /** null when no billing country was given (VAT not yet known). */
  reason: VatReason | null;
  /** What a person reads on the quote. */
  note: string;
  vat_number: { value: string; valid: boolean; checked: 'vies' | 'offline' } | null;
}

/** How long the VIES service is waited for before the number counts as checked offline only. */
const VIES_TIMEOUT_MS = 4_000;

/** The EU member states (ISO codes; Greece is GR here, EL in VAT numbers). */
const EU = new Set('AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' '));

/** VAT of `net` cents at `basisPoints` (1900 = 19%), rounded half up. */
export const vatOf = (net: number, basisPoints: number): number => Math.floor((net * basisPoints + 5000) / 10000);

export async function vatTreatment(
  db: Database,
  input: { billingCountry?: string; vatNumber?: string; sellerCountry: string; viesUrl?: string },
): Promise<VatTreatment | ProblemFieldError> {
  const country = input.billingCountry?.toUpperCase();
  const number = input.vatNumber?.replace(/[\s.-]/g, '').toUpperCase();
  if (!country) {
    if (number) return { path: '/billing_country', message: 'Give the billing country of the VAT number' };
    return {
      country: null,
      rate_basis_points: 0,
      reverse_charge: false,
      reason: null,
      note: 'Prices exclude VAT: give billing_country to see the VAT that applies.',
      vat_number: null,
    };
  }
  const rate = await db.one<{ rate_basis_points: number; eu: boolean }>('SELECT rate_basis_points, eu FROM vat_rates WHERE country = $1', [
    country,
  ]);
  const vatNumber = number ? await checkedVatNumber(number, country, input.viesUrl) : null;
  if (vatNumber && 'path' in vatNumber) return vatNumber;
  const seller = input.sellerCountry.toUpperCase();
  const inEu = EU.has(country) || rate?.eu === true;
  if (!rate && inEu)
    return { path: '/billing_country', message: `No VAT rate is set for ${country} yet; the site team sets it (npm run admin -- set-vat)` };
  return treatmentIn(country, seller, inEu, rate, vatNumber);
}

/**
 * A VAT number of the billing country, checked offline (format and check digits) and by VIES when `viesUrl` is set;
 * the field's refusal when it is not valid, of another country, or unknown to VIES.
 */
async function checkedVatNumber(
  number: string,
  country: string,
  viesUrl: string | undefined,
): Promise<NonNullable<VatTreatment['vat_number']> | ProblemFieldError> {
  const checked = checkVAT(number, countries);
  if (!checked.isValid)
    return { path: '/vat_number', message: `${number} is not a valid VAT number (checked offline: format and check digits)` };
  const numberCountry = checked.country?.isoCode.short;
  if (numberCountry !== country)
    return { path: '/vat_number', message: `${number} is a VAT number of ${numberCountry}, but billing_country is ${country}` };
  if (viesUrl) {
    const registered = await viesSays(viesUrl, number);
    if (registered === false)
      return { path: '/vat_number', message: `${number} is not a registered VAT number: the EU's VIES service does not know it` };
    if (registered === true) return { value: number, valid: true, checked: 'vies' };
  }
  return { value: number, valid: true, checked: 'offline' };
}

/** The treatment of a buyer in `country` (its rate known when it is in the EU): domestic, outside_eu, reverse_charge or eu_consumer. */
function treatmentIn(
  country: string,
  seller: string,
  inEu: boolean,
  rate: { rate_basis_points: number; eu: boolean } | undefined,
  vatNumber: VatTreatment['vat_number'],
): VatTreatment {
  if (country === seller) {
    const basisPoints = rate?.rate_basis_points ?? 0;
    return {
      country,
      rate_basis_points: basisPoints,
      reverse_charge: false,
      reason: 'domestic',
      note:
        `${country} VAT at ${basisPoints / 100}%: the buyer is in the seller's country` +
        (vatNumber ? ', where a VAT number does not remove VAT.' : '.'),
      vat_number: vatNumber,
    };
  }
  if (!inEu) {
    return {
      country,
      rate_basis_points: 0,
      reverse_charge: false,
      reason: 'outside_eu',
      note: `No VAT: the buyer is outside the EU (${country}).`,
      vat_number: vatNumber,
    };
  }
  if (vatNumber) {
    return {
      country,
      rate_basis_points: 0,
      reverse_charge: true,
      reason: 'reverse_charge',
      note:
        `Reverse charge: VAT to be accounted for by the recipient (${vatNumber.value}), Article 196 of the EU VAT Directive.` +
        (vatNumber.checked === 'offline' ? ' The number was checked offline only (format and check digits).' : ''),
      vat_number: vatNumber,
    };
  }
  return {
    country,
    rate_basis_points: rate!.rate_basis_points,
    reverse_charge: false,
    reason: 'eu_consumer',
    note: `${country} VAT at ${rate!.rate_basis_points / 100}%: an EU consumer pays their own country's rate.`,
    vat_number: vatNumber,
  };
}

/**
 * Whether VIES knows the number (POST {viesUrl}/check-vat-number): true or false as it answers, undefined when it
 * cannot be asked now (unreachable, slow, an error or an answer without `valid`); the number then counts as checked
 * offline only.
 */
async function viesSays(viesUrl: string, number: string): Promise<boolean | undefined> {
  // VAT numbers begin with their country's prefix (EL for Greece); VIES takes it apart from the rest.
  const body = JSON.stringify({ countryCode: number.slice(0, 2), vatNumber: number.slice(2) });
  try {
    const response = await fetch(`${viesUrl}/check-vat-number`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body,
      signal: AbortSignal.timeout(VIES_TIMEOUT_MS),
    });
    if (!response.ok) return undefined;
    const answer = (await response.json()) as { valid?: unknown };
    return typeof answer.valid === 'boolean' ? answer.valid : undefined;
  } catch {
    return undefined;
  }
}
