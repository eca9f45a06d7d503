/** Money is held as integer paise; shown in INR the Indian way (₹1,00,000). */
export function formatInr(paise: number, options: { decimals?: boolean } = {}): string {
  const rupees = paise / 100;
  const fractional = options.decimals ?? !Number.isInteger(rupees);
  return new Intl.NumberFormat("en-IN", {
    style: "currency",
    currency: "INR",
    minimumFractionDigits: fractional ? 2 : 0,
    maximumFractionDigits: fractional ? 2 : 0,
  }).format(rupees);
}
