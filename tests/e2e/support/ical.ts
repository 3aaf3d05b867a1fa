/**
 * A strict reader of iCalendar text (RFC 5545), written apart from lib/events/calendar.ts so tests check
 * the file against the standard rather than against the code that wrote it. It refuses bare LF
 * line endings, lines longer than 75 octets and unbalanced BEGIN/END, and undoes folding and
 * TEXT escaping.
 */

export type IcsProperty = { name: string; params: Record<string, string>; value: string };
export type IcsComponent = { name: string; properties: IcsProperty[]; components: IcsComponent[] };

function splitContentLines(text: string): string[] {
  if (!text.endsWith('\r\n')) throw new Error('The last line must end with CRLF.');
  const physical = text.slice(0, -2).split('\r\n');
  const encoder = new TextEncoder();
  const logical: string[] = [];
  for (const [index, line] of physical.entries()) {
    if (line.includes('\n') || line.includes('\r')) {
      throw new Error(`Line ${index + 1} has a bare LF or CR.`);
    }
    if (encoder.encode(line).length > 75) {
      throw new Error(`Line ${index + 1} is longer than 75 octets: ${line}`);
    }
    if (line.startsWith(' ') || line.startsWith('\t')) {
      if (logical.length === 0) throw new Error('The first line cannot be a continuation.');
      logical[logical.length - 1] += line.slice(1);
    } else {
      logical.push(line);
    }
  }
  return logical;
}

function parseProperty(line: string): IcsProperty {
  // The name and parameters end at the first ':' outside double quotes.
  let inQuotes = false;
  let colon = -1;
  for (let index = 0; index < line.length; index += 1) {
    const character = line[index];
    if (character === '"') inQuotes = !inQuotes;
    else if (character === ':' && !inQuotes) {
      colon = index;
      break;
    }
  }
  if (colon === -1) throw new Error(`Not a content line: ${line}`);
  const [name = '', ...rawParams] = line.slice(0, colon).split(';');
  if (!/^[A-Za-z0-9-]+$/.test(name)) throw new Error(`Bad property name: ${name}`);
  const params: Record<string, string> = {};
  for (const param of rawParams) {
    const equals = param.indexOf('=');
    if (equals === -1) throw new Error(`Bad parameter: ${param}`);
    params[param.slice(0, equals).toUpperCase()] = param.slice(equals + 1).replace(/^"|"$/g, '');
  }
  return { name: name.toUpperCase(), params, value: line.slice(colon + 1) };
}

/** Parses a whole iCalendar object; the root is the VCALENDAR component. */
export function parseIcs(text: string): IcsComponent {
  const stack: IcsComponent[] = [];
  let root: IcsComponent | null = null;
  for (const line of splitContentLines(text)) {
    const property = parseProperty(line);
    if (property.name === 'BEGIN') {
      const component: IcsComponent = { name: property.value, properties: [], components: [] };
      stack.at(-1)?.components.push(component);
      stack.push(component);
    } else if (property.name === 'END') {
      const open = stack.pop();
      if (!open || open.name !== property.value) {
        throw new Error(`END:${property.value} does not close ${open?.name ?? 'anything'}.`);
      }
      if (stack.length === 0) {
        if (root) throw new Error('More than one top-level component.');
        root = open;
      }
    } else {
      const open = stack.at(-1);
      if (!open) throw new Error(`Property outside a component: ${line}`);
      open.properties.push(property);
    }
  }
  if (stack.length > 0) throw new Error(`${stack.at(-1)?.name} is never closed.`);
  if (!root || root.name !== 'VCALENDAR') throw new Error('The root is not a VCALENDAR.');
  return root;
}

/** Undoes TEXT escaping: \\n (or \\N) is a newline, \\\\ \\; \\, are the characters themselves. */
export function unescapeText(value: string): string {
  return value.replace(/\\([\\;,nN])/g, (_match, character: string) =>
    character === 'n' || character === 'N' ? '\n' : character,
  );
}

export function property(component: IcsComponent, name: string): IcsProperty | undefined {
  return component.properties.find((candidate) => candidate.name === name);
}

export function child(component: IcsComponent, name: string): IcsComponent | undefined {
  return component.components.find((candidate) => candidate.name === name);
}
