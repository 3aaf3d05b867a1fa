import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  SponsorCard,
  type SponsorCardData,
} from '@/app/(site)/partnerships/_components/SponsorCard';
import {
  collapsedDescription,
  SponsorDescription,
} from '@/app/(site)/partnerships/_components/SponsorDescription';

/** A description of exactly `length` characters that ends in a recognisable way. */
function description(length: number): string {
  return `${'Bubble tea for every member. '.repeat(10)}`.slice(0, length - 3) + 'END';
}

const sponsor: SponsorCardData = {
  name: 'Maple Dragon Bubble Tea',
  logo_img: '/media/sponsors/maple-dragon-bubble-tea.svg',
  description: 'Members get 15% off every drink.',
  Link: 'https://example.org/maple-dragon',
  instagram: null,
};

describe('collapsedDescription', () => {
  it('keeps a description of exactly 150 characters whole', () => {
    expect(collapsedDescription(description(150))).toBeNull();
  });

  it('cuts a description of 151 characters to 147 plus an ellipsis', () => {
    const text = description(151);
    const collapsed = collapsedDescription(text);
    expect(collapsed).toBe(`${text.slice(0, 147)}...`);
    expect(collapsed).toHaveLength(150);
  });
});

describe('SponsorDescription', () => {
  it('shows a description of 150 characters whole, with no toggle', () => {
    const text = description(150);
    render(<SponsorDescription text={text} />);
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('collapses a longer description and toggles it with Show more / Show less', async () => {
    const user = userEvent.setup();
    const text = description(151);
    render(<SponsorDescription text={text} />);
    const paragraph = screen.getByText(`${text.slice(0, 147)}...`);
    const toggle = screen.getByRole('button', { name: 'Show more' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', paragraph.id);

    await user.click(toggle);
    expect(paragraph).toHaveTextContent(text);
    expect(toggle).toHaveAccessibleName('Show less');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    await user.click(toggle);
    expect(paragraph).toHaveTextContent(`${text.slice(0, 147)}...`);
    expect(toggle).toHaveAccessibleName('Show more');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('SponsorCard', () => {
  it('shows logo, name, description and a Learn more link opening a new tab', () => {
    render(<SponsorCard sponsor={sponsor} />);
    expect(screen.getByRole('heading', { name: 'Maple Dragon Bubble Tea' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Maple Dragon Bubble Tea logo' })).toHaveAttribute(
      'src',
      '/media/sponsors/maple-dragon-bubble-tea.svg',
    );
    expect(screen.getByText('Members get 15% off every drink.')).toBeInTheDocument();
    const learnMore = screen.getByRole('link', {
      name: 'Learn more about Maple Dragon Bubble Tea (opens in a new tab)',
    });
    expect(learnMore).toHaveAttribute('href', 'https://example.org/maple-dragon');
    expect(learnMore).toHaveAttribute('target', '_blank');
    expect(learnMore).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.queryByRole('link', { name: /Instagram/ })).toBeNull();
  });

  it('shows the Instagram link icon when the sponsor has one', () => {
    render(
      <SponsorCard
        sponsor={{ ...sponsor, instagram: 'https://www.instagram.com/mapledragontea' }}
      />,
    );
    const instagram = screen.getByRole('link', {
      name: 'Maple Dragon Bubble Tea on Instagram (opens in a new tab)',
    });
    expect(instagram).toHaveAttribute('href', 'https://www.instagram.com/mapledragontea');
    expect(instagram).toHaveAttribute('target', '_blank');
    expect(instagram).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('has no Learn more without a link and no description paragraph without a description', () => {
    render(<SponsorCard sponsor={{ ...sponsor, Link: null, description: null }} />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByTestId('sponsor-card').querySelector('p')).toBeNull();
  });
});
