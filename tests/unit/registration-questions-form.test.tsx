import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RegistrationForm } from '@/app/(site)/events/[id]/RegistrationForm';
import type { EventQuestionDto } from '@/lib/api/contract';
import type { EmailConfig } from '@/lib/mail/emailjs';
import { defaultCopy, pickCopy } from '@/lib/copy/catalogue';
import { REGISTRATION_FORM_COPY_KEYS } from '@/lib/copy/client-keys';

/** The event page's texts as the page picks them for the form. */
const EVENT = pickCopy(defaultCopy('event'), ...REGISTRATION_FORM_COPY_KEYS);

const config: EmailConfig = {
  publicKey: null,
  serviceId: null,
  templates: {
    contact: null,
    applicationAdmin: null,
    applicationReply: null,
    registrationAdmin: null,
    registrationConfirm: null,
    services: null,
  },
  blockList: [],
  rateLimitMs: null,
} as unknown as EmailConfig;

const QUESTIONS: EventQuestionDto[] = [
  { id: 21, label: 'Dietary needs', kind: 'short_text', choices: [], required: true },
  { id: 22, label: 'T-shirt size', kind: 'choice', choices: ['S', 'M', 'L'], required: false },
  { id: 23, label: 'First TCSA event?', kind: 'yes_no', choices: [], required: false },
];

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  document.cookie = `csrftoken=${'c'.repeat(64)}; path=/`;
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  vi.restoreAllMocks();
});

function renderForm(questions: EventQuestionDto[] = QUESTIONS) {
  render(
    <RegistrationForm
      titleId="registration-title"
      eventId={9}
      eventTitle="Hot Pot Night"
      eventDate="Sunday"
      emailConfig={config}
      copy={EVENT}
      questions={questions}
    />,
  );
}

function registerBody(): Record<string, unknown> {
  const call = fetchMock.mock.calls.find(([target]) => String(target).endsWith('/register/'));
  return JSON.parse(String(call![1]!.body)) as Record<string, unknown>;
}

async function fillPerson() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/First Name/), 'Wei');
  await user.type(screen.getByLabelText(/Last Name/), 'Zhang');
  await user.type(screen.getByLabelText(/Email/), 'wei@example.org');
  return user;
}

describe('RegistrationForm with the event’s questions', () => {
  it('shows each question labelled, the required one marked and required, the others optional', () => {
    renderForm();
    expect(screen.getByLabelText(/Dietary needs/)).toBeRequired();
    expect(screen.getByLabelText(/T-shirt size/)).not.toBeRequired();
    expect(screen.getByLabelText(/T-shirt size/)).toHaveTextContent('Choose…');
    const firstEvent = screen.getByRole('group', { name: /First TCSA event\?/ });
    expect(firstEvent).toHaveTextContent('(optional)');
    expect(screen.getByRole('radio', { name: 'Yes' })).not.toBeRequired();
  });

  it('sends the answers keyed by question id, a yes/no as a boolean, leaving out the unanswered', async () => {
    fetchMock.mockImplementation(async (target) =>
      String(target).endsWith('/register/')
        ? new Response('{}', { status: 201 })
        : new Response('null', { status: 404 }),
    );
    renderForm();
    const user = await fillPerson();
    await user.type(screen.getByLabelText(/Dietary needs/), ' Vegetarian ');
    await user.click(screen.getByRole('radio', { name: 'No' }));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await vi.waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('successful'));
    expect(registerBody().answers).toEqual({ 21: 'Vegetarian', 23: false });
  });

  it('a form without questions sends no answers at all', async () => {
    fetchMock.mockResolvedValue(new Response('{}', { status: 201 }));
    renderForm([]);
    const user = await fillPerson();
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await vi.waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('successful'));
    expect(registerBody()).not.toHaveProperty('answers');
  });

  it('shows the server’s message beside its question and moves focus there', async () => {
    const message = 'T-shirt size: choose one of S, M, L.';
    fetchMock.mockImplementation(async (target) =>
      String(target).endsWith('/register/')
        ? new Response(JSON.stringify({ error: message, fields: { 'answers.22': message } }), {
            status: 400,
          })
        : new Response('null', { status: 404 }),
    );
    renderForm();
    const user = await fillPerson();
    await user.type(screen.getByLabelText(/Dietary needs/), 'None');
    await act(async () => {
      await user.click(screen.getByRole('button', { name: 'Register' }));
    });
    const size = screen.getByLabelText(/T-shirt size/);
    await vi.waitFor(() => expect(size).toHaveAttribute('aria-invalid', 'true'));
    expect(size).toHaveAccessibleDescription(message);
    expect(size).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent(`Registration failed: ${message}`);
  });
});
