/** C0 control characters and DEL: never part of a name, a title or a one-line field. */
const isControl = (code: number) => code < 0x20 || code === 0x7f;

export function hasControlCharacters(value: string): boolean {
  for (let i = 0; i < value.length; i++) if (isControl(value.charCodeAt(i))) return true;
  return false;
}

export function withoutControlCharacters(value: string): string {
  let out = "";
  for (const char of value) if (!isControl(char.charCodeAt(0))) out += char;
  return out;
}
