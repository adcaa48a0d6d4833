import { accountError, bicError, innError, ogrnError } from './requisites';

/** Published requisites of real organisations (their own sites and the state register). */
describe('Russian requisites', () => {
  it.each([
    ['7707083893', 'ПАО Сбербанк'],
    ['7710140679', 'АО «ТБанк»'],
    ['7736207543', 'ООО «Яндекс»'],
    ['500100732259', 'an individual (the common published example)'],
  ])('accepts the INN %s (%s)', (inn) => expect(innError(inn)).toBeNull());

  it.each([
    ['7707083894', 'check digits do not match'],
    ['500100732258', 'check digits do not match'],
    ['500100732269', 'check digits do not match'],
    ['770708389', 'must be 10 or 12 digits'],
    ['77070838931', 'must be 10 or 12 digits'],
    ['77070838a3', 'must be 10 or 12 digits'],
  ])('refuses the INN %s: %s', (inn, message) => expect(innError(inn)).toBe(message));

  it.each([
    ['1027700132195', 'ПАО Сбербанк'],
    ['1027739642281', 'АО «ТБанк»'],
    ['304500116000157', 'an individual entrepreneur (the common published example)'],
  ])('accepts the OGRN %s (%s)', (ogrn) => expect(ogrnError(ogrn)).toBeNull());

  it.each([
    ['1027700132196', 'check digit does not match'],
    ['304500116000158', 'check digit does not match'],
    ['10277001321', 'must be 13 or 15 digits'],
    ['10277001321950', 'must be 13 or 15 digits'],
  ])('refuses the OGRN %s: %s', (ogrn, message) => expect(ogrnError(ogrn)).toBe(message));

  it('checks a BIC for 9 digits', () => {
    expect(bicError('044525225')).toBeNull();
    expect(bicError('04452522')).toBe('must be 9 digits');
    expect(bicError('04452522x')).toBe('must be 9 digits');
  });

  it.each([
    ['044525225', '30101810400000000225', 'Sberbank, its correspondent account'],
    ['044525974', '30101810145250000974', 'TBank, its correspondent account'],
    ['044525593', '30101810200000000593', 'Alfa-Bank, its correspondent account'],
    ['044525225', '40702810938000000001', 'a settlement account at Sberbank'],
  ])('accepts the account of BIC %s: %s (%s)', (bic, account) => expect(accountError(account, bic)).toBeNull());

  it('refuses an account whose control key does not match its BIC', () => {
    expect(accountError('40702810938000000002', '044525225')).toBe('control key does not match bank_bic');
    expect(accountError('40702810938000000001', '044525974')).toBe('control key does not match bank_bic');
    expect(accountError('4070281093800000000', '044525225')).toBe('must be 20 digits');
    expect(accountError('40702810938000000001', null)).toBe('needs a valid bank_bic to check its control key');
  });
});
