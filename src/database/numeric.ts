/** Significant digits a double round-trips exactly. */
export const DOUBLE_EXACT_DIGITS = 15;

type JsonWithRawJson = typeof JSON & { rawJSON?: (text: string) => unknown };
const rawJson = (JSON as JsonWithRawJson).rawJSON;

/** `numeric` text without redundant zeros: "0100.500" → "100.5", "-0.00" → "0". */
function canonical(text: string): string {
  const negative = text.startsWith('-');
  let [integer, fraction = ''] = text.replace(/^[-+]/, '').split('.');
  integer = integer.replace(/^0+(?=\d)/, '');
  fraction = fraction.replace(/0+$/, '');
  const body = fraction ? `${integer}.${fraction}` : integer;
  return negative && body !== '0' ? `-${body}` : body;
}

/**
 * A PostgreSQL `numeric` as the JSON number with its exact digits. Up to 15 significant digits a
 * double round-trips exactly (every stored amount); a wider value (a large sum) is written
 * verbatim where the runtime has `JSON.rawJSON` (Node 22+), otherwise as the nearest double.
 */
export function numericToJson(text: string): number {
  const exact = canonical(text);
  const digits = exact.replace(/[-.]/g, '').replace(/^0+/, '').replace(/0+$/, '').length;
  if (rawJson && digits > DOUBLE_EXACT_DIGITS) return rawJson(exact) as number;
  return Number(exact);
}
