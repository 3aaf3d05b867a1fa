import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderInSite } from './support/site-copy';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const emailjs = vi.hoisted(() => ({ send: vi.fn(), sendForm: vi.fn() }));
vi.mock('@emailjs/browser', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@emailjs/browser')>();
  return { ...actual, default: { ...actual.default, ...emailjs } };
});

const submissions = vi.hoisted(() => ({ submitApplication: vi.fn() }));
vi.mock('@/lib/submissions/client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/lib/submissions/client')>();
  return { ...actual, ...submissions };
});

import { EmailJSResponseStatus } from '@emailjs/browser';
import {
  ApplicationForm,
  type ApplicationFormCopy,
} from '@/app/(site)/joinus/_components/ApplicationForm';
import { pickCopy, defaultCopy } from '@/lib/copy/catalogue';
import { APPLICATION_FORM_TEXT_KEYS } from '@/lib/copy/client-keys';
import type { EmailConfig } from '@/lib/mail/emailjs';
import { RESUME_WRONG_TYPE_MESSAGE } from '@/lib/api/contract';
import { RESUME_TOO_LARGE, RESUME_WRONG_TYPE } from '@/lib/submissions/resume';

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

/** The join-us page's texts as the page picks them for the form. */
const texts = pickCopy(defaultCopy('joinUs'), ...APPLICATION_FORM_TEXT_KEYS);

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
  submissions.submitApplication.mockResolvedValue({
    ok: true,
    id: 11,
    message: 'Your application has been received.',
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  emailjs.send.mockReset();
  emailjs.sendForm.mockReset();
  submissions.submitApplication.mockReset();
});

function renderForm(emailConfig: EmailConfig = config) {
  renderInSite(
    <>
      <h2 id="application-title">Tell us About Yourself !</h2>
      <ApplicationForm
        emailConfig={emailConfig}
        contactEmail="club@example.org"
        copy={copy}
        texts={texts}
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
    expect(submissions.submitApplication).not.toHaveBeenCalled();
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

  it('stores the application, then sends the form to the admin template, then the auto-reply', async () => {
    emailjs.sendForm.mockResolvedValue(new EmailJSResponseStatus(200, 'OK'));
    emailjs.send.mockResolvedValue(new EmailJSResponseStatus(200, 'OK'));
    renderForm();
    const user = await fillAndSubmit();
    await user.click(screen.getByRole('button', { name: 'Yes, submit' }));

    await waitFor(() => expect(window.alert).toHaveBeenCalledWith(texts.success));
    // The server gets the form's own fields, resume included, before any email goes out.
    const stored = submissions.submitApplication.mock.calls[0]?.[0] as FormData;
    expect(stored).toBeInstanceOf(FormData);
    expect(stored.get('applicant_name')).toBe('Mei Lin');
    expect(stored.get('applicant_email')).toBe('mei@example.org');
    expect(stored.get('position')).toBe('Marketing Associate');
    // jsdom builds FormData from its own file list, which user.upload does not fill: the file
    // itself reaching the server is checked end to end.
    expect(stored.has('resume_file')).toBe(true);
    expect(submissions.submitApplication.mock.invocationCallOrder[0]).toBeLessThan(
      emailjs.sendForm.mock.invocationCallOrder[0]!,
    );
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
    expect(screen.getByRole('status')).toHaveTextContent(texts.success);
    expect(screen.getByLabelText(/Name/)).toHaveValue('');
    expect(screen.getByLabelText(/Email/)).toHaveValue('');
    expect(screen.getByLabelText(/Position Applying For/)).toHaveValue('');
  });

  it('says the stored application was received when the admin send fails, without the auto-reply', async () => {
    emailjs.sendForm.mockRejectedValue(new EmailJSResponseStatus(500, 'Server error'));
    renderForm();
    const user = await fillAndSubmit();
    await user.click(screen.getByRole('button', { name: 'Yes, submit' }));

    const text =
      'Your application has been received. The email about it could not be sent, but the club has your application and will reply to you by email.';
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith(text));
    expect(emailjs.send).not.toHaveBeenCalled();
    expect(window.alert).toHaveBeenCalledOnce();
    expect(screen.getByRole('status')).toHaveTextContent(text);
    expect(screen.getByLabelText(/Name/)).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Submit' })).not.toHaveAttribute('aria-disabled');
  });

  it("shows the server's refusal beside the resume, sends no email and keeps the answers", async () => {
    submissions.submitApplication.mockResolvedValue({
      ok: false,
      status: 400,
      message: RESUME_WRONG_TYPE_MESSAGE,
      fieldErrors: { resume_file: RESUME_WRONG_TYPE_MESSAGE },
    });
    renderForm();
    const user = await fillAndSubmit();
    await user.click(screen.getByRole('button', { name: 'Yes, submit' }));

    const summary = `Failed to send application. Please try again later. ${RESUME_WRONG_TYPE_MESSAGE}`;
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith(summary));
    expect(screen.getByRole('status')).toHaveTextContent(summary);
    expect(emailjs.sendForm).not.toHaveBeenCalled();
    expect(emailjs.send).not.toHaveBeenCalled();
    const resume = screen.getByLabelText(/Upload Resume/) as HTMLInputElement;
    expect(resume).toHaveAttribute('aria-invalid', 'true');
    expect(resume).toHaveAccessibleDescription(
      `PDF, DOC or DOCX, up to 5 MB. ${RESUME_WRONG_TYPE_MESSAGE}`,
    );
    expect(resume).toHaveFocus();
    expect(resume.files?.[0]?.name).toBe('mei-lin-resume.pdf');
    expect(screen.getByLabelText(/Name/)).toHaveValue('Mei Lin');
    expect(screen.getByLabelText(/Position Applying For/)).toHaveValue('Marketing Associate');

    // Choosing another file clears the server's verdict on the old one.
    await user.upload(resume, pdf('other.pdf'));
    expect(resume).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('says the application went through when only the auto-reply fails, and resets', async () => {
    emailjs.sendForm.mockResolvedValue(new EmailJSResponseStatus(200, 'OK'));
    emailjs.send.mockRejectedValue(new EmailJSResponseStatus(429, 'Too many requests'));
    renderForm();
    const user = await fillAndSubmit();
    await user.click(screen.getByRole('button', { name: 'Yes, submit' }));

    await waitFor(() => expect(window.alert).toHaveBeenCalledWith(texts.replyFailed));
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

  it('still stores the application when email is not set up, and says no email is sent', async () => {
    renderForm({ ...config, templates: { ...config.templates, applicationAdmin: null } });
    expect(screen.getByRole('note')).toHaveTextContent(
      'Email sending is not set up on this site yet: your application is still received and stored for the club, but no email is sent. You can also email your resume to club@example.org.',
    );
    const user = await fillAndSubmit();
    await user.click(screen.getByRole('button', { name: 'Yes, submit' }));
    await waitFor(() =>
      expect(window.alert).toHaveBeenCalledWith(
        'Your application has been received. Emails are not sent from this site yet, but the club has your application and will reply to you by email.',
      ),
    );
    expect(submissions.submitApplication).toHaveBeenCalledOnce();
    expect(emailjs.sendForm).not.toHaveBeenCalled();
    expect(emailjs.send).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/Name/)).toHaveValue('');
  });
});
