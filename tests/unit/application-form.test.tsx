import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const emailjs = vi.hoisted(() => ({ send: vi.fn(), sendForm: vi.fn() }));
vi.mock('@emailjs/browser', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@emailjs/browser')>();
  return { ...actual, default: { ...actual.default, ...emailjs } };
});

import { EmailJSResponseStatus } from '@emailjs/browser';
import {
  APPLICATION_ALERTS,
  ApplicationForm,
  type ApplicationFormCopy,
} from '@/app/(site)/joinus/_components/ApplicationForm';
import type { EmailConfig } from '@/lib/email';
import { RESUME_TOO_LARGE, RESUME_WRONG_TYPE } from '@/lib/resume';

const config: EmailConfig = {
  publicKey: 'pk',
  serviceId: 'svc',
  templates: {
    contact: null,
    applicationAdmin: 'tpl-admin',
    applicationReply: 'tpl-reply',
    registrationAdmin: null,
    registrationConfirm: null,
    services: null,
  },
  blockList: [],
  rateLimitMs: null,
};

const copy: ApplicationFormCopy = {
  nameLabel: 'Name',
  emailLabel: 'Email',
  positionLabel: 'Position Applying For',
  resumeLabel: 'Upload Resume',
  submitLabel: 'Submit',
  confirmation: 'Are you sure you want to submit your application?',
};

const QUESTION = 'Are you sure you want to submit your application?';

beforeEach(() => {
  // jsdom has <dialog> but not its modal behaviour: open it, and close it the way browsers do.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
  vi.spyOn(window, 'alert').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
  emailjs.send.mockReset();
  emailjs.sendForm.mockReset();
});

function renderForm(emailConfig: EmailConfig = config) {
  render(
    <>
      <h2 id="application-title">Tell us About Yourself !</h2>
      <ApplicationForm
        emailConfig={emailConfig}
        contactEmail="club@example.org"
        copy={copy}
        labelledBy="application-title"
      />
    </>,
  );
}

function pdf(name = 'mei-lin-resume.pdf', type = 'application/pdf') {
  return new File(['%PDF-1.7 resume'], name, { type });
}

async function fill(file: File = pdf()) {
  const user = userEvent.setup({ applyAccept: false });
  await user.type(screen.getByLabelText(/Name/), 'Mei Lin');
  await user.type(screen.getByLabelText(/Email/), 'mei@example.org');
  await user.type(screen.getByLabelText(/Position Applying For/), 'Marketing Associate');
  await user.upload(screen.getByLabelText(/Upload Resume/), file);
  return user;
}

/**
 * jsdom never counts a file input as filled (its `valueMissing` ignores uploaded files), so its
 * constraint validation would block every submit: dispatch the submit as the browser does once
 * the required fields are valid. The browser's own checks are covered end to end.
 */
async function fillAndSubmit(file?: File) {
  const user = await fill(file);
  const submit = screen.getByRole('button', { name: 'Submit' });
  submit.focus();
  fireEvent.submit(screen.getByRole('form'));
  return user;
}

const dialog = () => screen.queryByRole('dialog', { name: QUESTION });

