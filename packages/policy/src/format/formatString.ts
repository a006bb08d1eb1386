/**
 * A string as a template string literal: double quotes; `"` and `\` escaped; newline and tab as
 * `\n` `\t`; other control characters (C0, DEL, C1) and lone surrogates as `\u{hex}`.
 */
export function formatString(value: string): string {
  let out = '"'
  for (let index = 0; index < value.length; index++) {
    const unit = value.charCodeAt(index)
    const char = value[index]!
    if (char === '"') out += '\\"'
    else if (char === '\\') out += '\\\\'
    else if (char === '\n') out += '\\n'
    else if (char === '\t') out += '\\t'
    else if (unit < 0x20 || (unit >= 0x7f && unit <= 0x9f)) out += `\\u{${unit.toString(16)}}`
    else if (unit >= 0xd800 && unit <= 0xdbff && isLow(value.charCodeAt(index + 1))) {
      out += value.slice(index, index + 2)
      index++
    } else if (unit >= 0xd800 && unit <= 0xdfff) out += `\\u{${unit.toString(16)}}`
    else out += char
  }
  return out + '"'
}

function isLow(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff
}
