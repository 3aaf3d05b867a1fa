import { findApplication } from '@/lib/admin/inbox';
import { recordChange } from '@/lib/audit/record';
import { guard, refusalResponse } from '@/lib/auth/guard';
import { getDb } from '@/lib/db/client';
import { detectResumeKind, RESUME_KINDS } from '@/lib/submissions/resume-type';
import { readUpload, safeResumeFileName } from '@/lib/submissions/uploads';

/**
 * GET /admin/inbox/resumes/<id>/resume: the applicant's resume as an attachment (never
 * shown inline), under a safe name with the extension of its detected type, for coordinators and
 * super admins. Each download is logged.
 */
export async function GET(
  request: Request,
  { params }: { params: Promise<{ id: string }> },
): Promise<Response> {
  const text = (status: number, body: string) =>
    new Response(body, {
      status,
      headers: {
        'Content-Type': 'text/plain; charset=utf-8',
        'Cache-Control': 'private, no-store',
      },
    });
  const access = await guard('resumes.download', request);
  if (!access.ok) return refusalResponse(access);
  const rawId = (await params).id;
  const id = /^\d{1,9}$/.test(rawId) ? Number(rawId) : null;
  const db = await getDb();
  const application = id === null ? null : await findApplication(db, id);
  if (!application) return text(404, 'There is no such application.');
  // Read whole through the site (at most 5 MB), from the uploads folder or the private bucket:
  // its type is checked before the first byte is sent, and no address of the file ever leaves.
  let bytes: Buffer | null = null;
  try {
    bytes = await readUpload(application.resumeStoredName);
    if (!bytes) console.error(`The resume of application ${application.id} is missing.`);
  } catch (error) {
    console.error(`The resume of application ${application.id} could not be read:`, error);
  }
  if (!bytes) {
    return text(404, 'The resume file is missing from the server. Ask the club’s technical lead.');
  }
  const kind = detectResumeKind(bytes);
  if (!kind) return text(409, 'The stored file is no longer a PDF, DOC or DOCX file.');
  const fileName = safeResumeFileName(application.id, application.resumeOriginalName, kind);
  const asciiName = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  await recordChange(db, access.actor, {
    action: 'resume.download',
    recordType: 'application',
    recordId: application.id,
    summary: `Downloaded the resume of application #${application.id}`,
  });
  return new Response(new Uint8Array(bytes), {
    headers: {
      'Content-Type': RESUME_KINDS[kind].contentType,
      'Content-Disposition': `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      'Content-Length': String(bytes.byteLength),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  });
}
