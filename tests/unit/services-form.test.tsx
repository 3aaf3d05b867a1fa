import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const emailjs = vi.hoisted(() => ({ send: vi.fn(), sendForm: vi.fn() }));
vi.mock('@emailjs/browser', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@emailjs/browser')>();
  return { ...actual, default: { ...actual.default, ...emailjs } };
});

import { EmailJSResponseStatus } from '@emailjs/browser';
import { ServicesForm } from '@/app/(site)/services/_components/ServicesForm';
import type { EmailConfig } from '@/lib/email';

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
});

afterEach(() => {
  vi.restoreAllMocks();
  emailjs.sendForm.mockReset();
});

function renderForm(emailConfig: EmailConfig = config) {
  render(
    <>
      <h2 id="services-form-title">Let us contact you</h2>
      <ServicesForm
        emailConfig={emailConfig}
        contactEmail="club@example.org"
        copy={copy}
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

  it('sends with the services template, alerts success and resets', async () => {
    emailjs.sendForm.mockResolvedValue(new EmailJSResponseStatus(200, 'OK'));
    renderForm();
    await fillAndSend();
    await waitFor(() =>
      expect(window.alert).toHaveBeenCalledWith('Application sent successfully!'),
    );
    expect(emailjs.sendForm).toHaveBeenCalledWith(
      'svc',
      'tpl-services',
      expect.any(HTMLFormElement),
      { publicKey: 'pk' },
    );
    const sent = new FormData(emailjs.sendForm.mock.calls[0]?.[2] as HTMLFormElement);
    // The form was reset after sending, so check what the template variables are called.
    expect([...sent.keys()]).toEqual(['name', 'email', 'needs']);
    expect(screen.getByRole('status')).toHaveTextContent('Application sent successfully!');
    expect(screen.getByLabelText(/Tell us about your needs!/)).toHaveValue('');
  });

  it('alerts the failure text and keeps what was typed', async () => {
    emailjs.sendForm.mockRejectedValue(new EmailJSResponseStatus(451, 'Headless'));
    renderForm();
    await fillAndSend();
    await waitFor(() =>
      expect(window.alert).toHaveBeenCalledWith(
        'Failed to send application. Please try again later.',
      ),
    );
    expect(screen.getByLabelText(/Tell us about your needs!/)).toHaveValue(
      'A recap video in March.',
    );
  });

  it('says clearly that sending is not set up, without pretending to send', async () => {
    renderForm({ ...config, templates: { ...config.templates, services: null } });
    expect(screen.getByRole('note')).toHaveTextContent('Please email us at club@example.org');
    await fillAndSend();
    expect(emailjs.sendForm).not.toHaveBeenCalled();
    expect(window.alert).toHaveBeenCalledWith(expect.stringContaining('not set up'));
  });
});
