import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Footer } from '@/app/_components/Footer';
import type { SocialBadge } from '@/lib/site/constants';

const badges: SocialBadge[] = [
  {
    platform: 'short-video',
    label: 'TCSA on Douyin',
    handle: '@tcsa',
    link: 'https://example.org/v',
  },
  { platform: 'chat', label: 'TCSA on WeChat', handle: 'TCSA_WX', link: '' },
  {
    platform: 'lifestyle',
    label: 'TCSA on RED',
    handle: '@tcsa_red',
    link: 'https://example.org/r',
  },
];

describe('Footer', () => {
  it('lists the eight links with their labels, then the plain Terms of Service text', () => {
    render(<Footer badges={badges} />);
    const nav = screen.getByRole('navigation', { name: 'Footer' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['TCSA', '/'],
      ['Events', '/events'],
      ['Alumni', '/alumni'],
      ['Join Us', '/joinus'],
      ['Membership', '/membership'],
      ['Resources', '/resources'],
      ['Services', '/services'],
      ['Partnerships', '/partnerships'],
      ['Privacy Policy', '/privacy-policy'],
    ]);
    const terms = within(nav).getByText('Terms of Service');
    expect(terms.closest('a')).toBeNull();
    expect(screen.getByText('© 2025 TCSA')).toBeInTheDocument();
  });

  it('opens linked badges in a new tab and renders a badge without a link as plain text', () => {
    render(<Footer badges={badges} />);
    const social = screen.getByRole('list', { name: 'Social media' });
    const links = within(social).getAllByRole('link');
    expect(links).toHaveLength(2);
    for (const link of links) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(within(social).getByText('TCSA_WX').closest('a')).toBeNull();
  });
});
