import { screen, waitFor } from '@testing-library/react';
import { renderInSite } from './support/site-copy';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const emailjs = vi.hoisted(() => ({ send: vi.fn(), sendForm: vi.fn() }));
vi.mock('@emailjs/browser', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@emailjs/browser')>();
  return { ...actual, default: { ...actual.default, ...emailjs } };
});

const submissions = vi.hoisted(() => ({ submitServiceRequest: vi.fn() }));
vi.mock('@/lib/submissions/client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/lib/submissions/client')>();
  return { ...actual, ...submissions };
});

import { EmailJSResponseStatus } from '@emailjs/browser';
import { ServicesForm } from '@/app/(site)/services/_components/ServicesForm';
import { defaultCopy, pickCopy } from '@/lib/copy/catalogue';
import { SERVICES_FORM_TEXT_KEYS } from '@/lib/copy/client-keys';
import type { EmailConfig } from '@/lib/mail/emailjs';

const config: EmailConfig = {
  publicKey: 'pk',
  serviceId: 'svc',
  templates: {
    contact: null,
    applicationAdmin: null,
    applicationReply: null,
    registrationAdmin: null,
    registrationConfirm: null,
    services: 'tpl-services',
  },
  blockList: [],
  rateLimitMs: null,
};

const copy = {
  nameLabel: 'Name / Organization Name',
  emailLabel: 'Email',
  needsLabel: 'Tell us about your needs!',
  submitLabel: 'Send',
};

beforeEach(() => {
  vi.spyOn(window, 'alert').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
  submissions.submitServiceRequest.mockResolvedValue({
    ok: true,
    id: 3,
    message: 'Your request has been received.',
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  emailjs.sendForm.mockReset();
  submissions.submitServiceRequest.mockReset();
});

function renderForm(emailConfig: EmailConfig = config) {
  renderInSite(
    <>
      <h2 id="services-form-title">Let us contact you</h2>
      <ServicesForm
        emailConfig={emailConfig}
        contactEmail="club@example.org"
        copy={copy}
        texts={pickCopy(defaultCopy('services'), ...SERVICES_FORM_TEXT_KEYS)}
        labelledBy="services-form-title"
      />
    </>,
  );
}

async function fillAndSend() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/Name \/ Organization Name/), 'Ottawa Film Society');
  await user.type(screen.getByLabelText(/Email/), 'hello@example.org');
  await user.type(screen.getByLabelText(/Tell us about your needs!/), 'A recap video in March.');
  await user.click(screen.getByRole('button', { name: 'Send' }));
  return user;
}

describe('ServicesForm', () => {
  it('requires name, email (email type) and needs, named for the email template', () => {
    renderForm();
    expect(screen.getByRole('form', { name: 'Let us contact you' })).toBeInTheDocument();
    const fields = [
      [/Name \/ Organization Name/, 'name'],
      [/Email/, 'email'],
      [/Tell us about your needs!/, 'needs'],
    ] as const;
    for (const [label, name] of fields) {
      expect(screen.getByLabelText(label)).toBeRequired();
      expect(screen.getByLabelText(label)).toHaveAttribute('name', name);
    }
    expect(screen.getByLabelText(/Email/)).toHaveAttribute('type', 'email');
  });

  it('stores the request first, then sends it with the services template, alerts success and resets', async () => {
    emailjs.sendForm.mockResolvedValue(new EmailJSResponseStatus(200, 'OK'));
    renderForm();
    await fillAndSend();
    await waitFor(() =>
      expect(window.alert).toHaveBeenCalledWith('Application sent successfully!'),
    );
    expect(submissions.submitServiceRequest).toHaveBeenCalledWith({
      name: 'Ottawa Film Society',
      email: 'hello@example.org',
      needs: 'A recap video in March.',
    });
    expect(emailjs.sendForm).toHaveBeenCalledWith(
      'svc',
      'tpl-services',
      expect.any(HTMLFormElement),
      { publicKey: 'pk' },
    );
    expect(submissions.submitServiceRequest.mock.invocationCallOrder[0]).toBeLessThan(
      emailjs.sendForm.mock.invocationCallOrder[0]!,
    );
    const sent = new FormData(emailjs.sendForm.mock.calls[0]?.[2] as HTMLFormElement);
    // The form was reset after sending, so check what the template variables are called.
    expect([...sent.keys()]).toEqual(['name', 'email', 'needs']);
    expect(screen.getByRole('status')).toHaveTextContent('Application sent successfully!');
    expect(screen.getByLabelText(/Tell us about your needs!/)).toHaveValue('');
  });

  it('says the stored request was received when EmailJS refuses, and resets', async () => {
    emailjs.sendForm.mockRejectedValue(new EmailJSResponseStatus(451, 'Headless'));
    renderForm();
    await fillAndSend();
    const text =
      'Your request has been received. The email about it could not be sent, but the club has your request and will reply to you by email.';
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith(text));
    expect(window.alert).toHaveBeenCalledOnce();
    expect(screen.getByRole('status')).toHaveTextContent(text);
    expect(screen.getByLabelText(/Tell us about your needs!/)).toHaveValue('');
  });

  it("shows the server's refusal, sends no email and keeps what was typed", async () => {
    submissions.submitServiceRequest.mockResolvedValue({
      ok: false,
      status: 429,
      message: 'Too many submissions from your network. Please wait a minute and try again.',
      fieldErrors: {},
    });
    renderForm();
    await fillAndSend();
    const summary =
      'Failed to send application. Please try again later. Too many submissions from your network. Please wait a minute and try again.';
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith(summary));
    expect(screen.getByRole('status')).toHaveTextContent(summary);
    expect(emailjs.sendForm).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/Name \/ Organization Name/)).toHaveValue('Ottawa Film Society');
    expect(screen.getByLabelText(/Tell us about your needs!/)).toHaveValue(
      'A recap video in March.',
    );
    expect(screen.getByRole('button', { name: 'Send' })).not.toHaveAttribute('aria-disabled');
  });

  it('marks each field the server refused, with its message as the description', async () => {
    submissions.submitServiceRequest.mockResolvedValue({
      ok: false,
      status: 400,
      message:
        'Name or organization name must be at most 150 characters. Enter a valid email address.',
      fieldErrors: {
        name: 'Name or organization name must be at most 150 characters.',
        email: 'Enter a valid email address.',
      },
    });
    renderForm();
    await fillAndSend();
    const name = screen.getByLabelText(/Name \/ Organization Name/);
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(name).toHaveAccessibleDescription(
      'Name or organization name must be at most 150 characters.',
    );
    expect(name).toHaveFocus();
    expect(screen.getByLabelText(/Email/)).toHaveAccessibleDescription(
      'Enter a valid email address.',
    );
    expect(screen.getByLabelText(/Tell us about your needs!/)).not.toHaveAttribute('aria-invalid');
    expect(emailjs.sendForm).not.toHaveBeenCalled();
  });

  it('still stores the request when email is not set up, and says no email is sent', async () => {
    renderForm({ ...config, templates: { ...config.templates, services: null } });
    expect(screen.getByRole('note')).toHaveTextContent(
      'your request is still received and stored for the club, but no email is sent. You can also email us at club@example.org.',
    );
    await fillAndSend();
    await waitFor(() =>
      expect(window.alert).toHaveBeenCalledWith(
        'Your request has been received. Emails are not sent from this site yet, but the club has your request and will reply to you by email.',
      ),
    );
    expect(submissions.submitServiceRequest).toHaveBeenCalledOnce();
    expect(emailjs.sendForm).not.toHaveBeenCalled();
  });
});
