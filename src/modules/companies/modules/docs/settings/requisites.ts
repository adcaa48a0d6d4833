/**
 * The check rules of Russian company requisites (docs/documents.md, "Requisites"). Each returns
 * null when the value is valid, else the message a 400 carries for its field.
 */

const digitsOf = (value: string) => [...value].map(Number);
const weighted = (digits: number[], weights: number[]) => weights.reduce((sum, w, i) => sum + w * digits[i], 0);
/** The INN check digit over the digits before it: the weighted sum mod 11, then mod 10. */
const innCheck = (digits: number[], weights: number[]) => (weighted(digits, weights) % 11) % 10;

/** ИНН: 10 digits (a legal entity, one check digit) or 12 (an individual, two). */
export function innError(value: string): string | null {
  if (!/^(\d{10}|\d{12})$/.test(value)) return 'must be 10 or 12 digits';
  const d = digitsOf(value);
  const valid =
    value.length === 10
      ? innCheck(d, [2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[9]
      : innCheck(d, [7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[10] &&
        innCheck(d, [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[11];
  return valid ? null : 'check digits do not match';
}

/** ОГРН: 13 digits (the first 12 mod 11, then mod 10); ОГРНИП: 15 (the first 14 mod 13, then mod 10). */
export function ogrnError(value: string): string | null {
  if (!/^(\d{13}|\d{15})$/.test(value)) return 'must be 13 or 15 digits';
  const modulus = value.length === 13 ? 11n : 13n;
  const check = (BigInt(value.slice(0, -1)) % modulus) % 10n;
  return check === BigInt(value.at(-1)!) ? null : 'check digit does not match';
}

/** БИК: 9 digits. */
export function bicError(value: string): string | null {
  return /^\d{9}$/.test(value) ? null : 'must be 9 digits';
}

/**
 * A bank account: 20 digits whose control key (Bank of Russia rules) holds with the bank's BIC.
 * The 23 digits `prefix + account` weighted 7, 1, 3, 7, 1, 3, … must sum to a multiple of 10;
 * the prefix is the BIC's last three digits for an account in a credit institution, and "0"
 * plus the BIC's 5th and 6th digits for a correspondent account (301…) or an account at a
 * Bank of Russia settlement centre (BIC ending 000, 001 or 002).
 */
export function accountError(account: string, bic: string | null): string | null {
  if (!/^\d{20}$/.test(account)) return 'must be 20 digits';
  if (bic === null || bicError(bic) !== null) return 'needs a valid bank_bic to check its control key';
  const atCentralBank = account.startsWith('301') || ['000', '001', '002'].includes(bic.slice(6));
  const prefix = atCentralBank ? `0${bic.slice(4, 6)}` : bic.slice(6);
  const sum = weighted(
    digitsOf(prefix + account),
    Array.from({ length: 23 }, (_, i) => [7, 1, 3][i % 3]),
  );
  return sum % 10 === 0 ? null : 'control key does not match bank_bic';
}
