/**
 * Saudi phone numbers as people read them: +966 5X XXX XXXX for mobiles (the server
 * stores E.164, +9665XXXXXXXX). Anything else is shown as given.
 */
export function formatSaudiPhone(value: string | null | undefined): string {
  if (!value) return '';
  const digits = value.replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660)).replace(/\D/g, '');
  let national: string | null = null;
  if (digits.startsWith('966') && digits.length === 12) national = digits.slice(3);
  else if (digits.startsWith('00966') && digits.length === 14) national = digits.slice(5);
  else if (digits.startsWith('05') && digits.length === 10) national = digits.slice(1);
  else if (digits.startsWith('5') && digits.length === 9) national = digits;
  if (!national) return value.trim();
  if (national.startsWith('5')) return `+966 ${national.slice(0, 2)} ${national.slice(2, 5)} ${national.slice(5)}`;
  // Landlines: +966 1X XXX XXXX too (area code of two digits with the 1).
  return `+966 ${national.slice(0, 2)} ${national.slice(2, 5)} ${national.slice(5)}`;
}
