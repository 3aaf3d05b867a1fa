import type { Metadata } from 'next';
import { PasswordLinkPage } from '../_password/PasswordLinkPage';

export const metadata: Metadata = { title: 'Welcome' };

export default async function Page({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  return <PasswordLinkPage purpose="invite" token={(await searchParams).token} />;
}
