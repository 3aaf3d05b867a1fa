import { readLimitedBody } from '@/lib/api/guarded-post';
import { recordChange } from '@/lib/audit/record';
import { guard } from '@/lib/auth/guard';
import { uploadPermission } from '@/lib/auth/permissions';
import { getDb } from '@/lib/db/client';
import { isFromOwnOrigin } from '@/lib/http/csrf';
import { getServerEnv } from '@/lib/env/server';
import { bodyLimitFor } from '@/lib/http/body-limits.mjs';
import { isUploadPurpose } from '@/lib/media/kinds';
import { storeUploadedMedia } from '@/lib/media/process';

/**
 * POST /admin/upload?purpose=poster: the file itself as the body (the console's upload field
 * sends it with XMLHttpRequest, which reports progress). Answers 201 with `{url, width, height}`
 * to put in the form, or an error with `{error}` in words. The form's save is what changes the
 * site; a file nobody saves stays unused.
 *
 * proxy.ts does not run here: it would cut bodies at 10 MB and videos may be 50 MB. So this
 * handler checks the origin itself, before the session and the role.
 */
export async function POST(request: Request): Promise<Response> {
  const refuse = (status: number, error: string) =>
    Response.json({ error }, { status, headers: { 'Cache-Control': 'private, no-store' } });
  if (!isFromOwnOrigin(request, { siteUrl: getServerEnv().NEXT_PUBLIC_SITE_URL })) {
    return refuse(403, 'This upload did not come from the console’s own pages.');
  }
  const url = new URL(request.url);
  const purpose = url.searchParams.get('purpose');
  const access = await guard(uploadPermission(purpose ?? ''), request);
  if (!access.ok) return refuse(access.status, access.message);
  if (!isUploadPurpose(purpose)) return refuse(400, 'Say what the file is for.');

  // The purpose's size limit, the one the server entry refuses a larger declared body by.
  const limit = bodyLimitFor(url.pathname, url.searchParams);
  const body = await readLimitedBody(request, limit.bytes);
  if (!body.ok) {
    return body.code === 'body_too_large'
      ? refuse(413, limit.message)
      : refuse(400, 'The upload was interrupted. Try again.');
  }
  try {
    const outcome = await storeUploadedMedia(body.bytes, purpose);
    if (!outcome.ok) return refuse(outcome.status, outcome.message);
    await recordChange(await getDb(), access.actor, {
      action: 'media.upload',
      recordType: 'media',
      recordId: outcome.url,
      summary: `Uploaded a ${purpose} file (${outcome.url})`,
    });
    return Response.json(
      { url: outcome.url, width: outcome.width ?? null, height: outcome.height ?? null },
      { status: 201, headers: { 'Cache-Control': 'private, no-store' } },
    );
  } catch (error) {
    console.error('Storing an upload failed:', error);
    return refuse(500, 'The file could not be stored. Try again in a moment.');
  }
}
