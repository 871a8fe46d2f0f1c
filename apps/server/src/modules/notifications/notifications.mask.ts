/**
 * A recipient as shown to those who may not read the message: an e-mail address keeps its first letter and its
 * domain (`a•••@example.org`), a phone number its first four and last four characters (`+234•••••1234`); the number
 * of hidden characters is not told.
 */
export function maskAddress(address: string): string {
  const text = address.trim();
  const at = text.lastIndexOf('@');
  if (at > 0) return `${text[0]}•••${text.slice(at)}`;
  if (text.length >= 10) return `${text.slice(0, 4)}•••••${text.slice(-4)}`;
  return text.length > 4 ? `•••••${text.slice(-2)}` : '•••••';
}

/** A list of recipients ("a@b.org, +234…") masked one by one. */
export const maskAddresses = (list: string): string =>
  list
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean)
    .map(maskAddress)
    .join(', ');

const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A provider's error with the recipient masked in it (an SMTP server names the address it refused; a gateway may
 * name the number with or without its `+`, or in the national form 0803…).
 */
export function maskIn(text: string, address: string): string {
  if (!text || !address) return text;
  const forms = new Set([address]);
  if (address.startsWith('+')) forms.add(address.slice(1));
  if (address.startsWith('+234') && address.length > 4) forms.add(`0${address.slice(4)}`);
  const pattern = new RegExp(
    [...forms]
      .sort((a, b) => b.length - a.length)
      .map(literal)
      .join('|'),
    'gi',
  );
  return text.replace(pattern, maskAddress(address));
}
