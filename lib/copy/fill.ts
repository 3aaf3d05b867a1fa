/**
 * Fills `{name}` places of a text; a name without a value stays as it is written. Its own module
 * so that the browser's components fill their texts without the texts catalogue in their bundle.
 */
export function fillCopy(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}
