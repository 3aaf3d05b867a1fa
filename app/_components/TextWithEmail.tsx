import { fillCopy } from '@/lib/copy/fill';

/**
 * An editor's text whose `{email}` places become mail links to `email`. Without an address, the
 * places are left out and the rest of the text shows.
 */
export function TextWithEmail({ text, email }: { text: string; email: string | null }) {
  const [before, ...rest] = text.split('{email}');
  if (!email || rest.length === 0) return <>{fillCopy(text, { email: email ?? '' })}</>;
  return (
    <>
      {before}
      {rest.map((part, index) => (
        <span key={index}>
          <a href={`mailto:${email}`}>{email}</a>
          {part}
        </span>
      ))}
    </>
  );
}
