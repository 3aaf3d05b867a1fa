import { crc32 } from 'node:zlib';

/**
 * Resume files for the tests, built byte by byte: a PDF, a Word 97-2003 compound file, a DOCX
 * (a real ZIP archive, stored entries, that `unzip` lists), and look-alikes that must be refused.
 * Shared by the unit tests and the end-to-end API spec.
 */

/** A small PDF, padded with a comment to `size` bytes when asked. */
export function pdfBytes(size = 0): Uint8Array {
  const head = '%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n';
  const tail = '%%EOF\n';
  const padding = Math.max(0, size - head.length - tail.length - 2);
  return new TextEncoder().encode(`${head}%${'x'.repeat(padding)}\n${tail}`);
}

/** A ZIP archive of stored (uncompressed) entries, as zip tools write it. */
export function zipArchive(files: Record<string, string | Uint8Array>): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(files)) {
    const data = Buffer.from(content);
    const nameBytes = Buffer.from(name, 'utf8');
    const checksum = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // names are UTF-8
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt32LE(checksum, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(0, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(checksum, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;

const RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;

/** A minimal Word document: content types, the package relationship and word/document.xml. */
export function docxBytes(text = 'Curriculum vitae'): Uint8Array {
  return zipArchive({
    '[Content_Types].xml': CONTENT_TYPES,
    '_rels/.rels': RELS,
    'word/document.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:body></w:document>`,
  });
}

/** A spreadsheet package: a valid Office ZIP, but no word/ parts. */
export function xlsxBytes(): Uint8Array {
  return zipArchive({
    '[Content_Types].xml': CONTENT_TYPES,
    '_rels/.rels': RELS,
    'xl/workbook.xml': '<workbook/>',
  });
}

/** An OLE2 compound file whose directory names `stream` (WordDocument for a .doc). */
export function compoundFile(stream = 'WordDocument'): Uint8Array {
  const bytes = new Uint8Array(1536);
  bytes.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], 0);
  const entry = (index: number, name: string) => {
    const start = 512 + index * 128;
    Array.from(name).forEach((char, position) => {
      bytes[start + position * 2] = char.charCodeAt(0);
    });
    bytes[start + 64] = (name.length + 1) * 2;
  };
  entry(0, 'Root Entry');
  entry(1, stream);
  entry(2, '1Table');
  return bytes;
}

export const docBytes = () => compoundFile('WordDocument');

/** The first bytes of a PNG image. */
export const pngBytes = () =>
  new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48]);
