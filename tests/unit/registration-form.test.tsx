import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const emailjs = vi.hoisted(() => ({ send: vi.fn(), sendForm: vi.fn() }));
vi.mock('@emailjs/browser', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@emailjs/browser')>();
  return { ...actual, default: { ...actual.default, ...emailjs } };
});

import { RegistrationForm } from '@/app/(site)/events/[id]/RegistrationForm';
import type { EmailConfig } from '@/lib/mail/emailjs';
import { defaultCopy, pickCopy } from '@/lib/copy/catalogue';
import { REGISTRATION_FORM_COPY_KEYS } from '@/lib/copy/client-keys';

/** The event page's texts as the page picks them for the form. */
const EVENT = pickCopy(defaultCopy('event'), ...REGISTRATION_FORM_COPY_KEYS);

const TOKEN = 'b'.repeat(64);

const config: EmailConfig = {
  publicKey: 'pk',
  serviceId: 'svc',
  templates: {
    contact: null,
    applicationAdmin: null,
    applicationReply: null,
    registrationAdmin: 'tpl-admin',
    registrationConfirm: 'tpl-confirm',
    services: null,
  },
  blockList: [],
  rateLimitMs: null,
};

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  document.cookie = `csrftoken=${TOKEN}; path=/`;
  vi.stubGlobal('fetch', fetchMock);
  emailjs.send.mockResolvedValue({ status: 200, text: 'OK' });
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  emailjs.send.mockReset();
  vi.restoreAllMocks();
});

function renderForm() {
  render(
    <RegistrationForm
      titleId="registration-title"
      eventId={9}
      eventTitle="Dumpling Making Workshop 包饺子"
      eventDate="Friday, March 5, 2027 at 4:00 PM Ottawa time (ET)"
      emailConfig={config}
      copy={EVENT}
    />,
  );
}

async function fillIn() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/First Name/), 'Wei');
  await user.type(screen.getByLabelText(/Last Name/), 'Zhang');
  await user.type(screen.getByLabelText(/Email/), 'wei.zhang@example.org');
  return user;
}

