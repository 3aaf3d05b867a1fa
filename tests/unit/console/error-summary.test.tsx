import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Field, FormMessage, type FormState } from '@/app/(admin)/admin/(console)/_forms/Field';

function ConsoleForm({ state }: { state: FormState }) {
  const field = { form: 'event', state };
  return (
    <form noValidate>
      <Field {...field} name="title" label="Title" required />
      <Field {...field} name="date" label="Date" type="date" />
      <fieldset>
        <legend>Event leads</legend>
        <label>
          <input type="checkbox" name="leads" value="a" /> Ana
        </label>
      </fieldset>
      <FormMessage state={state} />
      <button type="submit">Save the event</button>
    </form>
  );
}

describe('the console forms’ error summary', () => {
  it('names the fields with errors by the button, in the form’s order, and focuses the first', async () => {
    const { rerender } = render(<ConsoleForm state={{ errors: {}, values: {} }} />);
    expect(screen.queryByTestId('error-summary')).toBeNull();
    expect(document.body).toHaveFocus();

    rerender(
      <ConsoleForm
        state={{
          // The action's order is not the page's: the summary follows the page.
          errors: {
            leads: 'Choose event leads only.',
            date: 'Enter a date such as 2027-02-10.',
            form: 'The event was not saved.',
          },
          values: { title: 'Dumpling night' },
        }}
      />,
    );
    const summary = screen.getByTestId('error-summary');
    expect(summary.closest('[role=alert]')).not.toBeNull();
    expect(summary).toHaveTextContent('2 fields need a change before saving:');
    expect(
      within(summary)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Date: Enter a date such as 2027-02-10.', 'Event leads: Choose event leads only.']);
    expect(within(summary).getByRole('link', { name: 'Date' })).toHaveAttribute(
      'href',
      '#event-date',
    );
    expect(screen.getByLabelText(/^Date/)).toHaveFocus();

    // A link takes focus to its field.
    await userEvent.click(within(summary).getByRole('link', { name: 'Event leads' }));
    expect(screen.getByRole('checkbox', { name: 'Ana' })).toHaveFocus();
  });
});
