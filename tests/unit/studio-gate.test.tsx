import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StudioGate } from '@/app/(studio)/studio/[[...tool]]/StudioGate';

// next/font runs in the Next.js build only: the class that carries the site's font is enough here.
vi.mock('@/app/_fonts/fonts', () => ({ poppins: { variable: 'site-font-poppins' } }));

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The screen shows the club's mark and is set in the site's font. */
function expectBranded(screenElement: HTMLElement) {
  expect(screenElement).toHaveClass('site-font-poppins');
  expect(screenElement.querySelector('svg circle')).not.toBeNull();
  expect(screenElement).toHaveTextContent('TCSA content studio');
}

function gate() {
  return render(
    <StudioGate projectId="abc123" apiVersion="2025-10-01">
      <p>The studio</p>
    </StudioGate>,
  );
}

describe('StudioGate', () => {
  it('opens the Studio once its project answers, even "not signed in"', async () => {
    const fetch = vi.fn().mockResolvedValue(new Response('{}', { status: 401 }));
    vi.stubGlobal('fetch', fetch);
    gate();
    expect(screen.getByRole('status')).toHaveTextContent('Opening the content studio');
    expectBranded(
      screen.getByRole('status').closest<HTMLElement>('[data-studio-screen="opening"]')!,
    );
    expect(await screen.findByText('The studio')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith(
      'https://abc123.api.sanity.io/v2025-10-01/users/me',
      expect.objectContaining({ credentials: 'include' }),
    );
  });

  it('says in words that the project cannot be reached, and tries again on request', async () => {
    const fetch = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue(new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    gate();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The content studio cannot reach Sanity');
    expect(alert).toHaveTextContent('abc123');
    expectBranded(alert.closest<HTMLElement>('[data-studio-screen="unreachable"]')!);
    expect(alert).toHaveTextContent('the public site keeps showing the last texts it read');
    expect(screen.queryByText('The studio')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByText('The studio')).toBeInTheDocument());
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('gives up after its timeout when the project hangs', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      vi.stubGlobal(
        'fetch',
        vi.fn(
          (_url: string, init: RequestInit) =>
            new Promise((_resolve, reject) => {
              init.signal?.addEventListener('abort', () => reject(new Error('aborted')));
            }),
        ),
      );
      gate();
      await vi.advanceTimersByTimeAsync(8000);
      expect(await screen.findByRole('alert')).toHaveTextContent('cannot reach Sanity');
    } finally {
      vi.useRealTimers();
    }
  });
});
