/** GS1 check digit of the digits before it (GTIN-8/12/13/14: UPC-A and EAN-13 among them). */
export function gs1CheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = Number(body[body.length - 1 - i]);
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** A UPC-A (12 digits) or EAN-13 (13 digits) code whose last digit is its GS1 check digit. */
export function isValidUpcEan(code: string): boolean {
  if (!/^\d{12,13}$/.test(code)) return false;
  return gs1CheckDigit(code.slice(0, -1)) === Number(code.at(-1));
}
