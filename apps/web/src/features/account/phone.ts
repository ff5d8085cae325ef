/** Spec §5: a phone is shown with its middle four digits masked (138****8000). Already-masked input is kept. */
export function maskPhone(phone: string | null | undefined): string {
  const p = (phone ?? '').trim();
  if (!p) return '';
  if (p.includes('*')) return p;
  const digits = p.replace(/^\+?86(?=1\d{10}$)/, '');
  if (digits.length < 7) return digits;
  const start = Math.floor((digits.length - 4) / 2);
  return `${digits.slice(0, start)}****${digits.slice(start + 4)}`;
}
