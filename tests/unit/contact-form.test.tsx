import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const emailjs = vi.hoisted(() => ({ send: vi.fn(), sendForm: vi.fn() }));
vi.mock('@emailjs/browser', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@emailjs/browser')>();
  return { ...actual, default: { ...actual.default, ...emailjs } };
});

import { EmailJSResponseStatus } from '@emailjs/browser';
import { ContactForm } from '@/app/(site)/_components/ContactForm';
import type { EmailConfig } from '@/lib/email';

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

beforeEach(() => {
  vi.spyOn(window, 'alert').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
  emailjs.sendForm.mockReset();
});

async function fillAndSend() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/Name/), 'Mei Lin');
  await user.type(screen.getByLabelText(/Email/), 'mei@example.org');
  await user.type(screen.getByLabelText(/Message/), 'Hello TCSA!');
  await user.click(screen.getByRole('button', { name: 'Send Message' }));
}

describe('ContactForm', () => {
  it('requires name, email (email type) and message, named for the email template', () => {
    render(<ContactForm emailConfig={config} contactEmail="club@example.org" />);
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
  });

  it('sends the form with the service, template and public key, alerts success and resets', async () => {
    emailjs.sendForm.mockResolvedValue(new EmailJSResponseStatus(200, 'OK'));
    render(<ContactForm emailConfig={config} contactEmail="club@example.org" />);
    await fillAndSend();
    expect(emailjs.sendForm).toHaveBeenCalledWith(
      'svc',
      'tpl-contact',
      expect.any(HTMLFormElement),
      { publicKey: 'pk' },
    );
    expect(window.alert).toHaveBeenCalledWith('Message sent successfully!');
    expect(screen.getByRole('status')).toHaveTextContent('Message sent successfully!');
    expect(screen.getByLabelText(/Name/)).toHaveValue('');
  });

  it('alerts the failure text and resets when EmailJS refuses', async () => {
    emailjs.sendForm.mockRejectedValue(new EmailJSResponseStatus(429, 'Too many'));
    render(<ContactForm emailConfig={config} contactEmail="club@example.org" />);
    await fillAndSend();
    expect(window.alert).toHaveBeenCalledWith(
      'An error occurred, please try again. See console for details.',
    );
    expect(console.error).toHaveBeenCalled();
    expect(screen.getByLabelText(/Message/)).toHaveValue('');
  });

  it('says clearly that sending is not set up, without pretending to send or losing the text', async () => {
    render(
      <ContactForm
        emailConfig={{ ...config, templates: { ...config.templates, contact: null } }}
        contactEmail="club@example.org"
      />,
    );
    expect(screen.getByRole('note')).toHaveTextContent('Please email us at club@example.org');
    await fillAndSend();
    expect(emailjs.sendForm).not.toHaveBeenCalled();
    expect(window.alert).toHaveBeenCalledWith(expect.stringContaining('not set up'));
    expect(screen.getByLabelText(/Message/)).toHaveValue('Hello TCSA!');
  });
});
