/** A count with its noun in the right number: '1 no-show', '2 no-shows', '3 people'. */
export function countOf(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
