import type { ReactNode } from 'react';

/**
 * What a page section says instead of its content: while its data is on the way (a polite
 * status), when it could not be read (an alert), or when there is nothing to show.
 */

export function LoadingText({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="status-text">
      {children}
    </p>
  );
}

export function ErrorText({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="error-text">
      {children}
    </p>
  );
}

export function EmptyText({ children }: { children: ReactNode }) {
  return <p className="status-text">{children}</p>;
}
