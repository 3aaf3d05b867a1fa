/**
 * The resume a job applicant attaches: PDF, DOC or DOCX, at most 5 MB. The browser checks it
 * before the application is sent; the server checks the file's content again on its side.
 */

export const RESUME_MAX_BYTES = 5 * 1024 * 1024;

const RESUME_TYPES = {
  pdf: ['application/pdf'],
  doc: ['application/msword'],
  docx: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
} as const satisfies Record<string, readonly string[]>;

type ResumeExtension = keyof typeof RESUME_TYPES;

/** The `accept` attribute of the file input: the file picker offers these first. */
export const RESUME_ACCEPT = [
  ...Object.keys(RESUME_TYPES).map((extension) => `.${extension}`),
  ...Object.values(RESUME_TYPES).flat(),
].join(',');

export const RESUME_HINT = 'PDF, DOC or DOCX, up to 5 MB.';
export const RESUME_WRONG_TYPE = 'Please choose your resume as a PDF, DOC or DOCX file.';
export const RESUME_TOO_LARGE = 'Your resume is larger than 5 MB. Please choose a smaller file.';
export const RESUME_EMPTY = 'This file is empty. Please choose your resume again.';

/**
 * Browsers that do not know a type report an empty string, and some report DOC and DOCX files
 * as generic binary data: for those the extension decides.
 */
const UNKNOWN_TYPES = new Set(['', 'application/octet-stream']);

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot + 1).toLowerCase();
}

function isResumeExtension(extension: string): extension is ResumeExtension {
  return Object.hasOwn(RESUME_TYPES, extension);
}

/**
 * Why a chosen file cannot be sent as a resume, or null when it can. The name must end in
 * .pdf, .doc or .docx, and a type the browser reports must belong to that extension.
 */
export function checkResumeFile(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  const extension = extensionOf(file.name.trim());
  if (!isResumeExtension(extension)) return RESUME_WRONG_TYPE;
  const type = file.type.toLowerCase();
  if (!UNKNOWN_TYPES.has(type) && !(RESUME_TYPES[extension] as readonly string[]).includes(type)) {
    return RESUME_WRONG_TYPE;
  }
  if (file.size === 0) return RESUME_EMPTY;
  if (file.size > RESUME_MAX_BYTES) return RESUME_TOO_LARGE;
  return null;
}
