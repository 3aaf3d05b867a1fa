'use server';

import { revalidatePath } from 'next/cache';
import { guard } from '@/lib/auth/guard';
import { getDb } from '@/lib/db/client';
import { type ImportPreview, importMembers, previewMembersImport } from '@/lib/memberships/import';

/**
 * The members' import (memberships.changeStatus: the coordinator and super admins, who give IDs
 * and set statuses). One action for both steps, each starting with the guard: 'preview' reads
 * the file (uploaded or pasted) and writes nothing; 'import' receives the file again with the
 * preview's SHA-256 and ready rows, and lib/memberships/import.ts checks it all again before it
 * writes. Nothing of the file is logged here.
 */

export type ImportState = {
  error?: string;
  done?: string;
  /** The file's text, sent back so the page can show it for fixing and send it to confirm. */
  text?: string;
  preview?: ImportPreview;
};

async function fileText(form: FormData): Promise<string> {
  const file = form.get('file');
  if (file instanceof File && file.size > 0) return file.text();
  const pasted = form.get('text');
  return typeof pasted === 'string' ? pasted : '';
}

export async function membersImportAction(
  _previous: ImportState,
  form: FormData,
): Promise<ImportState> {
  const access = await guard('memberships.changeStatus');
  if (!access.ok) return { error: access.message };
  const db = await getDb();

  if (form.get('intent') === 'import') {
    const text = String(form.get('text') ?? '');
    const readyLines = String(form.get('ready') ?? '')
      .split(',')
      .filter((line) => /^\d{1,7}$/.test(line))
      .map(Number);
    const result = await importMembers(
      db,
      { id: access.actor.id, name: access.actor.name },
      { text, sha256: String(form.get('sha256') ?? ''), readyLines },
    );
    if (!result.ok) {
      return {
        error: result.message,
        text,
        ...(result.preview ? { preview: result.preview } : {}),
      };
    }
    revalidatePath('/admin/members');
    return { done: result.message };
  }

  const text = await fileText(form);
  if (!text.trim()) return { error: 'Choose a CSV file, or paste its rows.' };
  const preview = await previewMembersImport(db, text);
  if (!preview.ok) return { error: preview.message, text };
  return { text, preview };
}
