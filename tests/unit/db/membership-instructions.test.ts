import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldLabel } from '@/lib/audit/changes';
import { defaultCopy } from '@/lib/copy/catalogue';
import { auditLog, membershipYears } from '@/lib/db/schema';
import { SEED_ETRANSFER_INSTRUCTIONS } from '@/lib/db/seed/memberships';
import { membershipMailContext, unpaidReminderEmail } from '@/lib/memberships/emails';
import { etransferInstructionsFor, instructionsProblem } from '@/lib/memberships/instructions';
import { applicationReceivedEmail } from '@/lib/memberships/public-emails';
import {
  readEtransferSettings,
  saveYearSettings,
  yearSettingsSchema,
} from '@/lib/memberships/settings';
import { addApplication, addMembershipType, TEST_YEAR } from './support/memberships';
import {
  DATABASE_UNDER_TEST,
  type TestDatabase,
  createTestDatabase,
} from './support/test-database';

/**
 * The year's e-Transfer instructions keep places for the address, the amount and the reference,
 * filled when shown: after a new address in the settings, the join page and the emails name the
 * new one only. And the settings' validation of the instructions and of the days to pay.
 */

const OLD_ADDRESS = 'old.treasurer@example.org';
const NEW_ADDRESS = 'tcsa.payments@example.org';

describe('the e-Transfer instructions’ places', () => {
  it('fills the address, the amount and the reference, or words before anyone applied', () => {
    const settings = {
      etransferAddress: NEW_ADDRESS,
      etransferInstructions: SEED_ETRANSFER_INSTRUCTIONS,
    };
    expect(
      etransferInstructionsFor(settings, {
        amountCents: 2500,
        currency: 'CAD',
        reference: 'M26-ABCDEF',
      }),
    ).toBe(
      `Send an Interac e-Transfer of exactly CA$25.00 to ${NEW_ADDRESS}. Put M26-ABCDEF in the message, and nothing else. Auto-deposit is on, so there is no security question to answer. Our VP Finance checks e-Transfers within three business days and emails you as soon as your membership is active.`,
    );
    expect(
      etransferInstructionsFor(settings, {
        amountWords: 'the price',
        referenceWords: 'your payment reference',
      }),
    ).toContain(
      'of exactly the price to tcsa.payments@example.org. Put your payment reference in the message',
    );
  });

  it('refuses unknown places, and an address or a reference written out', () => {
    expect(instructionsProblem(SEED_ETRANSFER_INSTRUCTIONS)).toBeNull();
    expect(instructionsProblem('Pay {amount} to {address} with {reference}.')).toBeNull();
    expect(instructionsProblem('Plain words only.')).toBeNull();
    expect(instructionsProblem('Send it to {adress}.')).toBe(
      '{adress} is not a placeholder the instructions know: use {address}, {amount}, {reference}.',
    );
    expect(instructionsProblem('Send it to { address }.')).toMatch(/^\{ address \} is not/);
    expect(instructionsProblem('Send it to {Address}.')).toMatch(/^\{Address\} is not/);
    expect(instructionsProblem(`Send it to ${OLD_ADDRESS}.`)).toMatch(/^Write \{address\} instead/);
    expect(instructionsProblem('Write your reference (like M26-7KQ4XW).')).toMatch(
      /^Write \{reference\} instead/,
    );
  });
});

