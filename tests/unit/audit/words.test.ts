import { describe, expect, it } from 'vitest';
import { addressWords } from '@/lib/audit/addresses';
import { browserWords } from '@/lib/audit/browsers';
import {
  changedFields,
  changeLineText,
  entryRecordName,
  type RecordNames,
} from '@/lib/audit/changes';
import { clubDayWords, membershipYearWords, termWords } from '@/lib/audit/value-words';

const NOW = new Date('2026-11-25T15:00:00Z');
const lines = (...args: Parameters<typeof changedFields>) =>
  changedFields(...args).map(changeLineText);

const NAMES: RecordNames = {
  payments: new Map([['7', 'Interac e-Transfer of CA$30.00 received Tue 24 Nov']]),
  refunds: new Map([['3', 'Refund of CA$30.00 recorded Wed 25 Nov']]),
  types: new Map([['2', 'Regular (2026–27)']]),
  questions: new Map([['5', '“Dietary needs”']]),
  registrations: new Map([['12', 'Ana Li']]),
  memberships: new Map([['4', 'Guo Xiaoming (TCSA-26-0004)']]),
};

/** Nothing a person should not have to decode: cents, ids, ISO dates, raw JSON. */
function expectInWords(text: string[]) {
  const all = text.join('\n');
  expect(all).not.toMatch(/cents/i);
  expect(all).not.toMatch(/\bId:/);
  expect(all).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  expect(all).not.toMatch(/[{}"]/);
}

describe('the audit log’s values in words', () => {
  it('says a payment recorded with its amount, method, date and state in words', () => {
    const recorded = lines(
      'membership',
      null,
      {
        paymentId: 7,
        amountCents: 3000,
        owedCents: 3000,
        method: 'etransfer',
        receivedOn: '2026-11-24',
        transactionReference: 'CA8812',
        state: 'recorded',
        problem: null,
      },
      NAMES,
      NOW,
    );
    expect(recorded).toEqual([
      'Payment: Interac e-Transfer of CA$30.00 received Tue 24 Nov',
      'Method: Interac e-Transfer',
      'Amount: CA$30.00',
      'Owed: CA$30.00',
      'Received on: Tue 24 Nov',
      'Transaction reference: CA8812',
      'State: Recorded, to confirm',
    ]);
    expectInWords(recorded);
  });

  it('reads a status move that brings new facts as facts, not as values made from nothing', () => {
    const refunded = lines(
      'membership',
      { status: 'active' },
      {
        status: 'refunded',
        reason: 'Refunded by finance; the membership ended with the refund.',
        refundId: 3,
        amountCents: 3000,
        refundedOn: '2026-11-24',
        refundReason: 'Leaving Ottawa',
        memberId: 'TCSA-26-0004',
      },
      NAMES,
      NOW,
    );
    expect(refunded).toEqual([
      'Member ID: TCSA-26-0004',
      'Refund: Refund of CA$30.00 recorded Wed 25 Nov',
      'Amount: CA$30.00',
      'Refunded on: Tue 24 Nov',
      'Refund reason: Leaving Ottawa',
      'Status: Active → Refunded',
      'Reason: Refunded by finance; the membership ended with the refund.',
    ]);
    expect(refunded.join('\n')).not.toContain('none');
    expectInWords(refunded);
  });

  it('names the refund a change was made to even when it did not change, with the refund’s states', () => {
    expect(
      lines(
        'membership',
        { refundId: 3, state: 'pending', amountCents: 3000 },
        { refundId: 3, state: 'cancelled' },
        NAMES,
        NOW,
      ),
    ).toEqual([
      'Refund: Refund of CA$30.00 recorded Wed 25 Nov',
      'Amount: CA$30.00',
      'State: To send → Cancelled: the bank took its payment back',
    ]);
  });

  it('reads a price change once, in dollars, without the replaced row’s own fields', () => {
    const row = {
      id: 2,
      year: 2026,
      name: 'Regular',
      description: '',
      priceCents: 2500,
      currency: 'CAD',
      saleOpensOn: '2026-08-15',
      saleClosesOn: '2026-12-31',
      validFrom: '2026-09-01',
      validUntil: '2027-08-31',
      sortOrder: 2,
      price: 'CA$25.00',
    };
    const values = {
      name: 'Regular',
      description: '',
      priceCents: 2750,
      saleOpensOn: '2026-08-15',
      saleClosesOn: '2027-01-31',
      validFrom: '2026-09-01',
      validUntil: '2027-08-31',
      price: 'CA$27.50',
    };
    const changed = lines('membershipType', row, values, NAMES, NOW);
    expect(changed).toEqual([
      'Year: 2026–27',
      'Price: CA$25.00 → CA$27.50',
      'Sale closes: Thu 31 Dec → Sun 31 Jan 2027',
    ]);
    expectInWords(changed);
    expect(changed.join('\n')).not.toMatch(/Currency|none/);
  });

  it('names questions, registrations, types and memberships, and says when one is gone', () => {
    expect(lines('event', null, { questionId: 5, question: 'Dietary needs' }, NAMES, NOW)).toEqual([
      'Question: “Dietary needs”',
      'Question: Dietary needs',
    ]);
    expect(lines('event', null, { registrationId: 12, status: 'confirmed' }, NAMES, NOW)).toEqual([
      'Registration: Ana Li',
      'Status: Confirmed',
    ]);
    expect(lines('event', null, { registrationId: 99, status: 'confirmed' }, NAMES, NOW)).toEqual([
      'Registration: a removed registration',
      'Status: Confirmed',
    ]);
    expect(
      lines(
        'membership',
        { paymentId: 8, state: 'confirmed' },
        { paymentId: 8, state: 'reversed' },
      ),
    ).toEqual(['Payment: a payment', 'State: Confirmed → Reversed by the bank']);
    expect(entryRecordName({ recordType: 'membershipType', recordId: '2' }, NAMES)).toBe(
      'Regular (2026–27)',
    );
    expect(entryRecordName({ recordType: 'membershipYear', recordId: '2026' }, NAMES)).toBe(
      '2026–27',
    );
    expect(entryRecordName({ recordType: 'membership', recordId: '4' }, NAMES)).toBe(
      'Guo Xiaoming (TCSA-26-0004)',
    );
  });

  it('reads an export’s filter as words, and the payments confirmed together by name', () => {
    expect(
      lines(
        'membership',
        null,
        {
          rows: 12,
          withMoney: true,
          filter: {
            text: '',
            status: 'active',
            typeId: 2,
            program: null,
            yearOfStudy: null,
            expiringWithinDays: null,
            newThisMonth: true,
          },
        },
        NAMES,
        NOW,
      ),
    ).toEqual([
      'Rows: 12',
      'With payments: yes',
      'Filter: Status: Active, Type: Regular (2026–27), New this month',
    ]);
    expect(
      lines(
        'membership',
        { memberId: null, payments: [{ id: 7, state: 'recorded' }] },
        {
          memberId: 'TCSA-26-0004',
          paymentIds: [7],
          amountCents: 3000,
          transactionReferences: ['CA8812'],
          paymentState: 'confirmed',
        },
        NAMES,
        NOW,
      ),
    ).toEqual([
      'Member ID: none → TCSA-26-0004',
      'Payments: Interac e-Transfer of CA$30.00 received Tue 24 Nov',
      'Payments before: Interac e-Transfer of CA$30.00 received Tue 24 Nov (Recorded, to confirm)',
      'Payment state: Confirmed',
      'Amount: CA$30.00',
      'Transaction references: CA8812',
    ]);
  });

  it('reads a sign-in’s address and browser, and an account invited without its id', () => {
    const names: RecordNames = {
      browsers: new Map([['Mozilla/5.0 (iPhone…)', 'Safari on iPhone']]),
    };
    expect(
      lines(
        'account',
        null,
        {
          ipAddress: '0000:0000:0000:0000:0000:0000:0000:0000',
          userAgent: 'Mozilla/5.0 (iPhone…)',
        },
        names,
      ),
    ).toEqual(['Address: unknown (a local connection)', 'Browser: Safari on iPhone']);
    expect(
      lines('account', null, {
        id: 'k3j2-uuid',
        name: 'Bo Xu',
        email: 'bo@example.org',
        role: 'finance',
      }),
    ).toEqual(['Name: Bo Xu', 'Email: bo@example.org', 'Role: Finance']);
  });

  it('leaves out ids the log has no name for, and writes the days in a reason as the club does', () => {
    expect(lines('account', null, { deviceId: 2, label: 'Chrome on Windows' }, {}, NOW)).toEqual([
      'Device: Chrome on Windows',
    ]);
    expect(
      lines(
        'membership',
        { status: 'active' },
        {
          status: 'suspended',
          reason: 'Two no-shows (suspended from 2026-11-22 until 2027-01-05)',
          suspendedFrom: '2026-11-22',
        },
        {},
        NOW,
      ),
    ).toEqual([
      'Suspended from: Sun 22 Nov',
      'Status: Active → Suspended',
      'Reason: Two no-shows (suspended from Sun 22 Nov until Tue 5 Jan 2027)',
    ]);
    // A member ID is a name, and stays.
    expect(lines('membership', null, { memberId: 'TCSA-26-0004' })).toEqual([
      'Member ID: TCSA-26-0004',
    ]);
  });

  it('writes days, membership years and terms as the club does', () => {
    expect(clubDayWords('2026-11-27', NOW)).toBe('Fri 27 Nov');
    expect(clubDayWords('2027-01-03', NOW)).toBe('Sun 3 Jan 2027');
    expect(clubDayWords('2026-02-30', NOW)).toBe('2026-02-30');
    expect(membershipYearWords(2026)).toBe('2026–27');
    expect(membershipYearWords(2099)).toBe('2099–00');
    expect(termWords('2026-fall')).toBe('Fall 2026');
    expect(lines('event', null, { term: '2027-winter', rows: 9 })).toEqual([
      'Term: Winter 2027',
      'Rows: 9',
    ]);
  });
});

describe('addresses as people read them', () => {
  it('shows IPv4 as it is, and IPv4 over IPv6 as IPv4', () => {
    expect(addressWords('203.0.113.9')).toBe('203.0.113.9');
    expect(addressWords('::ffff:1.2.3.4')).toBe('1.2.3.4');
    expect(addressWords('0000:0000:0000:0000:0000:ffff:c633:6415')).toBe('198.51.100.21');
  });

  it('says a local or missing address is unknown', () => {
    expect(addressWords('::')).toBe('unknown (a local connection)');
    expect(addressWords('::1')).toBe('unknown (a local connection)');
    expect(addressWords('0000:0000:0000:0000:0000:0000:0000:0000')).toBe(
      'unknown (a local connection)',
    );
    expect(addressWords('127.0.0.1')).toBe('unknown (a local connection)');
    expect(addressWords(null)).toBe('unknown');
    expect(addressWords('')).toBe('unknown');
  });

  it('writes IPv6 short, with the /64 network Better Auth keeps', () => {
    expect(addressWords('2001:0db8:0085:0000:0000:0000:0000:0000')).toBe('2001:db8:85::/64');
    expect(addressWords('2001:DB8::8a2e:370:7334')).toBe('2001:db8::8a2e:370:7334');
    expect(addressWords('fe80:0:0:0:1:0:0:1')).toBe('fe80::1:0:0:1');
    expect(addressWords('not an address')).toBe('not an address');
  });
});

describe('browsers as people say them', () => {
  it('names the browser and the device', () => {
    expect(
      browserWords(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
      ),
    ).toBe('Chrome on Android');
    expect(
      browserWords(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iPhone');
    expect(
      browserWords(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      ),
    ).toBe('Safari on Mac');
    expect(
      browserWords(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0',
      ),
    ).toBe('Firefox on Windows');
    expect(
      browserWords(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49(0x18003129) NetType/WIFI Language/zh_CN',
      ),
    ).toBe('WeChat on iPhone');
    expect(
      browserWords(
        'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome on Android tablet');
  });

  it('says so when nothing is recognised', () => {
    expect(browserWords('curl/8.5.0')).toBe('an unknown browser');
    expect(browserWords(null)).toBe('an unknown browser');
  });
});
