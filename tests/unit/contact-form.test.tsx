import { screen, waitFor } from '@testing-library/react';
import { renderInSite } from './support/site-copy';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const emailjs = vi.hoisted(() => ({ send: vi.fn(), sendForm: vi.fn() }));
vi.mock('@emailjs/browser', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@emailjs/browser')>();
  return { ...actual, default: { ...actual.default, ...emailjs } };
});

const submissions = vi.hoisted(() => ({ submitMessage: vi.fn() }));
vi.mock('@/lib/submissions/client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/lib/submissions/client')>();
  return { ...actual, ...submissions };
});

import { EmailJSResponseStatus } from '@emailjs/browser';
import { ContactForm } from '@/app/(site)/_components/ContactForm';
import type { EmailConfig } from '@/lib/mail/emailjs';
import { UNREACHABLE_MESSAGE } from '@/lib/submissions/client';
import { defaultCopy, pickCopy } from '@/lib/copy/catalogue';
import { CONTACT_FORM_COPY_KEYS } from '@/lib/copy/client-keys';

/** The home page's texts as the page picks them for the form. */
const HOME = pickCopy(defaultCopy('home'), ...CONTACT_FORM_COPY_KEYS);

const config: EmailConfig = {
  publicKey: 'pk',
  serviceId: 'svc',
  templates: {
    contact: 'tpl-contact',
    applicationAdmin: null,
    applicationReply: null,
    registrationAdmin: null,
    registrationConfirm: null,
    services: null,
  },
  blockList: [],
  rateLimitMs: null,
};

const STORED = { ok: true, id: 7, message: 'Your message has been received.' } as const;

beforeEach(() => {
  vi.spyOn(window, 'alert').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
  submissions.submitMessage.mockResolvedValue(STORED);
});

afterEach(() => {
  vi.restoreAllMocks();
  emailjs.sendForm.mockReset();
  submissions.submitMessage.mockReset();
});

async function fillAndSend() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/Name/), 'Mei Lin');
  await user.type(screen.getByLabelText(/Email/), 'mei@example.org');
  await user.type(screen.getByLabelText(/Message/), 'Hello TCSA!');
  await user.click(screen.getByRole('button', { name: 'Send Message' }));
  return user;
}

describe('ContactForm', () => {
  it('requires name, email (email type) and message, named for the email template', () => {
    renderInSite(<ContactForm emailConfig={config} contactEmail="club@example.org" copy={HOME} />);
    const name = screen.getByLabelText(/Name/);
    const email = screen.getByLabelText(/Email/);
    const message = screen.getByLabelText(/Message/);
    expect(name).toBeRequired();
    expect(name).toHaveAttribute('name', 'sender_name');
    expect(email).toBeRequired();
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toHaveAttribute('name', 'sender_email');
    expect(message).toBeRequired();
    expect(message).toHaveAttribute('name', 'message');
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('stores the message first, then sends the form through EmailJS, alerts success and resets', async () => {
    emailjs.sendForm.mockResolvedValue(new EmailJSResponseStatus(200, 'OK'));
    renderInSite(<ContactForm emailConfig={config} contactEmail="club@example.org" copy={HOME} />);
    await fillAndSend();
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Message sent successfully!'));
    expect(submissions.submitMessage).toHaveBeenCalledWith({
      sender_name: 'Mei Lin',
      sender_email: 'mei@example.org',
      message: 'Hello TCSA!',
    });
    expect(emailjs.sendForm).toHaveBeenCalledWith(
      'svc',
      'tpl-contact',
      expect.any(HTMLFormElement),
      { publicKey: 'pk' },
    );
    expect(submissions.submitMessage.mock.invocationCallOrder[0]).toBeLessThan(
      emailjs.sendForm.mock.invocationCallOrder[0]!,
    );
    expect(window.alert).toHaveBeenCalledOnce();
    expect(screen.getByRole('status')).toHaveTextContent('Message sent successfully!');
    expect(screen.getByLabelText(/Name/)).toHaveValue('');
  });

  it('says the stored message was received when EmailJS refuses, and resets', async () => {
    emailjs.sendForm.mockRejectedValue(new EmailJSResponseStatus(429, 'Too many'));
    renderInSite(<ContactForm emailConfig={config} contactEmail="club@example.org" copy={HOME} />);
    await fillAndSend();
    const text =
      'Your message has been received. The email about it could not be sent, but the club has your message and will reply to you by email.';
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith(text));
    expect(window.alert).toHaveBeenCalledOnce();
    expect(screen.getByRole('status')).toHaveTextContent(text);
    expect(screen.getByRole('status')).toHaveAttribute('data-tone', 'success');
    // lib/mail/emailjs explains EmailJS's answer in the console.
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining('429 Too Many Requests'));
    expect(screen.getByLabelText(/Message/)).toHaveValue('');
  });

  it("shows the server's refusal beside the field, sends no email and keeps what was typed", async () => {
    submissions.submitMessage.mockResolvedValue({
      ok: false,
      status: 400,
      message: 'Enter a valid email address.',
      fieldErrors: { sender_email: 'Enter a valid email address.' },
    });
    renderInSite(<ContactForm emailConfig={config} contactEmail="club@example.org" copy={HOME} />);
    const user = await fillAndSend();
    const summary =
      'An error occurred, please try again. See console for details. Enter a valid email address.';
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith(summary));
    expect(screen.getByRole('status')).toHaveTextContent(summary);
    expect(screen.getByRole('status')).toHaveAttribute('data-tone', 'error');
    expect(emailjs.sendForm).not.toHaveBeenCalled();
    const email = screen.getByLabelText(/Email/);
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Enter a valid email address.');
    expect(email).toHaveFocus();
    expect(screen.getByLabelText(/Name/)).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText(/Name/)).toHaveValue('Mei Lin');
    expect(email).toHaveValue('mei@example.org');
    expect(screen.getByLabelText(/Message/)).toHaveValue('Hello TCSA!');
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();

    // Correcting the field clears the server's message about it.
    await user.type(email, 'x');
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(email).not.toHaveAccessibleDescription();
  });

  it('says so when the server cannot be reached, and sends no email', async () => {
    submissions.submitMessage.mockResolvedValue({
      ok: false,
      status: 0,
      message: UNREACHABLE_MESSAGE,
      fieldErrors: {},
    });
    renderInSite(<ContactForm emailConfig={config} contactEmail="club@example.org" copy={HOME} />);
    await fillAndSend();
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        `An error occurred, please try again. See console for details. ${UNREACHABLE_MESSAGE}`,
      ),
    );
    expect(emailjs.sendForm).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/Message/)).toHaveValue('Hello TCSA!');
  });

  it('still stores the message when email is not set up, and says no email is sent', async () => {
    renderInSite(
      <ContactForm
        emailConfig={{ ...config, templates: { ...config.templates, contact: null } }}
        contactEmail="club@example.org"
        copy={HOME}
      />,
    );
    expect(screen.getByRole('note')).toHaveTextContent(
      'Email sending is not set up on this site yet: your message is still received and stored for the club, but no email is sent. You can also email us at club@example.org.',
    );
    await fillAndSend();
    const text =
      'Your message has been received. Emails are not sent from this site yet, but the club has your message and will reply to you by email.';
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith(text));
    expect(submissions.submitMessage).toHaveBeenCalledOnce();
    expect(emailjs.sendForm).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/Message/)).toHaveValue('');
  });
});
