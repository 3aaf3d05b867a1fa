import type { ObjectTypeNode, SchemaType, StringTypeNode, TypeNode } from 'groq-js';

/**
 * Copy as the pages expect it, whatever an import, the API, a draft or the bundled dataset put
 * in the document: the one check every read goes through, whatever its source.
 *
 * The shape is the schema's: each query's result type, evaluated from the schema the Studio
 * edits (`studio/schema.json`, lib/content/shapes.ts). The fallback is the same query's result
 * over the bundled dataset, itself put through this check first. Field by field:
 *
 * - a text field gets a string with visible characters: the editor's, or the words of Portable
 *   Text blocks put in it, else the fallback's text, else nothing (null: the page shows its own
 *   default). An empty or whitespace-only text therefore shows the fallback (one rule for every
 *   field); a field with a fixed set of values gets one of them;
 * - a Portable Text field gets a list of blocks: a plain string becomes one paragraph;
 * - a number, a yes/no or an object gets a value of that kind (a number written as text is
 *   read as the number), else the fallback, else nothing;
 * - a list's items are matched to the fallback's by `_key` or `_id` and checked one by one; items
 *   of another kind are left out, and so is an item left with nothing to show or without a number
 *   it needs (a roadmap year without its year). A list left with no items (or emptied) is the
 *   fallback's list, else an empty list.
 *
 * A page therefore never receives an object where it renders a string: wrong copy shows as its
 * words, as the bundled words or as the page's own, never as a 500.
 */

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

function oneParagraph(text: string, key: string): unknown[] {
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

/** A value the check replaced: where, what it was, what the schema has there. */
export type ShapeProblem = { path: string; found: string; expected: string };

export type ShapeCheck = {
  /** The schema the types name (inline types such as `blockContent` are looked up in it). */
  schema: SchemaType;
  /** Where to note each value replaced (the import's check and the server's log). */
  problems?: ShapeProblem[];
};

type Walk = ShapeCheck & { path: string };

const at = (walk: Walk, step: string | number): Walk => ({
  ...walk,
  path: typeof step === 'number' ? `${walk.path}[${step}]` : `${walk.path}.${step}`,
});

/** What a value is, in the words of the import's report. */
function kindOf(value: unknown): string {
  if (isPortableText(value)) return 'rich text';
  if (isBlock(value)) return 'a paragraph of rich text';
  if (Array.isArray(value)) return 'a list';
  if (isRecord(value)) return 'an object';
  if (typeof value === 'string') return 'a text';
  if (typeof value === 'number') return 'a number';
  if (typeof value === 'boolean') return 'a yes/no';
  return String(value);
}

function note(walk: Walk, value: unknown, expected: string): void {
  walk.problems?.push({ path: walk.path, found: kindOf(value), expected });
}

const isAbsent = (value: unknown) => value === undefined || value === null;

/** The type an inline name stands for, and the members of unions, flattened. */
function resolve(type: TypeNode, schema: SchemaType, depth = 0): TypeNode {
  if (type.type !== 'inline' || depth > 20) return type;
  const declared = schema.find((entry) => entry.name === type.name);
  if (!declared) return { type: 'unknown' };
  const value: TypeNode =
    declared.type === 'type' ? declared.value : { type: 'object', attributes: declared.attributes };
  return resolve(value, schema, depth + 1);
}

function membersOf(type: TypeNode, schema: SchemaType): TypeNode[] {
  const resolved = resolve(type, schema);
  return resolved.type === 'union'
    ? resolved.of.flatMap((member) => membersOf(member, schema))
    : [resolved];
}

/** The literal `_type` an object type requires, if any. */
function typeNameOf(type: ObjectTypeNode): string | undefined {
  const attribute = type.attributes._type?.value;
  return attribute?.type === 'string' ? attribute.value : undefined;
}

/**
 * `value` in the shape of `type` (see the module's comment), with `fallback` (already in that
 * shape) where the value is missing, empty or of another kind.
 */
export function coerceToType(
  value: unknown,
  type: TypeNode,
  fallback: unknown,
  check: ShapeCheck & { path?: string },
): unknown {
  return coerce(value, type, fallback, { ...check, path: check.path ?? '' });
}

function coerce(value: unknown, type: TypeNode, fallback: unknown, walk: Walk): unknown {
  const members = membersOf(type, walk.schema);
  const nonNull = members.filter((member) => member.type !== 'null');
  if (nonNull.length === 0) return null;
  // An optional value left out: the fallback's, else nothing.
  if (isAbsent(value) && nonNull.length < members.length) return fallback ?? null;
  if (nonNull.some((member) => member.type === 'unknown')) return value ?? fallback ?? null;
  if (nonNull.every((member) => member.type === 'string')) {
    return coerceText(value, nonNull as StringTypeNode[], fallback, walk);
  }
  if (nonNull.every((member) => member.type === 'object')) {
    return coerceObject(value, nonNull as ObjectTypeNode[], fallback, walk);
  }
  // Mixed kinds: the first the value is of.
  const own = nonNull.find((member) => isOfKind(value, member)) ?? nonNull[0]!;
  switch (own.type) {
    case 'number':
      return coerceNumber(value, fallback, walk);
    case 'boolean':
      if (typeof value === 'boolean') return value;
      if (!isAbsent(value)) note(walk, value, 'a yes/no');
      return typeof fallback === 'boolean' ? fallback : null;
    case 'array':
      return coerceList(value, own.of, fallback, walk);
    default:
      return coerce(value, own, fallback, walk);
  }
}

function isOfKind(value: unknown, type: TypeNode): boolean {
  switch (type.type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isRecord(value);
    default:
      return false;
  }
}

function coerceText(
  value: unknown,
  members: StringTypeNode[],
  fallback: unknown,
  walk: Walk,
): string | null {
  const anyText = members.some((member) => member.value === undefined);
  const allowed = members.flatMap((member) => (member.value === undefined ? [] : [member.value]));
  const accept = (candidate: unknown): string | null => {
    if (typeof candidate === 'string' && allowed.includes(candidate)) return candidate;
    return anyText ? textOf(candidate) : null;
  };
  const own = accept(value);
  if (own !== null) {
    if (typeof value !== 'string') note(walk, value, 'a text');
    return own;
  }
  // A blank text is an empty field, not a wrong one.
  if (!isAbsent(value) && !(typeof value === 'string' && value.trim() === '')) {
    note(walk, value, anyText ? 'a text' : `one of ${allowed.map((v) => `'${v}'`).join(', ')}`);
  }
  return accept(fallback);
}

function coerceNumber(value: unknown, fallback: unknown, walk: Walk): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) {
    return Number(value);
  }
  if (!isAbsent(value)) note(walk, value, 'a number');
  return typeof fallback === 'number' ? fallback : null;
}

