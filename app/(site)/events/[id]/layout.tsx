import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { readEvent } from './event-data';

/**
 * Decides whether the event exists before anything streams: the page below shows a loading state
 * while it renders, and once streaming has begun an unknown id could no longer answer 404.
 */
export default async function EventLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ id: string }>;
}) {
  const { id } = await params;
  if ((await readEvent(id)).kind === 'missing') notFound();
  return children;
}
