import { readFileSync } from 'node:fs';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PolicyContent } from '@/app/(site)/privacy-policy/_components/PolicyContent';
import { applyPerspective, parseNdjson, resolveExportedAssets } from '@/lib/content/bundled';
import type { PrivacyPolicyContent } from '@/lib/content';

function bundledPolicy(): PrivacyPolicyContent {
  // Read from the file itself: the site's reader takes the server's settings, which a DOM test
  // (a browser's window) may not read.
  const documents = applyPerspective(
    resolveExportedAssets(parseNdjson(readFileSync('studio/dataset/production.ndjson', 'utf8'))),
    'published',
  );
  const document = documents.find(({ _id }) => _id === 'privacyPolicy');
  if (!document) throw new Error('The bundled dataset has no privacy policy');
  return document as unknown as PrivacyPolicyContent;
}

describe('PolicyContent', () => {
  it('renders the ten sections of the bundled policy as h2 headings, in order', () => {
    render(<PolicyContent policy={bundledPolicy()} />);
    expect(
      screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
    ).toEqual([
      '1. Information we collect',
      '2. How we use your information',
      '3. Consent',
      '4. Cookies',
      '5. Third-party services',
      '6. Data storage and security',
      '7. Disclosure of information',
      '8. Your rights',
      '9. Contact us',
      '10. Updates to this policy',
    ]);
  });

  it('shows the effective date as a readable date with its machine-readable value', () => {
    render(<PolicyContent policy={bundledPolicy()} />);
    const effective = screen.getByText(/^Effective date:/);
    expect(effective).toHaveTextContent('Effective date: January 1, 2025');
    expect(within(effective).getByText('January 1, 2025')).toHaveAttribute(
      'datetime',
      '2025-01-01',
    );
  });

  it('renders lists and links of the Portable Text', () => {
    render(<PolicyContent policy={bundledPolicy()} contactEmail="tcsa.telfer@gmail.com" />);
    // The bundled policy's one list: what is collected (with the membership's data since erasure
    // reaches it).
    expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(4);
    expect(screen.getByRole('link', { name: 'tcsa.telfer@gmail.com' })).toHaveAttribute(
      'href',
      'mailto:tcsa.telfer@gmail.com',
    );
  });

  it("shows the site settings' contact email where the text refers to it, never a copy of it", () => {
    const policy = bundledPolicy();
    // The address lives in one field: the policy's text only points at it.
    expect(JSON.stringify(policy)).not.toContain('@');
    render(<PolicyContent policy={policy} contactEmail="club@example.org" />);
    expect(screen.getByRole('link', { name: 'club@example.org' })).toHaveAttribute(
      'href',
      'mailto:club@example.org',
    );
    expect(screen.getByText(/email us at/)).toHaveTextContent('email us at club@example.org.');
  });

  it('marks an external link as opening a new tab', () => {
    const policy: PrivacyPolicyContent = {
      title: 'Privacy Policy',
      effectiveDate: '2025-09-01',
      body: [
        {
          _type: 'block',
          _key: 'a',
          style: 'normal',
          markDefs: [{ _type: 'link', _key: 'l', href: 'https://laws-lois.justice.gc.ca/' }],
          children: [{ _type: 'span', _key: 's', text: 'PIPEDA', marks: ['l'] }],
        },
      ],
    };
    render(<PolicyContent policy={policy} />);
    const link = screen.getByRole('link', { name: 'PIPEDA (opens in a new tab)' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByText(/^Effective date:/)).toHaveTextContent('September 1, 2025');
  });
});
