/**
 * Copy as the pages expect it, whatever an import, the API or a draft put in the document.
 *
 * The reference is the same query's result over the bundled dataset, whose shapes follow the
 * schema (a unit test checks every singleton's fields against it). Field by field:
 *
 * - a text field (a string in the bundled copy) gets a string with visible characters: the
 *   editor's, or the words of Portable Text blocks put in it, else the bundled text. An empty
 *   or whitespace-only text therefore shows the bundled one (one rule for every field);
 * - a Portable Text field gets an array of blocks: a plain string becomes one paragraph;
 * - a number, a yes/no, an object or a list gets a value of that kind, else the bundled one;
 * - a list's items are matched to the bundled ones by `_key` or `_id`; items of the wrong kind
 *   are left out, and a list left with none (or emptied) is the bundled list.
 *
 * A field the bundled copy does not have (null) passes as it is. A page therefore never receives
 * an object where it renders a string: wrong copy shows as text or as the bundled words, never
 * as a 500.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

type PortableTextSpan = { _type?: unknown; text?: unknown };
type PortableTextBlock = { _type?: unknown; children?: unknown };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isBlock(value: unknown): value is PortableTextBlock {
  return isRecord(value) && value._type === 'block';
}

/** Whether a value is Portable Text: a list whose items are blocks. */
export function isPortableText(value: unknown): value is PortableTextBlock[] {
  return Array.isArray(value) && value.length > 0 && value.every(isRecord) && value.some(isBlock);
}

/** The words of Portable Text: each block's spans joined, blocks separated by a line break. */
export function portableTextToPlain(blocks: readonly unknown[]): string {
  return blocks
    .filter(isBlock)
    .map((block) =>
      (Array.isArray(block.children) ? (block.children as PortableTextSpan[]) : [])
        .map((span) => (isRecord(span) && typeof span.text === 'string' ? span.text : ''))
        .join(''),
    )
    .join('\n')
    .trim();
}

/**
 * The one rule for a text of the copy: a string with visible characters, or the words of
 * Portable Text put where a string belongs; anything else (empty, whitespace only, a number, an
 * object) is null, and the caller shows its bundled text.
 */
export function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (isPortableText(value)) {
    const text = portableTextToPlain(value);
    return text === '' ? null : text;
  }
  return null;
}

/** A text, else the fallback. */
export function textOr<F>(value: unknown, fallback: F): string | F {
  return textOf(value) ?? fallback;
}

function oneParagraph(text: string, key: string): Json[] {
  return [
    {
      _type: 'block',
      _key: key,
      style: 'normal',
      markDefs: [],
      children: [{ _type: 'span', _key: `${key}-text`, text, marks: [] }],
    },
  ];
}

function identity(item: unknown): string | null {
  if (!isRecord(item)) return null;
  if (typeof item._key === 'string') return `key:${item._key}`;
  if (typeof item._id === 'string') return `id:${item._id}`;
  return null;
}

function coerceList(value: unknown, reference: unknown[]): unknown {
  if (isPortableText(reference)) {
    if (Array.isArray(value)) {
      const blocks = value.filter((item) => isRecord(item) && typeof item._type === 'string');
      return blocks.length > 0 ? blocks : reference;
    }
    const text = textOf(value);
    return text === null ? reference : oneParagraph(text, 'text');
  }
  if (!Array.isArray(value)) return reference;
  const template = reference.find((item) => item !== null && item !== undefined);
  // A list with nothing to compare with (empty in the bundled copy) passes as it is.
  if (template === undefined) return value;
  const byIdentity = new Map(reference.map((item) => [identity(item), item] as const));
  byIdentity.delete(null);
  const kept: unknown[] = [];
  const templateType = isRecord(template) ? template._type : undefined;
  for (const item of value) {
    if (isRecord(template)) {
      // An item of another kind: a paragraph of text where a benefit or an account belongs.
      if (!isRecord(item) || (isBlock(item) && !isBlock(template))) continue;
      if (typeof templateType === 'string' && item._type !== templateType) continue;
      const match = byIdentity.get(identity(item));
      const coerced =
        match === undefined ? coerceNewItem(item, template) : coerceToShape(item, match);
      if (coerced !== null) kept.push(coerced);
    } else if (typeof template === 'string') {
      const text = textOf(item);
      if (text !== null) kept.push(text);
    } else if (sameKind(item, template)) {
      kept.push(item);
    }
  }
  // Nothing usable (or an emptied list): the bundled list, as for an empty text.
  return kept.length > 0 ? kept : reference;
}

/**
 * An item the bundled copy does not have: its fields take the template's kinds, not its words.
 * Null (left out) when a number it needs is missing: a roadmap year without its year.
 */
function coerceNewItem(
  item: Record<string, unknown>,
  template: Record<string, unknown>,
): Record<string, unknown> | null {
  const result: Record<string, unknown> = { ...item };
  for (const [key, shape] of Object.entries(template)) {
    if (key.startsWith('_')) continue;
    const value = item[key];
    if (typeof shape === 'string') {
      result[key] = textOr(value, '');
    } else if (typeof shape === 'number') {
      const number = coerceToShape(value, Number.NaN);
      if (typeof number !== 'number' || Number.isNaN(number)) return null;
      result[key] = number;
    } else if (shape === null || shape === undefined) {
      result[key] = value ?? null;
    } else {
      result[key] = sameKind(value, shape) ? coerceToShape(value, shape) : null;
    }
  }
  return result;
}

function sameKind(value: unknown, reference: unknown): boolean {
  if (Array.isArray(reference)) return Array.isArray(value);
  if (isRecord(reference)) return isRecord(value);
  return typeof value === typeof reference && value !== null;
}

/** `value` in the shape of `reference` (see the module's comment). */
export function coerceToShape(value: unknown, reference: unknown): unknown {
  if (reference === null || reference === undefined) return value === undefined ? null : value;
  if (typeof reference === 'string') return textOr(value, reference);
  if (typeof reference === 'number') {
    if (typeof value === 'number' && Number.isFinite(value)) return value;
    if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) {
      return Number(value);
    }
    return reference;
  }
  if (typeof reference === 'boolean') return typeof value === 'boolean' ? value : reference;
  if (Array.isArray(reference)) return coerceList(value, reference);
  if (isRecord(reference)) {
    if (!isRecord(value)) return reference;
    const result: Record<string, unknown> = { ...value };
    for (const [key, shape] of Object.entries(reference)) {
      // System fields (_id, _type, _key, _rev …) say which document it is, not what it says.
      if (key.startsWith('_')) continue;
      result[key] = coerceToShape(value[key], shape);
    }
    return result;
  }
  return value;
}
