'use client';

import { CopyField } from '../_forms/CopyField';

/** A one-time link for the person it was made for, to copy and send. */
export function OneTimeLink({ label, link }: { label: string; link: string }) {
  return <CopyField label={label} value={link} copyLabel="Copy the link" />;
}