describe('RegistrationForm', () => {
  it('has the three required fields, an email field and an empty live region from the start', () => {
    renderForm();
    expect(screen.getByRole('form', { name: 'Register for this Event' })).toBeInTheDocument();
    for (const label of [/First Name/, /Last Name/, /Email/]) {
      expect(screen.getByLabelText(label)).toBeRequired();
    }
    expect(screen.getByLabelText(/Email/)).toHaveAttribute('type', 'email');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it("shows 'Registering...' with the button disabled, then success, clears the fields and sends both emails", async () => {
    let answer: (response: Response) => void = () => {};
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderForm();
    const user = await fillIn();
    await user.click(screen.getByRole('button', { name: 'Register' }));

    const button = screen.getByRole('button', { name: 'Registering...' });
    expect(button).toBeDisabled();
    // The form first asked for the places left; then it registered.
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/events/9/availability/');
    const [url, init] = fetchMock.mock.calls.find(([target]) =>
      String(target).endsWith('/register/'),
    )!;
    expect(url).toBe('/api/events/9/register/');
    expect(init?.headers).toMatchObject({ 'X-CSRFToken': TOKEN });

    await act(async () => answer(new Response('{}', { status: 201 })));
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent(
      'Registration successful! You are now registered for this event.',
    );
    expect(status).toHaveAttribute('data-tone', 'success');
    expect(screen.getByRole('button', { name: 'Register' })).toBeEnabled();
    expect(screen.getByLabelText(/First Name/)).toHaveValue('');
    expect(screen.getByLabelText(/Email/)).toHaveValue('');

    await vi.waitFor(() => expect(emailjs.send).toHaveBeenCalledTimes(2));
    expect(emailjs.send).toHaveBeenCalledWith(
      'svc',
      'tpl-admin',
      {
        first_name: 'Wei',
        last_name: 'Zhang',
        email: 'wei.zhang@example.org',
        event_title: 'Dumpling Making Workshop 包饺子',
        event_date: 'Friday, March 5, 2027 at 4:00 PM Ottawa time (ET)',
      },
      expect.objectContaining({ publicKey: 'pk' }),
    );
    expect(emailjs.send).toHaveBeenCalledWith(
      'svc',
      'tpl-confirm',
      {
        first_name: 'Wei',
        email: 'wei.zhang@example.org',
        event_title: 'Dumpling Making Workshop 包饺子',
        event_date: 'Friday, March 5, 2027 at 4:00 PM Ottawa time (ET)',
        // This answer carried no manage link.
        manage_url: '',
      },
      expect.objectContaining({ publicKey: 'pk' }),
    );
  });

  it("shows 'Registration failed: ' and the server's error, keeps the fields and sends no email", async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ error: 'Registration is closed for this event.' }), {
        status: 409,
      }),
    );
    renderForm();
    const user = await fillIn();
    await user.click(screen.getByRole('button', { name: 'Register' }));

    const status = screen.getByRole('status');
    await vi.waitFor(() =>
      expect(status).toHaveTextContent(
        'Registration failed: Registration is closed for this event.',
      ),
    );
    expect(status).toHaveAttribute('data-tone', 'error');
    expect(screen.getByLabelText(/Email/)).toHaveValue('wei.zhang@example.org');
    expect(emailjs.send).not.toHaveBeenCalled();
  });

  it('says a person registered already is, with their link emailed again, not as a failure', async () => {
    fetchMock.mockResolvedValue(
      Response.json(
        {
          error: 'You are already registered: we have emailed your link again.',
          code: 'already_registered',
        },
        { status: 409 },
      ),
    );
    renderForm();
    const user = await fillIn();
    await user.click(screen.getByRole('button', { name: 'Register' }));

    const status = screen.getByRole('status');
    await vi.waitFor(() =>
      expect(status).toHaveTextContent(
        /^You are already registered: we have emailed your link again\.$/,
      ),
    );
    expect(status).toHaveAttribute('data-tone', 'success');
    expect(screen.queryByRole('link', { name: /manage/i })).toBeNull();
    expect(emailjs.send).not.toHaveBeenCalled();
  });

  it('still shows success when an email cannot be sent', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    emailjs.send.mockRejectedValue({ status: 500, text: 'Server error' });
    fetchMock.mockResolvedValue(new Response('{}', { status: 201 }));
    renderForm();
    const user = await fillIn();
    await user.click(screen.getByRole('button', { name: 'Register' }));

    await vi.waitFor(() => expect(emailjs.send).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => expect(console.warn).toHaveBeenCalledTimes(2));
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent(
      'Registration successful! You are now registered for this event.',
    );
    expect(status).toHaveAttribute('data-tone', 'success');
  });

  it('says the places left, the waitlist, the opening time, or closed (and then refuses to send)', async () => {
    const answerWith = (body: object) =>
      fetchMock.mockImplementation(async () => Response.json(body));
    const base = {
      capacity: 12,
      opens_at: null,
      member_registration_opens_at: null,
      requires_review: false,
    };

    answerWith({ ...base, state: 'general_registration_open', places_left: 3 });
    const { unmount } = render(
      <RegistrationForm
        titleId="t"
        eventId={9}
        eventTitle="Case Competition Bootcamp"
        eventDate="Friday, March 5, 2027 at 4:00 PM Ottawa time (ET)"
        emailConfig={config}
        copy={EVENT}
      />,
    );
    expect(await screen.findByText('3 places left')).toBeInTheDocument();
    unmount();

    const cases: Array<[object, string, boolean]> = [
      [{ ...base, state: 'general_registration_open', places_left: 1 }, '1 place left', true],
      [{ ...base, state: 'waitlist_only', places_left: 0 }, 'Waitlist only', true],
      [{ ...base, state: 'registration_closed', places_left: 0 }, 'Event full', false],
      [
        { ...base, state: 'coming_soon', places_left: 12, opens_at: '2027-03-01T14:00:00.000Z' },
        'Registration opens Monday, March 1, 2027 at 9:00 AM Ottawa time (ET)',
        false,
      ],
      [{ ...base, state: 'registration_closed', places_left: 12 }, 'Registration closed', false],
      [{ ...base, state: 'completed', places_left: 12 }, 'Registration closed', false],
    ];
    for (const [body, text, sendable] of cases) {
      answerWith(body);
      const rendered = render(
        <RegistrationForm
          titleId="t"
          eventId={9}
          eventTitle="Case Competition Bootcamp"
          eventDate="Friday, March 5, 2027 at 4:00 PM Ottawa time (ET)"
          emailConfig={config}
          copy={EVENT}
        />,
      );
      expect(await screen.findByText(text)).toBeInTheDocument();
      const button = screen.getByRole('button', { name: 'Register' });
      if (sendable) expect(button).toBeEnabled();
      else expect(button).toBeDisabled();
      rendered.unmount();
    }
  });

  it('after a waitlisted registration: the server’s words and the manage link', async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input).endsWith('/availability/')
        ? Response.json({
            state: 'waitlist_only',
            capacity: 1,
            places_left: 0,
            opens_at: null,
            requires_review: false,
          })
        : Response.json(
            {
              message:
                'Registration successful! This event is full, so you are on the waitlist (position 2). We will email you if a place opens up.',
              registration: {
                id: 5,
                status: 'waitlisted',
                manage_url: `http://localhost:3000/registrations/${'x'.repeat(43)}`,
                waitlist_position: 2,
              },
            },
            { status: 201 },
          ),
    );
    renderForm();
    const user = await fillIn();
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Registration successful! This event is full, so you are on the waitlist (position 2). We will email you if a place opens up.',
    );
    expect(screen.getByRole('link', { name: 'See or cancel your registration' })).toHaveAttribute(
      'href',
      `/registrations/${'x'.repeat(43)}`,
    );
    await vi.waitFor(() => expect(emailjs.send).toHaveBeenCalledTimes(2));
    const confirm = emailjs.send.mock.calls.find((call) => call[1] === 'tpl-confirm')!;
    expect(confirm[2]).toMatchObject({
      manage_url: `http://localhost:3000/registrations/${'x'.repeat(43)}`,
    });
  });
});

