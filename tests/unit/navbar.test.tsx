import { act, fireEvent, screen } from '@testing-library/react';
import { renderInSite } from './support/site-copy';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Navbar } from '@/app/_components/Navbar';

const navigation = vi.hoisted(() => ({ pathname: '/' }));
vi.mock('next/navigation', () => ({ usePathname: () => navigation.pathname }));

beforeEach(() => {
  navigation.pathname = '/';
  Object.defineProperty(window, 'scrollY', { value: 0, writable: true, configurable: true });
});

describe('Navbar', () => {
  it('shows the seven links of the spec in order, and Membership after Join Us', () => {
    renderInSite(<Navbar />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const hrefs = [...nav.querySelectorAll('ul a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      '/',
      '/events',
      '/alumni',
      '/joinus',
      '/membership',
      '/resources',
      '/services',
      '/partnerships',
    ]);
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  });

  it('changes style only after more than 50 px of scroll', () => {
    renderInSite(<Navbar />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    act(() => {
      window.scrollY = 50;
      fireEvent.scroll(window);
    });
    expect(nav).toHaveAttribute('data-scrolled', 'false');
    act(() => {
      window.scrollY = 51;
      fireEvent.scroll(window);
    });
    expect(nav).toHaveAttribute('data-scrolled', 'true');
  });

  it('toggles the menu and closes it on Escape, returning focus to the toggle', async () => {
    const user = userEvent.setup();
    renderInSite(<Navbar />);
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Close menu');
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('closes on a click outside it but not on a click inside it', async () => {
    const user = userEvent.setup();
    renderInSite(
      <>
        <Navbar />
        <p>Page content</p>
      </>,
    );
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    await user.click(toggle);
    await user.click(screen.getByRole('navigation', { name: 'Main' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByText('Page content'));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes when the route changes', async () => {
    const user = userEvent.setup();
    const { rerender } = renderInSite(<Navbar />);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    navigation.pathname = '/events';
    rerender(<Navbar />);
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });
});
