import type { ReactNode } from 'react';

// The Studio's own root layout: no site navigation, footer or global styles around it.
export { metadata, viewport } from 'next-sanity/studio';

export default function StudioLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body style={{ margin: 0 }}>{children}</body>
    </html>
  );
}
