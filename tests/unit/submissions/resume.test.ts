import { describe, expect, it } from 'vitest';
import {
  RESUME_ACCEPT,
  RESUME_EMPTY,
  RESUME_MAX_BYTES,
  RESUME_TOO_LARGE,
  RESUME_WRONG_TYPE,
  checkResumeFile,
} from '@/lib/submissions/resume';

const PDF = 'application/pdf';
const DOC = 'application/msword';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const file = (name: string, type: string, size = 120_000) => ({ name, type, size });

describe('checkResumeFile', () => {
  it('accepts PDF, DOC and DOCX files with their types', () => {
    expect(checkResumeFile(file('resume.pdf', PDF))).toBeNull();
    expect(checkResumeFile(file('resume.doc', DOC))).toBeNull();
    expect(checkResumeFile(file('Mei Lin CV.DOCX', DOCX))).toBeNull();
  });

  it('lets the extension decide when the browser reports no type or generic binary data', () => {
    expect(checkResumeFile(file('resume.docx', ''))).toBeNull();
    expect(checkResumeFile(file('resume.doc', 'application/octet-stream'))).toBeNull();
    expect(checkResumeFile(file('resume.txt', ''))).toBe(RESUME_WRONG_TYPE);
  });

  it('refuses other extensions, names without one, and a type that does not match', () => {
    expect(checkResumeFile(file('resume.txt', 'text/plain'))).toBe(RESUME_WRONG_TYPE);
    expect(checkResumeFile(file('photo.png', 'image/png'))).toBe(RESUME_WRONG_TYPE);
    expect(checkResumeFile(file('resume', PDF))).toBe(RESUME_WRONG_TYPE);
    expect(checkResumeFile(file('resume.pdf.exe', PDF))).toBe(RESUME_WRONG_TYPE);
    expect(checkResumeFile(file('resume.pdf', 'text/html'))).toBe(RESUME_WRONG_TYPE);
    expect(checkResumeFile(file('resume.docx', PDF))).toBe(RESUME_WRONG_TYPE);
  });

  it('accepts exactly 5 MB and refuses one byte more', () => {
    expect(RESUME_MAX_BYTES).toBe(5 * 1024 * 1024);
    expect(checkResumeFile(file('resume.pdf', PDF, RESUME_MAX_BYTES))).toBeNull();
    expect(checkResumeFile(file('resume.pdf', PDF, RESUME_MAX_BYTES + 1))).toBe(RESUME_TOO_LARGE);
  });

  it('refuses an empty file', () => {
    expect(checkResumeFile(file('resume.pdf', PDF, 0))).toBe(RESUME_EMPTY);
  });

  it('says clearly what is accepted', () => {
    expect(RESUME_WRONG_TYPE).toMatch(/PDF, DOC or DOCX/);
    expect(RESUME_TOO_LARGE).toMatch(/5 MB/);
    expect(RESUME_ACCEPT.split(',')).toEqual(['.pdf', '.doc', '.docx', PDF, DOC, DOCX]);
  });
});
