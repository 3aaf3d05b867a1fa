import type { Metadata } from 'next';
import { PasswordLinkPage } from '../_password/PasswordLinkPage';

export const metadata: Metadata = { title: 'Reset your password' };

export default async function Page({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  return <PasswordLinkPage purpose="password" token={(await searchParams).token} />;
}