describe('RegistrationForm for members', () => {
  const memberWindow = {
    state: 'member_registration_open',
    capacity: 30,
    places_left: 10,
    member_places_left: 10,
    public_places_left: 20,
    member_registration_opens_at: '2027-02-20T14:00:00.000Z',
    opens_at: '2027-03-01T14:00:00.000Z',
    closes_at: null,
    members_only: false,
    requires_review: false,
    waitlist_enabled: true,
    asks_member_id: true,
    open_to_everyone: false,
  };

  function renderWith(body: object) {
    fetchMock.mockImplementationOnce(async () => Response.json(body));
    renderForm();
  }

  it("in the member window: 'Members only until …', and a non-member waits with the button disabled", async () => {
    renderWith(memberWindow);
    expect(
      await screen.findByText(/Members only until Monday, March 1, 2027 at 9:00 AM/),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'I am not a member' })).toBeChecked();
    expect(screen.queryByLabelText(/Member ID/)).not.toBeInTheDocument();
    expect(screen.getByTestId('registration-non-member')).toHaveTextContent(
      'Registration opens to everyone on Monday, March 1, 2027 at 9:00 AM',
    );
    expect(screen.getByRole('button', { name: 'Register' })).toBeDisabled();
  });

  it('the member choice shows the member ID field with its hint, and sends member_id', async () => {
    renderWith(memberWindow);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'I am a member' }));
    const memberId = screen.getByLabelText(/Member ID/);
    expect(memberId).toBeRequired();
    expect(memberId).toHaveAccessibleDescription(/e\.g\. TCSA-26-0001/);
    const button = screen.getByRole('button', { name: 'Register' });
    expect(button).toBeEnabled();

    await user.type(screen.getByLabelText(/First Name/), 'Wei');
    await user.type(screen.getByLabelText(/Last Name/), 'Zhang');
    await user.type(screen.getByLabelText(/^Email/), 'wzhan123@uottawa.ca');
    await user.type(memberId, 'TCSA-26-0001');
    fetchMock.mockImplementation(async () =>
      Response.json(
        { message: 'Registered', status: 'confirmed', manage_url: null, waitlist_position: null },
        { status: 201 },
      ),
    );
    await user.click(button);
    const registerCall = fetchMock.mock.calls.find(([url]) => String(url).includes('/register/'));
    expect(registerCall).toBeDefined();
    expect(JSON.parse(String(registerCall?.[1]?.body))).toMatchObject({
      email: 'wzhan123@uottawa.ca',
      member_id: 'TCSA-26-0001',
    });
  });

  it('a members-only event shows the member ID field always, without a choice', async () => {
    renderWith({
      ...memberWindow,
      state: 'general_registration_open',
      members_only: true,
      opens_at: null,
      public_places_left: 0,
      open_to_everyone: false,
    });
    expect(await screen.findByLabelText(/Member ID/)).toBeRequired();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.getByText(/This event is for members only/)).toBeInTheDocument();
  });

  it('once everyone may register and no member place is left, asks no member ID', async () => {
    renderWith({
      ...memberWindow,
      state: 'general_registration_open',
      member_places_left: 0,
      asks_member_id: false,
      open_to_everyone: true,
    });
    expect(await screen.findByText('10 places left')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Register' })).toBeEnabled();
  });

  it('in the member window with every member place taken, a member joins the waitlist with their ID', async () => {
    renderWith({
      ...memberWindow,
      state: 'waitlist_only',
      places_left: 0,
      member_places_left: 0,
    });
    expect(
      await screen.findByText(
        /^Members only until Monday, March 1, 2027 at 9:00 AM.*\. Waitlist only$/,
      ),
    ).toBeInTheDocument();
    // A non-member waits for the public opening, as before the places ran out.
    expect(screen.getByRole('radio', { name: 'I am not a member' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Register' })).toBeDisabled();
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'I am a member' }));
    expect(screen.getByLabelText(/Member ID/)).toBeRequired();
    expect(screen.getByRole('button', { name: 'Register' })).toBeEnabled();
  });

  it('a form the server says is closed asks for nothing', async () => {
    renderWith({ ...memberWindow, state: 'registration_closed', places_left: 0 });
    expect(await screen.findByText('Event full')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Member ID/)).not.toBeInTheDocument();
  });
});