function coerceObject(
  value: unknown,
  members: ObjectTypeNode[],
  fallback: unknown,
  walk: Walk,
): Record<string, unknown> | null {
  const fallbackObject = isRecord(fallback) ? fallback : null;
  if (!isRecord(value)) {
    if (!isAbsent(value)) note(walk, value, 'an object');
    return fallbackObject;
  }
  const type =
    members.length === 1 ? members[0]! : members.find((m) => typeNameOf(m) === value._type);
  // An object of a kind the schema does not name here (an unknown inline object of rich text):
  // nothing to check it against.
  if (!type) return value;
  const result: Record<string, unknown> = { ...value };
  for (const [key, attribute] of Object.entries(type.attributes)) {
    // System fields (_id, _type, _key, _rev …) say which document it is, not what it says.
    if (key.startsWith('_')) continue;
    const own = value[key];
    const spare = fallbackObject?.[key];
    if (attribute.optional && own === undefined && spare === undefined) continue;
    result[key] = coerce(own, attribute.value, spare, at(walk, key));
  }
  return result;
}

function identity(item: unknown): string | null {
  if (!isRecord(item)) return null;
  if (typeof item._key === 'string') return `key:${item._key}`;
  if (typeof item._id === 'string') return `id:${item._id}`;
  return null;
}

/** Whether a list of this item type is Portable Text: its items may be blocks. */
function isBlockList(item: TypeNode, schema: SchemaType): boolean {
  return membersOf(item, schema).some(
    (member) => member.type === 'object' && typeNameOf(member) === 'block',
  );
}

/**
 * An item the page could not show: none of the fields it must have, or without a number it
 * needs. An item whose fields are all optional (an inline object of rich text) is never hollow.
 */
function isHollow(item: unknown, type: TypeNode, schema: SchemaType): boolean {
  if (!isRecord(item)) return false;
  const objects = membersOf(type, schema).filter(
    (member): member is ObjectTypeNode => member.type === 'object',
  );
  const own = objects.length === 1 ? objects[0] : objects.find((m) => typeNameOf(m) === item._type);
  if (!own) return false;
  const required = Object.entries(own.attributes).filter(
    ([key, attribute]) => !key.startsWith('_') && !attribute.optional,
  );
  if (required.length === 0) return false;
  const needsNumber = required.some(
    ([key, attribute]) => resolve(attribute.value, schema).type === 'number' && isAbsent(item[key]),
  );
  return needsNumber || required.every(([key]) => isAbsent(item[key]));
}

function coerceList(value: unknown, item: TypeNode, fallback: unknown, walk: Walk): unknown[] {
  const fallbackList = Array.isArray(fallback) ? fallback : [];
  const blocks = isBlockList(item, walk.schema);
  if (!Array.isArray(value)) {
    if (isAbsent(value)) return fallbackList;
    const text = blocks ? textOf(value) : null;
    note(walk, value, blocks ? 'rich text' : 'a list');
    return text === null ? fallbackList : oneParagraph(text, 'text');
  }
  const byIdentity = new Map(fallbackList.map((spare) => [identity(spare), spare] as const));
  byIdentity.delete(null);
  const kinds = membersOf(item, walk.schema).filter((member) => member.type !== 'null');
  const objects = kinds.every((member) => member.type === 'object');
  const kept: unknown[] = [];
  value.forEach((entry, index) => {
    const step = at(walk, index);
    if (objects && !isRecord(entry)) {
      if (!isAbsent(entry)) note(step, entry, 'an object');
      return;
    }
    // An item of another kind: a paragraph of text where a benefit or an account belongs.
    if (objects && isRecord(entry) && !blocks && isBlock(entry)) {
      note(step, entry, 'an object');
      return;
    }
    const named = objects
      ? kinds.filter((member) => typeNameOf(member as ObjectTypeNode) !== undefined)
      : [];
    if (named.length === kinds.length && named.length > 0 && isRecord(entry)) {
      const known = named.some((member) => typeNameOf(member as ObjectTypeNode) === entry._type);
      if (!known && !blocks) {
        note(step, entry, 'an object');
        return;
      }
    }
    const coerced = coerce(entry, item, byIdentity.get(identity(entry)), step);
    if (isAbsent(coerced) || isHollow(coerced, item, walk.schema)) return;
    kept.push(coerced);
  });
  // Nothing usable (or an emptied list): the fallback's list, as for an empty text.
  return kept.length > 0 ? kept : fallbackList;
}