describe('ApplicationForm', () => {
  it('requires every field, with the email type and the names the email templates use', () => {
    renderForm();
    expect(screen.getByRole('form', { name: 'Tell us About Yourself !' })).toBeInTheDocument();
    const fields = [
      [/Name/, 'applicant_name'],
      [/Email/, 'applicant_email'],
      [/Position Applying For/, 'position'],
      [/Upload Resume/, 'resume_file'],
    ] as const;
    for (const [label, name] of fields) {
      const field = screen.getByLabelText(label);
      expect(field).toBeRequired();
      expect(field).toHaveAttribute('name', name);
    }
    expect(screen.getByLabelText(/Email/)).toHaveAttribute('type', 'email');
    const resume = screen.getByLabelText(/Upload Resume/);
    expect(resume).toHaveAttribute('type', 'file');
    expect(resume).toHaveAttribute('accept', expect.stringContaining('.docx'));
    expect(resume).toHaveAccessibleDescription('PDF, DOC or DOCX, up to 5 MB.');
  });

  it('asks for confirmation first and sends nothing when the visitor cancels', async () => {
    renderForm();
    const user = await fillAndSubmit();
    expect(dialog()).toBeVisible();
    expect(screen.getByRole('button', { name: 'Yes, submit' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(dialog()).toBeNull();
    expect(emailjs.sendForm).not.toHaveBeenCalled();
    expect(emailjs.send).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/Name/)).toHaveValue('Mei Lin');
  });

  it('treats the dialog closing on its own (Escape) as a cancel', async () => {
    renderForm();
    await fillAndSubmit();
    expect(dialog()).toBeVisible();
    (document.querySelector('dialog') as HTMLDialogElement).close();
    await waitFor(() => expect(dialog()).toBeNull());
    expect(emailjs.sendForm).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Submit' })).toHaveFocus();
  });

  it('sends the form to the admin template, then the auto-reply, alerts success and resets', async () => {
    emailjs.sendForm.mockResolvedValue(new EmailJSResponseStatus(200, 'OK'));
    emailjs.send.mockResolvedValue(new EmailJSResponseStatus(200, 'OK'));
    renderForm();
    const user = await fillAndSubmit();
    await user.click(screen.getByRole('button', { name: 'Yes, submit' }));

    await waitFor(() => expect(window.alert).toHaveBeenCalledWith(APPLICATION_ALERTS.success));
    expect(emailjs.sendForm).toHaveBeenCalledWith('svc', 'tpl-admin', expect.any(HTMLFormElement), {
      publicKey: 'pk',
    });
    const sentForm = emailjs.sendForm.mock.calls[0]?.[2] as HTMLFormElement;
    expect(sentForm.querySelector('input[type=file]')).toHaveAttribute('name', 'resume_file');
    expect(emailjs.send).toHaveBeenCalledWith(
      'svc',
      'tpl-reply',
      {
        applicant_name: 'Mei Lin',
        applicant_email: 'mei@example.org',
        position: 'Marketing Associate',
      },
      { publicKey: 'pk' },
    );
    expect(emailjs.sendForm.mock.invocationCallOrder[0]).toBeLessThan(
      emailjs.send.mock.invocationCallOrder[0]!,
    );
    expect(window.alert).toHaveBeenCalledOnce();
    expect(screen.getByRole('status')).toHaveTextContent(APPLICATION_ALERTS.success);
    expect(screen.getByLabelText(/Name/)).toHaveValue('');
    expect(screen.getByLabelText(/Email/)).toHaveValue('');
    expect(screen.getByLabelText(/Position Applying For/)).toHaveValue('');
  });

  it('does not send the auto-reply when the admin send fails, and keeps what was typed', async () => {
    emailjs.sendForm.mockRejectedValue(new EmailJSResponseStatus(500, 'Server error'));
    renderForm();
    const user = await fillAndSubmit();
    await user.click(screen.getByRole('button', { name: 'Yes, submit' }));

    await waitFor(() => expect(window.alert).toHaveBeenCalledWith(APPLICATION_ALERTS.adminFailed));
    expect(emailjs.send).not.toHaveBeenCalled();
    expect(window.alert).toHaveBeenCalledOnce();
    expect(screen.getByLabelText(/Name/)).toHaveValue('Mei Lin');
    expect(screen.getByRole('button', { name: 'Submit' })).not.toHaveAttribute('aria-disabled');
  });

  it('says the application went through when only the auto-reply fails, and resets', async () => {
    emailjs.sendForm.mockResolvedValue(new EmailJSResponseStatus(200, 'OK'));
    emailjs.send.mockRejectedValue(new EmailJSResponseStatus(429, 'Too many requests'));
    renderForm();
    const user = await fillAndSubmit();
    await user.click(screen.getByRole('button', { name: 'Yes, submit' }));

    await waitFor(() => expect(window.alert).toHaveBeenCalledWith(APPLICATION_ALERTS.replyFailed));
    expect(window.alert).toHaveBeenCalledOnce();
    expect(screen.getByLabelText(/Position Applying For/)).toHaveValue('');
  });

  it('refuses a resume that is not a PDF, DOC or DOCX file, with a clear message', async () => {
    renderForm();
    await fillAndSubmit(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    const resume = screen.getByLabelText(/Upload Resume/) as HTMLInputElement;
    expect(screen.getByRole('alert')).toHaveTextContent(RESUME_WRONG_TYPE);
    expect(resume.validationMessage).toBe(RESUME_WRONG_TYPE);
    expect(resume).toHaveAttribute('aria-invalid', 'true');
    expect(resume).toHaveAccessibleDescription(
      `PDF, DOC or DOCX, up to 5 MB. ${RESUME_WRONG_TYPE}`,
    );
    expect(dialog()).toBeNull();
    expect(emailjs.sendForm).not.toHaveBeenCalled();
  });

  it('refuses a resume over 5 MB and accepts a new, valid choice', async () => {
    renderForm();
    const large = pdf();
    Object.defineProperty(large, 'size', { value: 5 * 1024 * 1024 + 1 });
    const user = await fill(large);
    expect(screen.getByRole('alert')).toHaveTextContent(RESUME_TOO_LARGE);

    await user.upload(screen.getByLabelText(/Upload Resume/), pdf('resume.docx', ''));
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    const resume = screen.getByLabelText(/Upload Resume/) as HTMLInputElement;
    expect(resume.validity.customError).toBe(false);
    expect(resume).not.toHaveAttribute('aria-invalid');
  });

  it('says clearly that sending is not set up, and neither asks nor sends', async () => {
    renderForm({ ...config, templates: { ...config.templates, applicationAdmin: null } });
    expect(screen.getByRole('note')).toHaveTextContent(
      'Please email your resume to club@example.org',
    );
    await fillAndSubmit();
    expect(dialog()).toBeNull();
    expect(emailjs.sendForm).not.toHaveBeenCalled();
    expect(window.alert).toHaveBeenCalledWith(expect.stringContaining('not set up'));
    expect(screen.getByLabelText(/Name/)).toHaveValue('Mei Lin');
  });
});
