import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ChangeDetailsForm, MemberIdForm } from '@/app/(site)/membership/_components/RequestForms';
import {
  CHANGE_FORM_KEYS,
  MEMBER_ID_FORM_KEYS,
} from '@/app/(site)/membership/_components/form-copy';
import { MEMBERSHIP_ANSWER_KEYS, answerWordsFor } from '@/lib/copy/answers';
import { defaultCopy, pickCopy, type Copy } from '@/lib/copy/catalogue';

/** The answers as an editor could have changed them, each visibly theirs; the page's pick. */
const edited = answerWordsFor(
  Object.fromEntries(
    Object.entries(defaultCopy('answers')).map(([key, text]) => [key, `«${key}» ${text}`]),
  ) as Copy<'answers'>,
  MEMBERSHIP_ANSWER_KEYS,
);
const texts = defaultCopy('membership');

describe("the membership forms' own field messages, checked in the browser", () => {
  it("'I forgot my member ID' says the editor's words beside the email", async () => {
    render(
      <MemberIdForm
        texts={pickCopy(texts, ...MEMBER_ID_FORM_KEYS)}
        answerWords={edited}
        labelledBy="x"
      />,
    );
    await userEvent.type(screen.getByRole('textbox', { name: /uOttawa email/ }), 'a@gmail.com');
    await userEvent.click(screen.getByRole('button', { name: texts.forgotSubmit }));
    expect(await screen.findByText(/Use your uOttawa email/)).toHaveTextContent(
      '«membershipEmailDomain» Use your uOttawa email: it must end with @uottawa.ca.',
    );
  });

  it("'Change my details' fills the editor's field names into the editor's messages", async () => {
    render(
      <ChangeDetailsForm
        texts={pickCopy(texts, ...CHANGE_FORM_KEYS)}
        answerWords={edited}
        labelledBy="x"
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: texts.changeSubmit }));
    expect(
      await screen.findByText('«membershipRequired» Enter your «labelYourName» name.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('«membershipRequired» Enter your «labelUottawaEmail» uOttawa email.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/Tell us what to change/)).toHaveTextContent(
      '«membershipChangesRequired» Tell us what to change.',
    );
  });
});
