import { describe, expect, it, vi } from 'vitest';

/**
 * The membership forms run lib/copy/answer-words.ts in the browser: were it to load the texts
 * catalogue, the whole catalogue would be in their bundle. Loading the catalogue here fails the
 * test (a type-only import is erased and loads nothing).
 */
const catalogueLoaded = vi.hoisted(() => ({ value: false }));
vi.mock('@/lib/copy/catalogue', () => {
  catalogueLoaded.value = true;
  throw new Error('lib/copy/answer-words.ts must not load the texts catalogue');
});

const { answerInEditorsWords, fieldMessagesInCopyWords } = await import('@/lib/copy/answer-words');

describe("the answers' words, matched without the texts catalogue", () => {
  // Spec wordings of this test's own, so that only the given map can match them.
  const words = {
    spec: {
      membershipRequired: 'Say your {label}, please.',
      membershipTooLong: 'Your {label} is longer than {max}.',
      membershipEmailDomain: 'Only a university address.',
      labelYourName: 'full name',
    },
    copy: {
      membershipRequired: 'Dites votre {label}.',
      membershipTooLong: '{label} : {max} au plus.',
      membershipEmailDomain: 'Une adresse de l’université seulement.',
      labelYourName: 'nom',
    },
  };

  it('says the given spec texts in the given editors’ words, field names included', () => {
    expect(answerInEditorsWords('Say your full name, please.', words)).toBe('Dites votre nom.');
    expect(answerInEditorsWords('Your full name is longer than 100.', words)).toBe(
      'nom : 100 au plus.',
    );
    expect(answerInEditorsWords('Only a university address.', words)).toBe(
      'Une adresse de l’université seulement.',
    );
    expect(catalogueLoaded.value).toBe(false);
  });

  it('leaves a text the given map does not word, even the catalogue’s own, as it is', () => {
    expect(
      fieldMessagesInCopyWords(
        { name: 'Enter your name.', other: 'Say your nickname, please.' },
        words,
      ),
    ).toEqual({ name: 'Enter your name.', other: 'Dites votre nickname.' });
    // A text with no editors' words is not said at all.
    expect(answerInEditorsWords('Only a university address.', { spec: words.spec, copy: {} })).toBe(
      'Only a university address.',
    );
    expect(catalogueLoaded.value).toBe(false);
  });
});