describe('the year’s settings form', () => {
  const parse = (values: Record<string, unknown>) =>
    yearSettingsSchema.safeParse({
      year: '2026',
      etransferAddress: NEW_ADDRESS,
      etransferInstructions: SEED_ETRANSFER_INSTRUCTIONS,
      unpaidApplicationDays: '30',
      acceptingApplications: true,
      ...values,
    });
  const errors = (values: Record<string, unknown>) => {
    const parsed = parse(values);
    return parsed.success
      ? {}
      : Object.fromEntries(parsed.error.issues.map((i) => [i.path[0], i.message]));
  };

  it('takes 1 to 365 whole days to pay', () => {
    expect(parse({ unpaidApplicationDays: ' 45 ' }).data?.unpaidApplicationDays).toBe(45);
    expect(parse({ unpaidApplicationDays: '1' }).data?.unpaidApplicationDays).toBe(1);
    expect(parse({ unpaidApplicationDays: '365' }).data?.unpaidApplicationDays).toBe(365);
    const message = 'Days to pay must be a whole number of days from 1 to 365.';
    for (const wrong of ['0', '366', '2.5', '-3', 'thirty', '', '1e2']) {
      expect(errors({ unpaidApplicationDays: wrong }), wrong).toEqual({
        unpaidApplicationDays: message,
      });
    }
    expect(errors({ unpaidApplicationDays: undefined })).toEqual({
      unpaidApplicationDays: 'Days to pay are required.',
    });
  });

  it('refuses instructions with an unknown place, on the instructions field', () => {
    expect(errors({ etransferInstructions: 'Pay {amout} please.' })).toEqual({
      etransferInstructions:
        '{amout} is not a placeholder the instructions know: use {address}, {amount}, {reference}.',
    });
  });
});

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
  await database.db.insert(membershipYears).values({
    year: TEST_YEAR,
    etransferAddress: OLD_ADDRESS,
    etransferInstructions: SEED_ETRANSFER_INSTRUCTIONS,
  });
});
afterAll(async () => {
  await database.dispose();
});

describe(`a new e-Transfer address (${DATABASE_UNDER_TEST})`, () => {
  it('shows the new address only, on the join page and in the emails', async () => {
    const type = await addMembershipType(database.db, { priceCents: 2500 });
    const application = await addApplication(database.db, type, { paymentReference: 'M26-7KQ4XW' });
    const saved = await saveYearSettings(
      database.db,
      { id: null, name: 'Grace Wu' },
      {
        year: TEST_YEAR,
        etransferAddress: NEW_ADDRESS,
        etransferInstructions: SEED_ETRANSFER_INSTRUCTIONS,
        unpaidApplicationDays: 21,
        acceptingApplications: true,
      },
    );
    expect(saved.ok).toBe(true);

    // The join page, before anyone applied.
    const settings = await readEtransferSettings(database.db, TEST_YEAR);
    const texts = defaultCopy('membership');
    const joinPage = etransferInstructionsFor(settings!, {
      amountWords: texts.payAmountWords,
      referenceWords: texts.payReferenceWords,
    });
    expect(settings!.etransferAddress).toBe(NEW_ADDRESS);
    expect(joinPage).toContain(`to ${NEW_ADDRESS}.`);
    expect(joinPage).toContain('Put your payment reference in the message');
    expect(joinPage).not.toContain(OLD_ADDRESS);
    expect(joinPage).not.toMatch(/\{\w+\}/);

    // The emails: the applicant's own amount and reference.
    const context = await membershipMailContext(database.db, application.id);
    expect(context!.etransferInstructions).toContain(
      `of exactly CA$25.00 to ${NEW_ADDRESS}. Put M26-7KQ4XW in the message`,
    );
    for (const email of [
      await applicationReceivedEmail(context!),
      await unpaidReminderEmail(context!, { cancelAt: new Date('2026-12-01T17:00:00Z') }),
    ]) {
      for (const body of [email.text, email.html]) {
        expect(body).toContain(NEW_ADDRESS);
        expect(body).not.toContain(OLD_ADDRESS);
        expect(body).not.toMatch(/\{(address|amount|reference)\}/);
      }
    }

    const [year] = await database.db
      .select()
      .from(membershipYears)
      .where(eq(membershipYears.year, TEST_YEAR));
    expect(year!.unpaidApplicationDays).toBe(21);
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'membership.settings'));
    expect(entry!.before).toMatchObject({
      etransferAddress: OLD_ADDRESS,
      unpaidApplicationDays: 30,
    });
    expect(entry!.after).toMatchObject({
      etransferAddress: NEW_ADDRESS,
      unpaidApplicationDays: 21,
    });
    // The audit log names the fields as the form does.
    expect(
      ['etransferAddress', 'unpaidApplicationDays'].map((key) => fieldLabel('membershipYear', key)),
    ).toEqual(['e-Transfer address', 'Days to pay']);
  });
});
