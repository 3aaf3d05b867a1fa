/**
 * What a resume may be, judged by the file's content and never by its name or the type the
 * browser declares: a PDF, a Word 97-2003 document (DOC) or a Word document (DOCX). No server
 * code and no Node built-ins, so the database schema, the contract and the browser can share it.
 */

/** The largest resume accepted: 5 MB. */
export const MAX_RESUME_BYTES = 5 * 1024 * 1024;
export const RESUME_TOO_LARGE_MESSAGE = 'The resume file is too large: it must be at most 5 MB.';

export type ResumeKind = 'pdf' | 'doc' | 'docx';

export const RESUME_KINDS: Record<ResumeKind, { extension: string; contentType: string }> = {
  pdf: { extension: '.pdf', contentType: 'application/pdf' },
  doc: { extension: '.doc', contentType: 'application/msword' },
  docx: {
    extension: '.docx',
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
};

const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const OLE2_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP_LOCAL_HEADER = [0x50, 0x4b, 0x03, 0x04]; // PK\3\4
const ZIP_CENTRAL_HEADER = 0x02014b50;
const ZIP_END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const ZIP_EOCD_SIZE = 22;
const ZIP_MAX_COMMENT = 0xffff;

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return signature.every((byte, index) => bytes[index] === byte);
}

/** Where `needle` first occurs in `bytes`, or -1. */
function indexOf(bytes: Uint8Array, needle: Uint8Array, from = 0): number {
  const first = needle[0];
  const last = bytes.length - needle.length;
  outer: for (let index = bytes.indexOf(first!, from); index !== -1 && index <= last;) {
    for (let offset = 1; offset < needle.length; offset += 1) {
      if (bytes[index + offset] !== needle[offset]) {
        index = bytes.indexOf(first!, index + 1);
        continue outer;
      }
    }
    return index;
  }
  return -1;
}

/** "WordDocument" in UTF-16LE: the name of the main stream of every Word 97-2003 file. */
const WORD_DOCUMENT_STREAM = new Uint8Array(
  Array.from('WordDocument').flatMap((char) => [char.charCodeAt(0), 0]),
);

/**
 * The names in a ZIP archive's central directory, or null when the archive is malformed. Only
 * the central directory is trusted (it is what unzip tools read); entries are bounded by it.
 */
export function zipEntryNames(bytes: Uint8Array): string[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const lowest = Math.max(0, bytes.length - ZIP_EOCD_SIZE - ZIP_MAX_COMMENT);
  let end = -1;
  for (let index = bytes.length - ZIP_EOCD_SIZE; index >= lowest; index -= 1) {
    if (view.getUint32(index, true) === ZIP_END_OF_CENTRAL_DIRECTORY) {
      end = index;
      break;
    }
  }
  if (end === -1) return null;
  const entries = view.getUint16(end + 10, true);
  const size = view.getUint32(end + 12, true);
  const start = view.getUint32(end + 16, true);
  if (start + size > end) return null;

  const names: string[] = [];
  const decoder = new TextDecoder('utf-8');
  let position = start;
  for (let entry = 0; entry < entries; entry += 1) {
    if (position + 46 > end || view.getUint32(position, true) !== ZIP_CENTRAL_HEADER) return null;
    const nameLength = view.getUint16(position + 28, true);
    const extraLength = view.getUint16(position + 30, true);
    const commentLength = view.getUint16(position + 32, true);
    const next = position + 46 + nameLength + extraLength + commentLength;
    if (next > end) return null;
    names.push(decoder.decode(bytes.subarray(position + 46, position + 46 + nameLength)));
    position = next;
  }
  return names;
}

/**
 * The kind of resume `bytes` hold, or null when they are none of the three:
 * - PDF: starts with `%PDF-`;
 * - DOC: an OLE2 compound file (D0 CF 11 E0 A1 B1 1A E1) that holds a `WordDocument` stream, so
 *   an Excel or PowerPoint file of the same container is refused;
 * - DOCX: a ZIP archive (PK 03 04) whose central directory lists `[Content_Types].xml` and parts
 *   under `word/`, so an ordinary ZIP or another Office document is refused.
 */
export function detectResumeKind(bytes: Uint8Array): ResumeKind | null {
  if (startsWith(bytes, PDF_SIGNATURE)) return 'pdf';
  if (startsWith(bytes, OLE2_SIGNATURE)) {
    return indexOf(bytes, WORD_DOCUMENT_STREAM, OLE2_SIGNATURE.length) === -1 ? null : 'doc';
  }
  if (startsWith(bytes, ZIP_LOCAL_HEADER)) {
    const names = zipEntryNames(bytes);
    if (!names) return null;
    const isWord =
      names.includes('[Content_Types].xml') && names.some((name) => name.startsWith('word/'));
    return isWord ? 'docx' : null;
  }
  return null;
}
